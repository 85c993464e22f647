/**
 * WeChat Pay (API v3) as a PaymentVendor: JSAPI pay (the mini-program's `wx.requestPayment`) and
 * H5 pay, through the SDK wechatpay-axios-plugin in public-key mode (the WeChat Pay public key and
 * its PUB_KEY_ID_ id are configured; no platform certificate is downloaded). The SDK signs every
 * request with the merchant key and checks every answer's Wechatpay-Signature; this adapter turns
 * WeChat's answers and documented errors into the vendor interface's terms and reads the signed,
 * encrypted notifications. WeChat counts money in fen, so amounts pass through unchanged.
 */
import { SECOND_MS } from '../../src/domain/constants'
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin'
import type { PayMethod } from '../../types/api/payment'
import { chinaRfc3339 } from '../../src/domain/china-time'
import { PREPAY_ID_PREFIX } from './cashier'
import { VendorError } from './vendor'
import type {
  CloseOutcome,
  NotificationAnswer,
  NotificationRequest,
  PayParams,
  PaymentVendor,
  RefundOrder,
  RefundOutcome,
  TradeOrder,
  VendorTrade,
  VerifiedNotification,
} from './vendor'

export interface WechatPaySettings {
  /** The mini-program's app id: JSAPI's appid and paySign's appId; H5 pay runs under it too. */
  readonly appId: string
  readonly mchId: string
  /** The serial number of the merchant API certificate (the Authorization header's serial_no). */
  readonly merchantSerial: string
  readonly merchantPrivateKeyPem: string
  /** The WeChat Pay public key's id (PUB_KEY_ID_…): the Wechatpay-Serial of answers and notifications. */
  readonly platformPublicKeyId: string
  readonly platformPublicKeyPem: string
  /** The APIv3 key (32 characters): the key of the notifications' encrypted resources. */
  readonly apiV3Key: string
  /** WeChat Pay's API root; production when absent. */
  readonly baseUrl?: string
  /** Where WeChat posts payment and refund notifications. */
  readonly notifyUrl: string
  /** Where WeChat's H5 page sends the browser back (its h5_url's redirect_url). */
  readonly h5ReturnUrl: string
  /** H5 pay's scene_info.h5_info: the site's name and address as WeChat shows them. */
  readonly h5Scene?: { readonly appName: string; readonly appUrl: string }
  /** How long one call may take before it is a retryable TIMEOUT; DEFAULT_TIMEOUT_MS when absent. */
  readonly timeoutMs?: number
}

const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com/'
const DEFAULT_TIMEOUT_MS = 10_000
/** WeChat's tolerance for a signed message's clock (the SDK applies the same to answers). */
const MAX_CLOCK_SKEW_SECONDS = 300
const API_V3_KEY_BYTES = 32
/** AEAD_AES_256_GCM's tag, the ciphertext's last 16 bytes: anything shorter cannot be genuine. */
const GCM_TAG_BYTES = 16
const CURRENCY = 'CNY'
const NOTIFICATION_CIPHER = 'AEAD_AES_256_GCM'

const HTTP_OK = 200
const HTTP_MULTIPLE_CHOICES = 300
const HTTP_TOO_MANY_REQUESTS = 429
const HTTP_SERVER_ERROR = 500

/** WeChat's error codes that may pass on their own: the call is worth repeating later. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'BANK_ERROR'])
/** Closing a trade that was paid meanwhile (both spellings occur in WeChat's documentation). */
const ORDER_PAID_CODES: ReadonlySet<string> = new Set(['ORDER_PAID', 'ORDERPAID'])
/** Closing a trade that cannot be paid anyway. */
const CANNOT_PAY_CODES: ReadonlySet<string> = new Set(['ORDER_CLOSED', 'ORDER_NOT_EXIST'])
const PAID_STATES: ReadonlySet<string> = new Set(['SUCCESS', 'REFUND'])
const UNPAID_STATES: ReadonlySet<string> = new Set(['NOTPAY', 'USERPAYING'])
const CLOSED_STATES: ReadonlySet<string> = new Set(['CLOSED', 'PAYERROR', 'REVOKED'])
const REFUND_OUTCOMES: Readonly<Record<string, RefundOutcome>> = { SUCCESS: 'succeeded', PROCESSING: 'processing' }
const REFUND_END_EVENTS: Readonly<Record<string, 'succeeded' | 'failed'>> = {
  'REFUND.SUCCESS': 'succeeded',
  'REFUND.ABNORMAL': 'failed',
  'REFUND.CLOSED': 'failed',
}
const PAYMENT_EVENT = 'TRANSACTION.SUCCESS'

/** The SDK's answer-check failures are its error codes starting so (EV3_RES_HEADER_SIGNATURE_DIGEST, …). */
const SDK_ANSWER_CHECK_PREFIX = 'EV3_RES_'
/** The SDK's code for an answer without signature headers: WeChat's own refusals of unauthenticated requests, gateways' errors. */
const SDK_UNSIGNED_ANSWER = 'EV3_RES_HEADERS_INCOMPLATE'
/** axios's codes for a call that ran out of time (ETIMEDOUT with transitional.clarifyTimeoutError). */
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['ECONNABORTED', 'ETIMEDOUT'])

/** WeChat takes 200 (or 204) without a body as accepted, and sends again after anything else. */
const ACCEPTED: NotificationAnswer = { status: HTTP_OK, contentType: 'application/json', body: '' }
const REFUSED: NotificationAnswer = {
  status: HTTP_SERVER_ERROR,
  contentType: 'application/json',
  body: JSON.stringify({ code: 'FAIL', message: '失败' }),
}

type Json = Readonly<Record<string, unknown>>

/**
 * An answer of WeChat Pay: its status, its body (parsed when JSON) and whether its signature
 * verified. Only signed answers become results; an unsigned one can only be an error.
 */
interface Answer {
  readonly status: number
  readonly body: unknown
  readonly signed: boolean
}

/** What the SDK and axios throw, as far as it is read here (every field is checked before use). */
interface SdkFailure {
  readonly code?: unknown
  readonly message?: unknown
  readonly isAxiosError?: unknown
  readonly response?: { readonly status?: unknown; readonly data?: unknown }
}

export function createWechatPayVendor(settings: WechatPaySettings): PaymentVendor {
  if (Buffer.byteLength(settings.apiV3Key) !== API_V3_KEY_BYTES) throw new Error(`the WeChat Pay APIv3 key must be ${API_V3_KEY_BYTES} bytes`)
  const merchantKey = Rsa.from(settings.merchantPrivateKeyPem, Rsa.KEY_TYPE_PRIVATE)
  const platformKey = Rsa.from(settings.platformPublicKeyPem, Rsa.KEY_TYPE_PUBLIC)
  const api = new Wechatpay({
    mchid: settings.mchId,
    serial: settings.merchantSerial,
    privateKey: settings.merchantPrivateKeyPem,
    certs: { [settings.platformPublicKeyId]: settings.platformPublicKeyPem },
    baseURL: withTrailingSlash(settings.baseUrl ?? DEFAULT_BASE_URL),
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Every status reaches the SDK's signature check and this adapter: WeChat signs its error
    // answers too, and some of them (ORDER_NOT_EXIST, ORDER_CLOSED) are results here.
    validateStatus: () => true,
  })
  const transactions = api.v3.pay.transactions
  const byTradeNo = (paymentId: string) => ({ out_trade_no: encodeURIComponent(paymentId) })

  /** The fields JSAPI and H5 orders share. */
  const orderOf = (trade: TradeOrder) => ({
    appid: settings.appId,
    mchid: settings.mchId,
    description: trade.description,
    out_trade_no: trade.paymentId,
    time_expire: chinaRfc3339(trade.expiresAt),
    notify_url: settings.notifyUrl,
    amount: { total: trade.amountCents, currency: CURRENCY },
  })

  async function startJsapi(trade: TradeOrder): Promise<PayParams> {
    const openid = trade.payer.wechatOpenId
    if (!openid) throw new VendorError('wechat', 'NO_OPENID', 'JSAPI pay needs the payer’s WeChat openid', false)
    const body = successBody(await send(() => transactions.jsapi.post({ ...orderOf(trade), payer: { openid } })))
    const prepayId = text(body.prepay_id)
    if (!prepayId) throw unexpectedAnswer('jsapi')
    const timeStamp = String(Math.floor(trade.issuedAt.getTime() / SECOND_MS))
    const pkg = PREPAY_ID_PREFIX + prepayId
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(settings.appId, timeStamp, trade.nonce, pkg), merchantKey)
    return { wechatPay: { timeStamp, nonceStr: trade.nonce, package: pkg, signType: 'RSA', paySign } }
  }

  async function startH5(trade: TradeOrder): Promise<PayParams> {
    const scene = settings.h5Scene
    const h5Info = { type: 'Wap', ...(scene ? { app_name: scene.appName, app_url: scene.appUrl } : {}) }
    const order = { ...orderOf(trade), scene_info: { payer_client_ip: trade.payer.clientIp, h5_info: h5Info } }
    const h5Url = text(successBody(await send(() => transactions.h5.post(order))).h5_url)
    if (!h5Url) throw unexpectedAnswer('h5')
    return { cashierUrl: `${h5Url}&redirect_url=${encodeURIComponent(trade.returnUrl ?? settings.h5ReturnUrl)}` }
  }

  async function query(paymentId: string): Promise<VendorTrade> {
    const answer = await send(() => transactions.outTradeNo._out_trade_no_.get({ params: { mchid: settings.mchId }, ...byTradeNo(paymentId) }))
    if (signedErrorCode(answer) === 'ORDER_NOT_EXIST') return { state: 'absent' }
    return tradeOf(successBody(answer))
  }

  async function close(paymentId: string): Promise<CloseOutcome> {
    const answer = await send(() => transactions.outTradeNo._out_trade_no_.close.post({ mchid: settings.mchId }, byTradeNo(paymentId)))
    if (answer.signed && isSuccess(answer.status)) return 'closed'
    const code = signedErrorCode(answer) ?? ''
    if (ORDER_PAID_CODES.has(code)) return 'paid'
    if (CANNOT_PAY_CODES.has(code)) return 'closed'
    throw answerError(answer)
  }

  async function refund(order: RefundOrder): Promise<RefundOutcome> {
    const request = {
      out_trade_no: order.paymentId,
      out_refund_no: order.refundId,
      reason: order.reason,
      notify_url: settings.notifyUrl,
      amount: { refund: order.amountCents, total: order.totalCents, currency: CURRENCY },
    }
    const status = text(successBody(await send(() => api.v3.refund.domestic.refunds.post(request))).status)
    if (status === undefined) throw unexpectedAnswer('refund')
    const outcome = REFUND_OUTCOMES[status]
    if (!outcome) throw new VendorError('wechat', `REFUND_${status}`, `WeChat Pay refused the refund (${status})`, false)
    return outcome
  }

  /** The verified envelope of a notification: right serial, fresh timestamp, good signature; else undefined. */
  function verifiedEnvelope({ headers, rawBody }: NotificationRequest): Json | undefined {
    const signature = headers['wechatpay-signature']
    const timestamp = headers['wechatpay-timestamp']
    const nonce = headers['wechatpay-nonce']
    if (!signature || !timestamp || !nonce || headers['wechatpay-serial'] !== settings.platformPublicKeyId) return undefined
    if (!isFresh(timestamp)) return undefined
    if (!verifies(Formatter.response(timestamp, nonce, rawBody), signature)) return undefined
    return record(parseJson(rawBody))
  }

  function verifies(message: string, signature: string): boolean {
    try {
      return Rsa.verify(message, signature, platformKey)
    } catch {
      return false
    }
  }

  /** The notification's resource, decrypted with the APIv3 key; undefined when it is not genuine. */
  function decryptResource(resource: unknown): Json | undefined {
    const sealed = record(resource)
    const ciphertext = text(sealed?.ciphertext)
    const nonce = text(sealed?.nonce)
    if (sealed?.algorithm !== NOTIFICATION_CIPHER || !ciphertext || !nonce) return undefined
    if (Buffer.from(ciphertext, 'base64').length <= GCM_TAG_BYTES) return undefined
    try {
      return record(JSON.parse(Aes.AesGcm.decrypt(ciphertext, settings.apiV3Key, nonce, text(sealed.associated_data) ?? '')))
    } catch {
      return undefined
    }
  }

  function paymentOf(transaction: Json): VerifiedNotification | undefined {
    const paymentId = text(transaction.out_trade_no)
    const vendorTradeNo = text(transaction.transaction_id)
    const amountCents = fen(record(transaction.amount)?.total)
    const ours = transaction.mchid === settings.mchId && transaction.appid === settings.appId
    if (!ours || transaction.trade_state !== 'SUCCESS' || !paymentId || !vendorTradeNo || amountCents === undefined) return undefined
    return { kind: 'payment', paymentId, amountCents, vendorTradeNo }
  }

  function refundOf(refundResource: Json, outcome: 'succeeded' | 'failed'): VerifiedNotification | undefined {
    const refundId = text(refundResource.out_refund_no)
    const paymentId = text(refundResource.out_trade_no)
    if (refundResource.mchid !== settings.mchId || !refundId || !paymentId) return undefined
    return { kind: 'refund', refundId, paymentId, outcome }
  }

  async function readNotification(request: NotificationRequest): Promise<VerifiedNotification | undefined> {
    const envelope = verifiedEnvelope(request)
    const resource = envelope && decryptResource(envelope.resource)
    if (!envelope || !resource) return undefined
    const event = text(envelope.event_type) ?? ''
    if (event === PAYMENT_EVENT) return paymentOf(resource)
    const refundOutcome = REFUND_END_EVENTS[event]
    return refundOutcome ? refundOf(resource, refundOutcome) : { kind: 'ignored' }
  }

  return {
    name: 'wechat',
    methods: ['wechat', 'h5'],
    start: (method: PayMethod, trade: TradeOrder) => {
      if (method === 'wechat') return startJsapi(trade)
      if (method === 'h5') return startH5(trade)
      return Promise.reject(new VendorError('wechat', 'UNSUPPORTED_METHOD', `WeChat Pay does not serve ${method}`, false))
    },
    query,
    close,
    refund,
    readNotification,
    answer: (accepted) => (accepted ? ACCEPTED : REFUSED),
  }
}

/** Runs one SDK call and gives its answer; a failure without a readable answer becomes a VendorError here. */
async function send(call: () => PromiseLike<{ status: number; data: unknown }>): Promise<Answer> {
  try {
    const { status, data } = await call()
    return { status, body: data, signed: true }
  } catch (error) {
    return unsignedAnswer(error)
  }
}

/** An error answer that came without signature headers, or the VendorError the failure amounts to. */
function unsignedAnswer(error: unknown): Answer {
  const failure: SdkFailure = typeof error === 'object' && error !== null ? error : {}
  const code = typeof failure.code === 'string' ? failure.code : ''
  const message = typeof failure.message === 'string' ? failure.message : String(error)
  const status = failure.response?.status
  if (code === SDK_UNSIGNED_ANSWER && typeof status === 'number' && !isSuccess(status)) {
    return { status, body: parseJson(failure.response?.data), signed: false }
  }
  if (code.startsWith(SDK_ANSWER_CHECK_PREFIX)) {
    throw new VendorError('wechat', 'BAD_SIGNATURE', `WeChat Pay's answer failed its signature check: ${message}`, false)
  }
  if (TIMEOUT_CODES.has(code)) throw new VendorError('wechat', 'TIMEOUT', `WeChat Pay did not answer in time: ${message}`, true)
  if (failure.isAxiosError === true) throw new VendorError('wechat', 'NETWORK_ERROR', `WeChat Pay could not be reached: ${message}`, true)
  throw new VendorError('wechat', 'CLIENT_ERROR', `the WeChat Pay call failed before it was sent: ${message}`, false)
}

/** The body of a signed success, or the error the answer amounts to. */
function successBody(answer: Answer): Json {
  if (!answer.signed || !isSuccess(answer.status)) throw answerError(answer)
  const body = record(answer.body)
  if (!body) throw unexpectedAnswer('success')
  return body
}

/** A signed error answer's code: the only kind of error answer that may become a result. */
function signedErrorCode(answer: Answer): string | undefined {
  return answer.signed && !isSuccess(answer.status) ? text(record(answer.body)?.code) : undefined
}

/** WeChat's documented error ({ code, message } with HTTP 4xx/5xx) as a VendorError. */
function answerError(answer: Answer): VendorError {
  if (isSuccess(answer.status)) return unexpectedAnswer('success')
  const body = record(answer.body)
  const code = text(body?.code) ?? `HTTP_${answer.status}`
  const message = text(body?.message) ?? `WeChat Pay answered HTTP ${answer.status}`
  const retryable = RETRYABLE_CODES.has(code) || answer.status === HTTP_TOO_MANY_REQUESTS || answer.status >= HTTP_SERVER_ERROR
  return new VendorError('wechat', code, message, retryable)
}

function unexpectedAnswer(what: string): VendorError {
  return new VendorError('wechat', 'UNEXPECTED_ANSWER', `WeChat Pay's ${what} answer cannot be read`, false)
}

function tradeOf(body: Json): VendorTrade {
  const state = text(body.trade_state) ?? ''
  if (UNPAID_STATES.has(state)) return { state: 'unpaid' }
  if (CLOSED_STATES.has(state)) return { state: 'closed' }
  const amountCents = fen(record(body.amount)?.total)
  const vendorTradeNo = text(body.transaction_id)
  if (!PAID_STATES.has(state) || amountCents === undefined || !vendorTradeNo) throw unexpectedAnswer('query')
  return { state: 'paid', amountCents, vendorTradeNo }
}

function isSuccess(status: number): boolean {
  return status >= HTTP_OK && status < HTTP_MULTIPLE_CHOICES
}

function isFresh(timestamp: string): boolean {
  return /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / SECOND_MS - Number(timestamp)) <= MAX_CLOCK_SKEW_SECONDS
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** A positive whole amount of fen, as WeChat's amount.total is. */
function fen(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}
