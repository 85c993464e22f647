import type { ApplyStepName } from '../../../domain/apply-form'
import { ORDER_SOURCE } from '../../../domain/enums'
import { code } from '../../../domain/order'
import type { OrderSummary } from '../../../../types/api/orders'
import type { RouteName } from '../../../config/routes'
import type { PageQuery } from '../../../platform/navigator'

export interface PageTarget {
  route: RouteName
  query?: PageQuery
}

/** An order's detail page: the province flow's orders have their own (orderJh). */
export function orderDetailTarget(order: Pick<OrderSummary, 'orderId' | 'orderSource'>): PageTarget {
  return { route: code(order.orderSource) === ORDER_SOURCE.PROVINCE ? 'orderJh' : 'order', query: { orderId: order.orderId } }
}

/**
 * Where "continue applying" takes an order's next step: the form and photos (after the agreements,
 * when this device has not accepted them), the package choice and its submission, or payment. An
 * order with nothing missing opens its detail.
 */
export function continueTarget(step: ApplyStepName, orderId: string, agreementsAccepted: boolean): PageTarget {
  switch (step) {
    case 'information':
    case 'photos':
      return { route: agreementsAccepted ? 'upinfo' : 'agree' }
    case 'package':
    case 'submit':
      return { route: 'selectLand' }
    case 'payment':
      return { route: 'pay', query: { orderId } }
    case 'done':
      return { route: 'order', query: { orderId } }
  }
}
