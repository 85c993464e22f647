/**
 * The cashier: where the user pays a started payment. A real payment service implements Cashier
 * (its checkout address for the payment, the platforms' payment parameters, and its notification
 * settling it); the simulated one (the default outside production) is the page this server serves
 * under /sim/cashier, addressed from PUBLIC_BASE_URL, never from the request's Host header, so a
 * forged Host cannot send the user elsewhere, and simulated WeChat Pay and Alipay parameters whose
 * notification is the simulator endpoint NATIVE_PAY_NOTIFY_PATH (server/simulators/native-pay.ts).
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { WechatPayParams } from '../../types/api/payment'
import { SIMULATOR_PATHS } from '../../types/api/paths'

/** A payment being started, as a cashier issues the platform's parameters for it. */
export interface IssuedPayment {
  readonly paymentId: string
  /** The payment's one-time secret (the cashier page's token). */
  readonly token: string
  readonly amountCents: number
  /** When it is issued (the server's clock). */
  readonly issuedAt: Date
  /** A fresh random string for the parameters that need one (hex, 32 characters). */
  readonly nonce: string
}

export interface Cashier {
  /** Set on the simulator only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The address the app opens to pay; `token` is the payment's one-time secret. */
  checkoutUrl(paymentId: string, token: string): string
  /** What `wx.requestPayment` takes; absent on a cashier that does not offer WeChat Pay. */
  wechatPay?(payment: IssuedPayment): WechatPayParams
  /** The trade number `my.tradePay` takes; absent on a cashier that does not offer Alipay. */
  alipayTradeNo?(payment: IssuedPayment): string
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
    checkoutUrl: (paymentId, token) => `${publicBaseUrl()}${cashierPath(paymentId, token)}`,
    wechatPay: ({ paymentId, issuedAt, nonce }) => {
      const fields = { timeStamp: String(Math.floor(issuedAt.getTime() / 1000)), nonceStr: nonce, package: `${PREPAY_ID_PREFIX}${paymentId}` }
      return { ...fields, signType: 'RSA', paySign: simulatedPaySign(key, fields) }
    },
    alipayTradeNo: ({ paymentId }) => paymentId,
  }
}
