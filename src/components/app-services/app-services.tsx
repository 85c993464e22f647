/**
 * What pages and components use besides the stores: the navigator, the tracker, the API
 * functions the stores do not wrap, and the toasts, dialogs and calls (the UI service). The app root provides them once they have loaded
 * (src/app.tsx); tests provide their own. Until then only the page frame renders (PageShell).
 */
import { createContext, useContext, useEffect } from 'react'
import type { ReactNode } from 'react'
import type { Navigator } from '../../platform/navigator'
import type { UiService } from '../../platform/ui-service'
import type { PageApi } from '../../services/api/page-api'
import type { Tracker } from '../../services/tracking/tracker'

export interface PageServices {
  readonly navigator: Navigator
  readonly tracker: Tracker
  readonly api: PageApi
  readonly ui: UiService
}

const AppServicesContext = createContext<PageServices | undefined>(undefined)

/** `services` is undefined while the app's services are still loading (see src/app.tsx). */
export function AppServicesProvider({ services, children }: { services: PageServices | undefined; children?: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
}

export function useAppServices(): PageServices {
  const services = useContext(AppServicesContext)
  if (!services) throw new Error('useAppServices() needs an AppServicesProvider above it')
  return services
}

/** Toasts, dialogs and phone calls: pages and components never call Taro's own. */
export function useUi(): UiService {
  return useAppServices().ui
}

/** The services, or undefined while they are loading: for the page frame, which paints before them. */
export function useOptionalAppServices(): PageServices | undefined {
  return useContext(AppServicesContext)
}

/** Asks the app root to load its services; nothing to do where they are handed in (tests). */
const ServicesRequestContext = createContext<() => void>(() => undefined)

export const ServicesRequestProvider = ServicesRequestContext.Provider

/**
 * Asks for the services once the page has painted: on H5 after the next frame, so the first page
 * shows before their code is fetched; the mini-programs have it in their package already.
 */
export function useServicesAfterPaint(): void {
  const request = useContext(ServicesRequestContext)
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5') {
      request()
      return undefined
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(request, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [request])
}
