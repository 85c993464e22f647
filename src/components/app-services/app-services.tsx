/**
 * What pages and components use besides the stores: the navigator, the tracker and the API
 * functions the stores do not wrap. The app root provides them (src/app.tsx); tests provide
 * their own.
 */
import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { Navigator } from '../../platform/navigator'
import type { Api } from '../../services/api'
import type { Tracker } from '../../services/tracking/tracker'

export interface PageServices {
  readonly navigator: Navigator
  readonly tracker: Tracker
  readonly api: Api
}

const AppServicesContext = createContext<PageServices | undefined>(undefined)

export function AppServicesProvider({ services, children }: { services: PageServices; children?: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
}

export function useAppServices(): PageServices {
  const services = useContext(AppServicesContext)
  if (!services) throw new Error('useAppServices() needs an AppServicesProvider above it')
  return services
}
