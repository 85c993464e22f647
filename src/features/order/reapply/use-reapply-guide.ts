import type { OrderDetail } from '../../../../types/api/orders'
import { requestMessageOr, useAction } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import { REAPPLY_TYPE } from '../../../domain/order'
import { ignoreRefusedJump } from '../../../platform/navigator'
import { MESSAGES } from '../../../services/request/errors'
import { useStores } from '../../../stores/store-context'

/**
 * Opens the guide for an order's plate with the type the reapply check gives now (the plate check
 * and the domain's rule, as the plate page decides): pay or cancel, or cancel and apply again.
 * With nothing to handle the guide would only say so: the order is continued instead, as the
 * plate page resumes it (its form, after the agreements when this device has not accepted them).
 * A failed check is said by a toast and nothing opens.
 */
export function useReapplyGuide(): { openGuide: (order: OrderDetail) => Promise<void>; busy: boolean } {
  const { apply } = useStores()
  const { navigator } = useAppServices()
  const { run, busy } = useAction(
    async (order: OrderDetail) => {
      const reapplyType = await apply.reapplyTypeOf(order)
      if (reapplyType === REAPPLY_TYPE.NONE) {
        apply.resumeOrder(order)
        await navigator.open(apply.agreementsAcceptedAt ? 'upinfo' : 'agree').catch(ignoreRefusedJump)
        return
      }
      await navigator.open('guideReapply', { orderId: order.orderId, reapplyType }).catch(ignoreRefusedJump)
    },
    { report: 'toast', message: requestMessageOr(MESSAGES.unknown) },
  )
  return { openGuide: run, busy }
}
