/**
 * A payment platform's merchant account as the server uses it. WeChat Pay (API v3,
 * server/payments/wechat-pay.ts) and Alipay (open platform, server/payments/alipay.ts) implement
 * PaymentVendor through the vendor's own SDK; the cashier (server/payments/cashier.ts) sends each
 * pay method to one of them, and the simulator stands in for both outside production.
 *
 * - Money is integer fen (cents) everywhere here; a vendor's yuan strings ("12.34") are converted
 *   at the adapter's edge, exactly (never through floating point).
 * - Our payment id is the vendor's merchant trade number (out_trade_no): starting the same payment
 *   again names the same trade, so a retry after a timeout never opens a second one.
 * - Every answer of the vendor is signature-checked by the adapter; an answer that fails the check
 *   is a VendorError, never a result.
 */
import type { PayMethod, WechatPayParams } from '../../types/api/payment'

export const VENDOR_NAMES = ['wechat', 'alipay'] as const
export type VendorName = (typeof VENDOR_NAMES)[number]

export function isVendorName(name: string): name is VendorName {
  return (VENDOR_NAMES as readonly string[]).includes(name)
}

/** Who pays, as far as a vendor needs it. */
export interface Payer {
  /** The payer's openid under the WeChat mini-program's app id (the WeChat login): JSAPI needs it. */
  readonly wechatOpenId?: string
  /** The payer's Alipay user id or open_id (the Alipay login): alipay.trade.create needs it (buyer_id or buyer_open_id). */
  readonly alipayUserId?: string
  /** The payer's client address: WeChat H5's scene_info.payer_client_ip. */
  readonly clientIp: string
}

/** A payment to open at the vendor. */
export interface TradeOrder {
  /** Our payment id: the vendor's out_trade_no (letters and digits, at most 32 characters). */
  readonly paymentId: string
  readonly amountCents: number
  /** What the payer's bill shows, e.g. "ETC申办 粤B12345" (at most 127 characters). */
  readonly description: string
  /** After this the vendor refuses to take the payment (WeChat time_expire, Alipay time_expire). */
  readonly expiresAt: Date
  readonly payer: Payer
  /** When the parameters are issued (WeChat's paySign timeStamp, in seconds). */
  readonly issuedAt: Date
  /** 32 hex characters from the server's random source (WeChat's paySign nonceStr). */
  readonly nonce: string
  /** Where the provider's page sends the browser back after paying (h5); the account's default when absent. */
  readonly returnUrl?: string
}

/** What the app needs to pay with one method. */
export type PayParams =
  /** h5: the address the browser opens (WeChat's h5_url, Alipay's wap pay address, the simulated cashier). */
  | { readonly cashierUrl: string }
  /** wechat: what `wx.requestPayment` takes (paySign by the merchant's key over the prepay id). */
  | { readonly wechatPay: WechatPayParams }
  /** alipay: the trade number `my.tradePay` takes. */
  | { readonly alipayTradeNo: string }

/** The vendor's view of a trade (query). */
export type VendorTrade =
  /** Money was taken (also a trade refunded since: it was paid). */
  | { readonly state: 'paid'; readonly amountCents: number; readonly vendorTradeNo: string }
  /** Open and not paid (WeChat NOTPAY/USERPAYING, Alipay WAIT_BUYER_PAY). */
  | { readonly state: 'unpaid' }
  /** Closed or failed without payment (WeChat CLOSED/PAYERROR/REVOKED, Alipay TRADE_CLOSED unpaid). */
  | { readonly state: 'closed' }
  /** The vendor has no such trade (WeChat ORDER_NOT_EXIST, Alipay ACQ.TRADE_NOT_EXIST). */
  | { readonly state: 'absent' }

/** What closing a trade came to: it can no longer be paid, or it had been paid already (refund it). */
export type CloseOutcome = 'closed' | 'paid'

/** A full refund of one paid payment. */
export interface RefundOrder {
  /** Our refund id: the vendor's out_refund_no (one per payment; asking again is the same refund). */
  readonly refundId: string
  readonly paymentId: string
  readonly amountCents: number
  /** What the payment took in all (WeChat's amount.total). */
  readonly totalCents: number
  /** Shown to the payer by some vendors, e.g. "订单已取消". */
  readonly reason: string
}

/** Accepted by the vendor: the money is back already, or on its way (a notification or a later query says). */
export type RefundOutcome = 'succeeded' | 'processing'

/** A notification once its signature has been verified (and, for WeChat, its resource decrypted). */
export type VerifiedNotification =
  /** A trade was paid (WeChat TRANSACTION.SUCCESS; Alipay TRADE_SUCCESS or TRADE_FINISHED). */
  | { readonly kind: 'payment'; readonly paymentId: string; readonly amountCents: number; readonly vendorTradeNo: string }
  /** A refund ended (WeChat REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). */
  | { readonly kind: 'refund'; readonly refundId: string; readonly paymentId: string; readonly outcome: 'succeeded' | 'failed' }
  /** Genuine, but nothing to act on (e.g. Alipay WAIT_BUYER_PAY or TRADE_CLOSED): acknowledged. */
  | { readonly kind: 'ignored' }

/** A notification's HTTP request as the vendor sent it: header names in lower case, the body's exact text. */
export interface NotificationRequest {
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly rawBody: string
}

/** What the vendor expects back (WeChat: 200 or a FAIL JSON it retries; Alipay: the text "success" or anything else). */
export interface NotificationAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

export interface PaymentVendor {
  readonly name: VendorName
  /** The pay methods this account serves: WeChat 'wechat' (JSAPI) and 'h5' (H5 pay); Alipay 'alipay' (trade.create) and 'h5' (wap pay). */
  readonly methods: readonly PayMethod[]
  /** Opens the trade (the same paymentId again: the same trade) and answers the app's parameters. */
  start(method: PayMethod, trade: TradeOrder): Promise<PayParams>
  query(paymentId: string): Promise<VendorTrade>
  /** Stops an abandoned trade from being paid; closing one that is closed or absent is 'closed'. */
  close(paymentId: string): Promise<CloseOutcome>
  refund(refund: RefundOrder): Promise<RefundOutcome>
  /** Verifies and reads a notification; undefined when its signature fails or it cannot be read (never throws for those). */
  readNotification(request: NotificationRequest): Promise<VerifiedNotification | undefined>
  /** The answer to a notification: accepted (handled now or before), or refused so the vendor sends it again. */
  answer(accepted: boolean): NotificationAnswer
}

/**
 * A vendor call that did not succeed: the vendor's documented error code (e.g. WeChat
 * SYSTEM_ERROR, Alipay ACQ.SYSTEM_ERROR), 'TIMEOUT' when no answer came in time, 'BAD_SIGNATURE'
 * when the answer's signature failed. `retryable`: the same call may succeed later (timeouts,
 * the vendor's system errors, frequency limits), so the caller keeps the work for another try.
 */
export class VendorError extends Error {
  override readonly name = 'VendorError'

  constructor(
    readonly vendor: VendorName,
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}
