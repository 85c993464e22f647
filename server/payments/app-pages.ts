/**
 * The app's pages a payment leads back to (hash routes of the H5 app): where a cashier returns
 * the browser after paying, and where cancelling a payment leads. The real cashier's return
 * address (configured-cashier.ts) and the simulated cashier's pages both use them, so they live
 * with the payments (issue 30) rather than with the simulators.
 */

/** Where the cashier returns to: the app's pay result page (hash route). */
export function payResultPath(orderId: string): string {
  return `/#/apply/payResult?orderId=${encodeURIComponent(orderId)}`
}

/** Where 取消支付 leads: the app's pay page of the order, which can start the payment again. */
export function payPagePath(orderId: string): string {
  return `/#/apply/pay?orderId=${encodeURIComponent(orderId)}`
}
