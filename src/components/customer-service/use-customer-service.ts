import { HOTLINE } from '../../domain/constants'
import { MESSAGES } from '../../services/request/errors'
import { useStores } from '../../stores/store-context'
import { ownMessageOr, useAction } from '../action/use-action'
import { useAppServices } from '../app-services/app-services'

export interface CustomerServiceAction {
  /** Reaches customer service; a tap while it is being reached is ignored. */
  contact(): Promise<void>
  busy: boolean
  /** What the action does (the promotion's hall, or the hotline it calls): its text and its name. */
  label: string
}

/**
 * Customer service, the one way every page reaches it: the promotion's customer-service hall when
 * its channel info has a link, otherwise a call to the hotline. The channel info is asked for on
 * the first tap of a logged-in user (a guest calls the hotline without being sent to log in).
 */
export function useCustomerService(): CustomerServiceAction {
  const { promotion, user } = useStores()
  const { navigator } = useAppServices()
  const { run, busy } = useAction(
    async () => {
      if (!promotion.info && promotion.load.status !== 'loading' && user.isLoggedIn()) await promotion.fetchInfo()
      // The user cancelled the call sheet or left the hall page, or another navigation is under
      // way: nothing to undo, nothing to report.
      await navigator.customerService(promotion.info).catch(() => undefined)
    },
    // The channel info keeps its own failure (the request layer toasts it): nothing else throws.
    { report: 'toast', message: ownMessageOr(MESSAGES.unknown) },
  )
  const hasHall = Boolean(promotion.info?.call_link)
  return { contact: run, busy, label: hasHall ? '联系在线客服' : `拨打客服电话 ${HOTLINE}` }
}
