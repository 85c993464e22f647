import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { ignoreRefusedJump } from '../../../platform/navigator'
import { MESSAGES } from '../../../services/request/errors'
import type { ReapplyOrder } from '../../../stores/plate-decision'
import { useStores } from '../../../stores/store-context'

/**
 * Opens the guide for a failed order with the type the reapply check gives now (the plate check
 * and the domain's rule, as the plate page decides): pay or cancel, or cancel and apply again. A
 * failed check is said by a toast and nothing opens.
 */
export function useReapplyGuide(): { openGuide: (order: ReapplyOrder & { orderId: string }) => Promise<void>; busy: boolean } {
  const { plateStep } = useStores()
  const { navigator } = useAppServices()
  const { run, busy } = useAction(
    async (order: ReapplyOrder & { orderId: string }) => {
      const reapplyType = await plateStep.reapplyTypeOf(order)
      await navigator.open('guideReapply', { orderId: order.orderId, reapplyType }).catch(ignoreRefusedJump)
    },
    { report: 'toast', message: requestMessageOr(MESSAGES.unknown) },
  )
  return { openGuide: run, busy }
}
