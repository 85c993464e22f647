/**
 * Paying an order and its outcome: the pay page (summary, reminders, the cashier) and the
 * payment result with what happens next. Pages and other features import from here only.
 */
export { PayResultScreen } from './pay-result/PayResultScreen'
export { PayScreen } from './pay/PayScreen'
