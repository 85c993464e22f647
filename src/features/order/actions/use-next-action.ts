import type { OrderDetail, OrderSummary } from '../../../../types/api/orders'
import { useAppServices } from '../../../components/app-services/app-services'
import type { NextAction } from '../../../domain/order-journey'
import { navigateFromTap } from '../../../platform/navigator'
import { useReapplyGuide } from '../reapply/use-reapply-guide'
import { nextActionTarget } from './continue-route'
import { useContinueApplying } from './use-continue-applying'

export interface NextActionRunner {
  /** The order whose action is opening (a continuation loads the order first). */
  busyOrder: string | undefined
  run(action: Exclude<NextAction, 'none'>, order: OrderSummary | OrderDetail): void
}

/**
 * Does an order's next action from the journey table as the order pages do it: a draft continues
 * where it stopped, a failed order opens its guide with the reapply check's type, every other
 * action opens its page.
 */
export function useNextAction(): NextActionRunner {
  const { navigator } = useAppServices()
  const { continuing, continueOrder } = useContinueApplying()
  const guide = useReapplyGuide()
  const detail = (order: OrderSummary | OrderDetail): OrderDetail | undefined => ('completeness' in order ? order : undefined)
  return {
    busyOrder: continuing,
    run(action, order) {
      switch (action) {
        case 'continue':
          void continueOrder(order.orderId, detail(order))
          return
        case 'reapply':
          void guide.openGuide(order)
          return
        case 'apply':
          navigateFromTap(navigator.relaunch('plateEntry'))
          return
        default: {
          const target = nextActionTarget(action, order)
          navigateFromTap(navigator.open(target.route, target.query))
        }
      }
    },
  }
}
