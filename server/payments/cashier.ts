/**
 * The cashier: where a started payment is paid. It sends each pay method to one payment
 * provider and answers what the app needs to pay there:
 * - the simulated cashier (the default outside production): the page this server serves under
 *   /sim/cashier, addressed from PUBLIC_BASE_URL, never from the request's Host header, so a
 *   forged Host cannot send the user elsewhere, and simulated WeChat Pay and Alipay parameters
 *   whose notification is the simulator endpoint NATIVE_PAY_NOTIFY_PATH
 *   (server/simulators/native-pay.ts);
 * - the vendors' cashier (createVendorCashier): WeChat Pay and Alipay merchant accounts
 *   (server/payments/vendor.ts), each method to the account configured for it, their
 *   notifications at /pay/v1/notify/{vendor} (server/routes/pay-notifications.ts).
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { PayMethod, WechatPayParams } from '../../types/api/payment'
import { SIMULATOR_PATHS } from '../../types/api/paths'
import type { PayParams, PaymentVendor, TradeOrder, VendorName } from './vendor'

/** Where each payment provider posts its notifications (server/routes/pay-notifications.ts). */
export const PAY_NOTIFY_PATH = '/pay/v1/notify/:vendor'
export const payNotifyPath = (vendor: VendorName): string => PAY_NOTIFY_PATH.replace(':vendor', vendor)

/** Who holds a payment's trade (payments.provider). */
export type PaymentProvider = 'simulator' | VendorName
export const SIMULATOR_PROVIDER = 'simulator' satisfies PaymentProvider

/** A payment being started, as a cashier issues the platform's parameters for it. */
export interface IssuedPayment extends TradeOrder {
  readonly orderId: string
  /** The payment's one-time secret (the simulated cashier page's token). */
  readonly token: string
}

export interface Cashier {
  /** Set on the simulator only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** Who takes payments by `method`; undefined when this cashier does not offer it. */
  providerFor(method: PayMethod): PaymentProvider | undefined
  /** What the app needs to pay `payment` by `method` (a vendor's call: may reject with a VendorError). */
  start(method: PayMethod, payment: IssuedPayment): Promise<PayParams>
  /** The merchant account of `vendor`, for its notifications, queries, closes and refunds; undefined when not configured. */
  vendor(vendor: VendorName): PaymentVendor | undefined
}

export function cashierPath(paymentId: string, token: string): string {
  return `${SIMULATOR_PATHS.cashier.replace('{paymentId}', encodeURIComponent(paymentId))}?token=${encodeURIComponent(token)}`
}

/** The mini-program the simulated WeChat Pay parameters are signed for (placeholder until a real one is issued). */
export const PLACEHOLDER_WECHAT_MINI_APP_ID = 'PLACEHOLDER_WECHAT_MINI_APPID'
/** The prefix of WeChat Pay's `package` field. */
export const PREPAY_ID_PREFIX = 'prepay_id='
const SIGNING_KEY_LABEL = 'wechat-pay-sign'
const SIGNING_SECRET_BYTES = 32

/** The simulated merchant key paySign is made with: stable per server secret, never sent to the client. */
export function simulatedPaySignKey(secretHex: string): Buffer {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update(SIGNING_KEY_LABEL).digest()
}

/**
 * WeChat Pay signs `appId\ntimeStamp\nnonceStr\npackage\n` (RSA with the merchant's key); the
 * simulator signs the same message with an HMAC-SHA256 of its derived key (base64).
 */
export function simulatedPaySign(key: Buffer, params: Omit<WechatPayParams, 'paySign' | 'signType'>): string {
  const message = `${PLACEHOLDER_WECHAT_MINI_APP_ID}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`
  return createHmac('sha256', key).update(message).digest('base64')
}

export interface SimulatedCashierOptions {
  /**
   * The secret the paySign key derives from (hex); a fresh random one per cashier when absent (the
   * server's case: no key the app bundles). Tests pass one so their stand-in platform can check
   * the signature.
   */
  readonly signingSecretHex?: string
}

/**
 * The simulated cashier page on this server, reached at `publicBaseUrl()` (read per payment: with
 * PORT=0 the default address is known only once the server listens), and the simulated WeChat
 * Pay and Alipay parameters: the payment id is the prepay id and the trade number.
 */
export function createSimulatedCashier(publicBaseUrl: () => string, options: SimulatedCashierOptions = {}): Cashier {
  const key = simulatedPaySignKey(options.signingSecretHex ?? randomBytes(SIGNING_SECRET_BYTES).toString('hex'))
  return {
    simulated: true,
    providerFor: () => SIMULATOR_PROVIDER,
    async start(method, { paymentId, token, issuedAt, nonce }) {
      switch (method) {
        case 'h5':
          return { cashierUrl: `${publicBaseUrl()}${cashierPath(paymentId, token)}` }
        case 'wechat': {
          const fields = { timeStamp: String(Math.floor(issuedAt.getTime() / 1000)), nonceStr: nonce, package: `${PREPAY_ID_PREFIX}${paymentId}` }
          return { wechatPay: { ...fields, signType: 'RSA', paySign: simulatedPaySign(key, fields) } }
        }
        case 'alipay':
          return { alipayTradeNo: paymentId }
      }
    },
    vendor: () => undefined,
  }
}

/** The vendors' accounts and which one takes the browser's (h5) payments. */
export interface VendorCashierOptions {
  readonly wechat?: PaymentVendor
  readonly alipay?: PaymentVendor
  /** The account of H5 payments in a browser (WeChat's H5 pay or Alipay's wap pay); none: h5 is not offered. */
  readonly h5?: VendorName
  /** Where a provider's page sends the browser back after paying an order: the app's pay result page. */
  readonly returnUrl?: (orderId: string) => string
}

/** The real cashier: each method to the merchant account configured for it. */
export function createVendorCashier(options: VendorCashierOptions): Cashier {
  const vendor = (name: VendorName): PaymentVendor | undefined => options[name]
  const providerFor = (method: PayMethod): VendorName | undefined => {
    const name = method === 'h5' ? options.h5 : method
    return name !== undefined && vendor(name)?.methods.includes(method) ? name : undefined
  }
  return {
    providerFor,
    async start(method, payment) {
      const name = providerFor(method)
      const account = name === undefined ? undefined : vendor(name)
      if (!account) throw new Error(`No payment provider takes ${method}`)
      const { orderId, token: _token, ...trade } = payment
      return account.start(method, options.returnUrl ? { ...trade, returnUrl: options.returnUrl(orderId) } : trade)
    },
    vendor,
  }
}
