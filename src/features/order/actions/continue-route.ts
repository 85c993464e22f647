import type { ApplyStepName } from '../../../domain/apply-form'
import { ORDER_SOURCE } from '../../../domain/enums'
import { code } from '../../../domain/order'
import type { NextAction } from '../../../domain/order-journey'
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

/** The next actions of the journey table (src/domain/order-journey.ts) that open one of the order's pages. */
export type OrderPageAction = Extract<NextAction, 'pay' | 'repay' | 'track' | 'activate'>

/**
 * Where such an action leads. The others are not an order's page: a continuation opens the
 * draft's first missing step (continueTarget), the guide opens with the type its own check gives
 * (useReapplyGuide), and a new application starts over on the plate page.
 */
export function nextActionTarget(action: OrderPageAction, order: Pick<OrderSummary, 'orderId' | 'orderSource'>): PageTarget {
  switch (action) {
    case 'pay':
    case 'repay':
      return { route: 'pay', query: { orderId: order.orderId } }
    case 'track':
      return orderDetailTarget(order)
    case 'activate':
      return { route: 'longPayGuide' }
  }
}
