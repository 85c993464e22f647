/**
 * The user's orders and after-sales: the list (and the link from outside that leads to it), an
 * order's detail (or an outlet's offline order carried on online), cancelling, and the guide for
 * a plate's historical order. Pages and other features import from here only; the timeline is
 * also the payment result's, the status tag the entry page's (its order under way).
 */
export { OrderCancelScreen } from './cancel/OrderCancelScreen'
export { OrderDetailScreen } from './detail/OrderDetailScreen'
export { OrderJhScreen } from './detail/OrderJhScreen'
export { OrderListScreen } from './list/OrderListScreen'
export { RedirectToOrderList } from './list/RedirectToOrderList'
export { GuideReapplyScreen } from './reapply/GuideReapplyScreen'
export { OrderTimeline } from './timeline/OrderTimeline'
export { continueTarget, nextActionTarget } from './actions/continue-route'
export { useNextAction } from './actions/use-next-action'
export { StatusTag } from './parts/StatusTag'
