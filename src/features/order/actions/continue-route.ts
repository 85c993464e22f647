import type { ApplyStepName } from '../../../domain/apply-form'
import type { RouteName } from '../../../config/routes'
import type { PageQuery } from '../../../platform/navigator'

export interface PageTarget {
  route: RouteName
  query?: PageQuery
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
