/** Payment of the deposit or fee through the (simulated) cashier. */
import type { OrderVoucher } from './apply'

/**
 * How the app pays: the web cashier page (H5), WeChat Pay's `wx.requestPayment` (the WeChat
 * mini-program) or Alipay's `my.tradePay` (the Alipay mini-program).
 */
export const PAY_METHODS = ['h5', 'wechat', 'alipay'] as const
export type PayMethod = (typeof PAY_METHODS)[number]
/** A voucher never brings the amount to pay below one cent: a payment of nothing is not a payment. */
export const MIN_PAY_CENTS = 1

/** What a request without `payMethod` (an older client) pays with. */
export const DEFAULT_PAY_METHOD: PayMethod = 'h5'

/** The fields `wx.requestPayment` takes (WeChat Pay, signType RSA). */
export interface WechatPayParams {
  /** Seconds since the epoch, as a string. */
  timeStamp: string
  nonceStr: string
  /** `prepay_id=…` */
  package: string
  signType: 'RSA'
  paySign: string
}

/** POST payH5OderDeposit. */
export interface PayDepositRequest {
  orderId: string
  promotionChannelId: string
  /** DEFAULT_PAY_METHOD when absent. */
  payMethod?: PayMethod
}
export interface PayDepositResponse {
  orderId: string
  /**
   * PAY_STATE after the call: 3 paying (pay as the method says), 5 already paid, 1 nothing to
   * pay.
   */
  depositPayState: number
  /** h5: the cashier page to open; absent when there is nothing to pay. */
  cashierUrl?: string
  /** wechat: what `wx.requestPayment` takes; absent when there is nothing to pay. */
  wechatPay?: WechatPayParams
  /** alipay: the trade number `my.tradePay` takes (its `tradeNO`); absent when there is nothing to pay. */
  alipayTradeNo?: string
}

/** POST depositH5PayState (an OrderRef). */
export interface PayStateResponse {
  orderId: string
  depositPayState: number
}

/** GET /pay/v1/pay/getOrderInfo/{orderId}. */
export interface PayOrderInfo {
  orderId: string
  /** What the person pays: the package's price less the voucher's discount (never below MIN_PAY_CENTS). */
  amountCents: number
  /** The package's price before any voucher. */
  priceCents: number
  /** The write-off code claimed for the order, or null. */
  voucher: OrderVoucher | null
  /** BUSINESS_MODE: deposit 0, fee 1. */
  businessMode: number
  depositPayState: number
  paidAt: string | null
  /** The order's promotion, which its payment names (not the visit's, which may have changed since). */
  promotionChannelId: string
}
