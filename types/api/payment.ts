/** Payment of the deposit or fee through the (simulated) cashier. */

/** POST payH5OderDeposit. */
export interface PayDepositRequest {
  orderId: string
  promotionChannelId: string
}
export interface PayDepositResponse {
  orderId: string
  /** PAY_STATE after the call: 3 paying (go to cashierUrl), 5 already paid, 1 nothing to pay. */
  depositPayState: number
  /** The cashier page to open; absent when there is nothing to pay. */
  cashierUrl?: string
}

/** POST depositH5PayState (an OrderRef). */
export interface PayStateResponse {
  orderId: string
  depositPayState: number
}

/** GET /pay/v1/pay/getOrderInfo/{orderId}. */
export interface PayOrderInfo {
  orderId: string
  amountCents: number
  /** BUSINESS_MODE: deposit 0, fee 1. */
  businessMode: number
  depositPayState: number
  paidAt: string | null
  /** The order's promotion, which its payment names (not the visit's, which may have changed since). */
  promotionChannelId: string
}
