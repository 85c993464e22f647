/**
 * Paying in a mini-program with the platform's own payment, using the parameters the server's
 * cashier issued: WeChat Pay's `wx.requestPayment` (Taro.requestPayment) on WeChat, Alipay's
 * `my.tradePay` (Taro.tradePay) on Alipay. What the platform says is mapped to one result; the
 * server learns the outcome from the platform's own notification, so the app follows the pay
 * state afterwards whatever the platform said, except when the user cancelled or paying failed.
 */
import Taro from '@tarojs/taro'
import type { PayDepositResponse, WechatPayParams } from '../../types/api/payment'

/**
 * How paying in the platform ended: paid; a result the platform does not know yet (it may have
 * been paid: the pay state says); the user cancelled; or it failed.
 */
export type NativePayResult = 'paid' | 'pending' | 'cancelled' | 'failed'

/** A payment the platform's own payment takes. */
export type NativePayment = { readonly method: 'wechat'; readonly params: WechatPayParams } | { readonly method: 'alipay'; readonly tradeNo: string }

export interface NativePayHost {
  /** wx.requestPayment: resolves once paid, rejects with `{ errMsg }` otherwise. */
  requestPayment(params: WechatPayParams): Promise<unknown>
  /** my.tradePay: resolves with its `resultCode` however paying ended; rejects when it could not run. */
  tradePay(tradeNo: string): Promise<unknown>
}

/** What Taro's alipay build exposes for my.tradePay (absent from other builds). */
type TradePay = (option: { tradeNO: string }) => Promise<unknown>

const TARO_HOST: NativePayHost = {
  requestPayment: (params) => Taro.requestPayment(params),
  tradePay: (tradeNo) => {
    const tradePay = (Taro as unknown as { tradePay?: TradePay }).tradePay
    return tradePay ? tradePay({ tradeNO: tradeNo }) : Promise.reject(new Error('my.tradePay is not available in this build'))
  },
}

/** WeChat's words when the user closed the payment sheet ("requestPayment:fail cancel"). */
const WECHAT_CANCEL = /^requestPayment:(fail )?cancel\b/

/** my.tradePay's result codes. */
export const ALIPAY_RESULT_CODE = {
  paid: '9000',
  /** Being processed: the result is not known yet. */
  processing: '8000',
  cancelled: '6001',
  /** The result is unknown (it may have been paid). */
  unknown: '6004',
} as const

const ALIPAY_RESULT: Readonly<Record<string, NativePayResult>> = {
  [ALIPAY_RESULT_CODE.paid]: 'paid',
  [ALIPAY_RESULT_CODE.processing]: 'pending',
  [ALIPAY_RESULT_CODE.unknown]: 'pending',
  [ALIPAY_RESULT_CODE.cancelled]: 'cancelled',
}

/** The result of a failed wx.requestPayment, from its `errMsg`. */
export function wechatFailureResult(failure: unknown): NativePayResult {
  const errMsg = (failure as { errMsg?: unknown } | undefined)?.errMsg
  return typeof errMsg === 'string' && WECHAT_CANCEL.test(errMsg) ? 'cancelled' : 'failed'
}

/** The result of my.tradePay, from its `resultCode` (on the answer, or in its `response` as Taro's types say). */
export function alipayResult(answer: unknown): NativePayResult {
  const value = answer as { resultCode?: unknown; response?: { resultCode?: unknown } } | undefined
  const code = value?.resultCode ?? value?.response?.resultCode
  return ALIPAY_RESULT[String(code)] ?? 'failed'
}

/** The platform payment a payDeposit answer asks for, if any (on H5 it names the cashier page instead). */
export function nativePaymentOf(response: PayDepositResponse): NativePayment | undefined {
  if (response.wechatPay) return { method: 'wechat', params: response.wechatPay }
  if (response.alipayTradeNo) return { method: 'alipay', tradeNo: response.alipayTradeNo }
  return undefined
}

/** Pays `payment` in the platform's own payment; never rejects. */
export async function payNatively(payment: NativePayment, host: NativePayHost = TARO_HOST): Promise<NativePayResult> {
  if (payment.method === 'wechat') {
    try {
      await host.requestPayment(payment.params)
      return 'paid'
    } catch (failure) {
      return wechatFailureResult(failure)
    }
  }
  try {
    return alipayResult(await host.tradePay(payment.tradeNo))
  } catch {
    return 'failed'
  }
}
