import { useMemo, useRef } from 'react'
import type { RouteName } from '../../config/routes'
import { ignoreRefusedJump } from '../../platform/navigator'
import type { PageQuery } from '../../platform/navigator'
import { useStores } from '../../stores/store-context'
import { useAppServices } from '../app-services/app-services'
import { trackedPage } from '../page-shell/use-page-tracking'

export interface EntryActions {
  /** Tracks a click on `target` of this page. */
  track(target: string, extra?: Record<string, string | number | boolean>): void
  open(route: RouteName, query?: PageQuery): Promise<void>
  replace(route: RouteName, query?: PageQuery): Promise<void>
  /** The promotion's customer-service hall, or a call to the hotline. */
  customerService(): Promise<void>
}

/** A navigation refused by the double-jump lock leaves the user where they were: nothing to report. */
const settle = (navigation: Promise<unknown>): Promise<void> => navigation.then(() => undefined, ignoreRefusedJump)

/** A call the user cancelled (the dialler, the hall page) is no failure either. */
const settleService = (service: Promise<unknown>): Promise<void> =>
  service.then(
    () => undefined,
    () => undefined,
  )

/** What the entry pages do besides their own work: tracked navigation and customer service. */
export function useEntryActions(page: RouteName): EntryActions {
  const { navigator, tracker } = useAppServices()
  const store = useStores()
  // A second tap while customer service is being reached shares the first one.
  const reachingService = useRef<Promise<void>>()
  return useMemo<EntryActions>(
    () => ({
      track: (target, extra) => tracker.click(trackedPage(page), target, extra),
      open: (route, query) => settle(navigator.open(route, query)),
      replace: (route, query) => settle(navigator.replace(route, query)),
      customerService() {
        const reach = async () => {
          const { promotion, user } = store
          // The hall link comes with the promotion's info, which needs a login: fetched only for a
          // user already logged in (anyone else gets the hotline rather than a login page).
          if (!promotion.info && user.isLoggedIn()) await promotion.fetchInfo()
          await settleService(navigator.customerService(promotion.info))
        }
        reachingService.current ??= reach().finally(() => {
          reachingService.current = undefined
        })
        return reachingService.current
      },
    }),
    [navigator, tracker, store, page],
  )
}
