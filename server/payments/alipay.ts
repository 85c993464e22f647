/**
 * Alipay (open platform, v2 gateway) as a PaymentVendor, through Alipay's own SDK (alipay-sdk):
 * the mini-program's `my.tradePay` takes a trade number from alipay.trade.create, a browser pays
 * on the wap cashier (alipay.trade.wap.pay, an address signed here), and the trade is queried,
 * closed and refunded by our payment id (out_trade_no) and refund id (out_request_no).
 *
 * Every gateway answer is signature-checked (validateSign: without it the SDK takes any answer),
 * and every SDK failure leaves as a VendorError. The SDK reports a business failure as an answer
 * (code other than 10000), not by throwing; those map to Alipay's sub_code.
 */
import { AlipayRequestError } from 'alipay-sdk'
import type { PayMethod } from '../../types/api/payment'
import { chinaDateTime } from '../../src/domain/china-time'
import { centsOfYuan, formatYuan } from '../../src/domain/money'
import { alipaySdkOf } from '../alipay/alipay-sdk'
import type { AlipayAppSettings } from '../alipay/alipay-sdk'
import { VendorError } from './vendor'
import type {
  CloseOutcome,
  NotificationAnswer,
  NotificationRequest,
  PaymentVendor,
  PayParams,
  RefundOrder,
  RefundOutcome,
  TradeOrder,
  VendorTrade,
  VerifiedNotification,
} from './vendor'

export interface AlipaySettings extends AlipayAppSettings {
  /** Where Alipay posts the trade's notifications (notify_url). */
  readonly notifyUrl: string
  /** Where the wap cashier sends the browser back after paying (return_url). */
  readonly returnUrl: string
}

/**
 * An Alipay user id (2088 and 12 digits). An application created in OpenID mode (Alipay's default
 * for new applications since 2023) learns an open_id instead, which alipay.trade.create takes as
 * buyer_open_id.
 */
export const ALIPAY_USER_ID = /^2088\d{12}$/
const VENDOR = 'alipay'
const METHODS: readonly PayMethod[] = ['alipay', 'h5']

/** The gateway's code of a call that did what was asked. */
const SUCCESS_CODE = '10000'
/** The gateway's code for "service unavailable": Alipay's side failed, the call may go through later. */
const SERVICE_UNAVAILABLE_CODE = '20000'
/** Sub-codes Alipay documents as "try again": its trade system failed, not the request. */
const RETRYABLE_SUB_CODES: ReadonlySet<string> = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR'])
/** Sub-codes of Alipay's own platform failing (isp.unknow-error and the like): retryable too. */
const PLATFORM_FAILURE_PREFIX = 'isp.'
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST'
/** Closing a trade that is paid or closed already. */
const TRADE_STATUS_ERROR = 'ACQ.TRADE_STATUS_ERROR'
const WAP_PRODUCT_CODE = 'QUICK_WAP_WAY'
/** fund_change: this refund call moved the money (a repeat of a done refund answers 'N'). */
const FUND_CHANGED = 'Y'
const REFUND_SUCCESS = 'REFUND_SUCCESS'

const HTTP_OK = 200
const FIRST_SERVER_ERROR_STATUS = 500
/** The SDK's messages (alipay-sdk 4.x) for an answer whose signature fails and for an HTTP status other than 200. */
const SDK_SIGNATURE_FAILURE_PREFIX = '验签失败'
const SDK_HTTP_STATUS_MESSAGE = /^HTTP 请求错误, status: (\d{3})/

/** What Alipay expects back from a notification: this text, or anything else to have it sent again. */
const NOTIFICATION_ACCEPTED = 'success'
const NOTIFICATION_REFUSED = 'fail'

type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED'
const PAID_STATUSES: ReadonlySet<string> = new Set<TradeStatus>(['TRADE_SUCCESS', 'TRADE_FINISHED'])
/** Genuine notifications with nothing to act on: a trade opened, or closed (unpaid, or refunded in full). */
const IGNORED_STATUSES: ReadonlySet<string> = new Set<TradeStatus>(['WAIT_BUYER_PAY', 'TRADE_CLOSED'])

/** A gateway answer as the SDK returns it: the `<method>_response` object, keys in camelCase. */
interface GatewayAnswer {
  readonly code?: unknown
  readonly msg?: unknown
  readonly subCode?: unknown
  readonly subMsg?: unknown
  readonly [field: string]: unknown
}

function text(answer: GatewayAnswer, field: string): string | undefined {
  const value = answer[field]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function succeeded(answer: GatewayAnswer): boolean {
  return answer.code === SUCCESS_CODE
}

/** A business failure the gateway answered: Alipay's sub_code names it (its code when there is none). */
function businessError(answer: GatewayAnswer): VendorError {
  const code = text(answer, 'code') ?? 'UNKNOWN'
  const subCode = text(answer, 'subCode')
  const retryable =
    code === SERVICE_UNAVAILABLE_CODE ||
    (subCode !== undefined && (RETRYABLE_SUB_CODES.has(subCode) || subCode.startsWith(PLATFORM_FAILURE_PREFIX)))
  return new VendorError(VENDOR, subCode ?? code, text(answer, 'subMsg') ?? text(answer, 'msg') ?? code, retryable)
}

function isTimeout(cause: unknown): boolean {
  // urllib's HttpClientRequestTimeoutError / HttpClientConnectTimeoutError, which the SDK wraps.
  return cause instanceof Error && cause.name.endsWith('TimeoutError')
}

/** What a call that threw came to: the SDK wraps transport failures and refused answers in AlipayRequestError. */
function thrownError(error: unknown): VendorError {
  if (error instanceof VendorError) return error
  if (!(error instanceof AlipayRequestError)) {
    // Not the gateway's doing: signing failed here (a key the SDK cannot use), which retrying does not mend.
    return new VendorError(VENDOR, 'CLIENT_ERROR', error instanceof Error ? error.message : String(error), false)
  }
  const { cause, message } = error
  if (cause instanceof SyntaxError) return new VendorError(VENDOR, 'BAD_RESPONSE', 'Alipay answered something that is not JSON', true)
  if (isTimeout(cause)) return new VendorError(VENDOR, 'TIMEOUT', 'Alipay did not answer in time', true)
  if (cause !== undefined) return new VendorError(VENDOR, 'NETWORK_ERROR', message, true)
  const status = SDK_HTTP_STATUS_MESSAGE.exec(message)
  if (status) {
    const code = Number(status[1])
    return new VendorError(VENDOR, `HTTP_${code}`, `Alipay answered HTTP ${code}`, code >= FIRST_SERVER_ERROR_STATUS)
  }
  if (message.startsWith(SDK_SIGNATURE_FAILURE_PREFIX)) {
    return new VendorError(VENDOR, 'BAD_SIGNATURE', 'Alipay’s answer failed its signature check', false)
  }
  // An answer without this method's response (the SDK found nothing to read): most likely an intermediary's page.
  return new VendorError(VENDOR, 'BAD_RESPONSE', message, true)
}

/** An answer that says it succeeded but lacks what it must carry is not a result either. */
function unreadable(what: string): VendorError {
  return new VendorError(VENDOR, 'BAD_RESPONSE', `Alipay’s answer has no readable ${what}`, false)
}

/** Cents as Alipay's yuan string; refused when not a positive whole number of cents (money is never rounded here). */
function yuanOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new VendorError(VENDOR, 'BAD_AMOUNT', `Not an amount Alipay can take: ${cents} cents`, false)
  }
  return formatYuan(cents)
}


/** A notification's form fields; empty ones are left out, as Alipay signs without them (the SDK's check would count them). */
function formFields(rawBody: string): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(rawBody)].filter(([, value]) => value !== ''))
}

export function createAlipayVendor(settings: AlipaySettings): PaymentVendor {
  for (const name of ['appId', 'notifyUrl', 'returnUrl', 'alipayPublicKeyPem'] as const) {
    // An empty parameter is signed by the SDK but not by the gateway, and without Alipay's key the SDK skips every check.
    if (!settings[name]) throw new Error(`Alipay settings need ${name}`)
  }
  const sdk = alipaySdkOf(settings)

  /** One v2 call, its answer's signature checked; business failures come back as answers. */
  async function call(method: string, params: Record<string, unknown>): Promise<GatewayAnswer> {
    try {
      return await sdk.exec(method, params, { validateSign: true })
    } catch (error) {
      throw thrownError(error)
    }
  }

  /** A call that must succeed. */
  async function callOk(method: string, params: Record<string, unknown>): Promise<GatewayAnswer> {
    const answer = await call(method, params)
    if (!succeeded(answer)) throw businessError(answer)
    return answer
  }

  function orderContent(trade: TradeOrder): Record<string, string> {
    return {
      outTradeNo: trade.paymentId,
      totalAmount: yuanOf(trade.amountCents),
      subject: trade.description,
      timeExpire: chinaDateTime(trade.expiresAt),
    }
  }

  async function createTrade(trade: TradeOrder): Promise<PayParams> {
    const buyer = trade.payer.alipayUserId
    if (!buyer) throw new VendorError(VENDOR, 'NO_BUYER_ID', 'alipay.trade.create needs the payer’s Alipay user id', false)
    const answer = await callOk('alipay.trade.create', {
      notifyUrl: settings.notifyUrl,
      bizContent: { ...orderContent(trade), ...(ALIPAY_USER_ID.test(buyer) ? { buyerId: buyer } : { buyerOpenId: buyer }) },
    })
    const tradeNo = text(answer, 'tradeNo')
    if (!tradeNo) throw unreadable('trade_no')
    return { alipayTradeNo: tradeNo }
  }

  function wapCashier(trade: TradeOrder): PayParams {
    const bizContent = { ...orderContent(trade), productCode: WAP_PRODUCT_CODE }
    try {
      const cashierUrl = sdk.pageExec('alipay.trade.wap.pay', 'GET', {
        notifyUrl: settings.notifyUrl,
        returnUrl: trade.returnUrl ?? settings.returnUrl,
        bizContent,
      })
      return { cashierUrl }
    } catch (error) {
      throw thrownError(error)
    }
  }

  async function query(paymentId: string): Promise<VendorTrade> {
    const answer = await call('alipay.trade.query', { bizContent: { outTradeNo: paymentId } })
    if (!succeeded(answer)) {
      if (answer.subCode === TRADE_NOT_EXIST) return { state: 'absent' }
      throw businessError(answer)
    }
    const status = text(answer, 'tradeStatus') ?? ''
    if (PAID_STATUSES.has(status)) {
      const amountCents = centsOfYuan(text(answer, 'totalAmount') ?? '')
      if (amountCents === undefined) throw unreadable('total_amount')
      const vendorTradeNo = text(answer, 'tradeNo')
      if (!vendorTradeNo) throw unreadable('trade_no')
      return { state: 'paid', amountCents, vendorTradeNo }
    }
    if (status === 'WAIT_BUYER_PAY') return { state: 'unpaid' }
    // Also a trade refunded in full after payment: Alipay reports it TRADE_CLOSED like an unpaid one.
    if (status === 'TRADE_CLOSED') return { state: 'closed' }
    throw unreadable('trade_status')
  }

  async function close(paymentId: string): Promise<CloseOutcome> {
    const answer = await call('alipay.trade.close', { bizContent: { outTradeNo: paymentId } })
    if (succeeded(answer) || answer.subCode === TRADE_NOT_EXIST) return 'closed'
    if (answer.subCode !== TRADE_STATUS_ERROR) throw businessError(answer)
    // Paid or closed already: only a query tells which.
    const trade = await query(paymentId)
    if (trade.state === 'paid') return 'paid'
    if (trade.state === 'closed' || trade.state === 'absent') return 'closed'
    throw new VendorError(VENDOR, TRADE_STATUS_ERROR, 'Alipay refused to close a trade it reports unpaid', true)
  }

  async function refund(order: RefundOrder): Promise<RefundOutcome> {
    const ids = { outTradeNo: order.paymentId, outRequestNo: order.refundId }
    const answer = await callOk('alipay.trade.refund', {
      bizContent: { ...ids, refundAmount: yuanOf(order.amountCents), refundReason: order.reason },
    })
    if (answer.fundChange === FUND_CHANGED) return 'succeeded'
    // No money moved by this call: a repeat of a refund done before, or one still under way. The refund query says which.
    const found = await callOk('alipay.trade.fastpay.refund.query', { bizContent: ids })
    return found.refundStatus === REFUND_SUCCESS ? 'succeeded' : 'processing'
  }

  function readNotification({ rawBody }: NotificationRequest): VerifiedNotification | undefined {
    const fields = formFields(rawBody)
    // checkNotifySignV2 signs the values as they are; checkNotifySign decodes them again and throws on a '%'.
    if (!sdk.checkNotifySignV2(fields)) return undefined
    if (fields.app_id !== settings.appId) return undefined
    const status = fields.trade_status ?? ''
    if (IGNORED_STATUSES.has(status)) return { kind: 'ignored' }
    if (!PAID_STATUSES.has(status)) return undefined
    const amountCents = centsOfYuan(fields.total_amount ?? '')
    const paymentId = fields.out_trade_no
    const vendorTradeNo = fields.trade_no
    if (amountCents === undefined || !paymentId || !vendorTradeNo) return undefined
    return { kind: 'payment', paymentId, amountCents, vendorTradeNo }
  }

  return {
    name: VENDOR,
    methods: METHODS,
    async start(method, trade) {
      switch (method) {
        case 'alipay':
          return createTrade(trade)
        case 'h5':
          return wapCashier(trade)
        default:
          throw new VendorError(VENDOR, 'METHOD_NOT_SUPPORTED', `Alipay does not take ${method}`, false)
      }
    },
    query,
    close,
    refund,
    async readNotification(request) {
      try {
        return readNotification(request)
      } catch {
        // Whatever a crafted body does to the SDK's check, it is not a verified notification.
        return undefined
      }
    },
    answer: (accepted: boolean): NotificationAnswer => ({
      status: HTTP_OK,
      contentType: 'text/plain',
      body: accepted ? NOTIFICATION_ACCEPTED : NOTIFICATION_REFUSED,
    }),
  }
}
