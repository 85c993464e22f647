import { useMemo } from 'react'
import type { RouteName } from '../../../config/routes'
import { ignoreRefusedJump } from '../../../platform/navigator'
import type { PageQuery } from '../../../platform/navigator'
import { useAppServices } from '../../../components/app-services/app-services'
import { useCustomerService } from '../../../components/customer-service/use-customer-service'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'

export interface EntryActions {
  /** Tracks a click on `target` of this page. */
  track(target: string, extra?: Record<string, string | number | boolean>): void
  /** Tracks a click on `target`, then does what it asks. */
  tracked(target: string, run: () => Promise<void>): Promise<void>
  open(route: RouteName, query?: PageQuery): Promise<void>
  replace(route: RouteName, query?: PageQuery): Promise<void>
  /** From the login page: back to the page that asked for it, or to `route` (Navigator.leaveLogin). */
  leaveLogin(route: RouteName, query?: PageQuery): Promise<void>
  /** The promotion's customer-service hall, or a call to the hotline (see useCustomerService). */
  customerService(): Promise<void>
}

/** A navigation refused by the double-jump lock leaves the user where they were: nothing to report. */
const settle = (navigation: Promise<unknown>): Promise<void> => navigation.then(() => undefined, ignoreRefusedJump)

/** What the entry pages do besides their own work: tracked navigation and customer service. */
export function useEntryActions(page: RouteName): EntryActions {
  const { navigator, tracker } = useAppServices()
  const { contact } = useCustomerService()
  return useMemo<EntryActions>(
    () => ({
      track: (target, extra) => tracker.click(trackedPage(page), target, extra),
      tracked: (target, run) => {
        tracker.click(trackedPage(page), target)
        return run()
      },
      open: (route, query) => settle(navigator.open(route, query)),
      replace: (route, query) => settle(navigator.replace(route, query)),
      leaveLogin: (route, query) => settle(navigator.leaveLogin(route, query)),
      customerService: contact,
    }),
    [navigator, tracker, contact, page],
  )
}
