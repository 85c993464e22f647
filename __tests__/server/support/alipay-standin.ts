/**
 * A stand-in for Alipay's v2 gateway (POST /gateway.do on 127.0.0.1), so the Alipay adapter
 * (server/payments/alipay.ts) is tested through its SDK against something that behaves like
 * Alipay without reaching it: the stand-in makes its own application and "Alipay" key pairs,
 * checks every request's signature as the gateway does, keeps trades in memory, and answers the
 * way Alipay writes (the `<method>_response` object first, its exact text signed by Alipay's key).
 * Tests make it fail, stall or forge an answer, play the buyer (the wap cashier, paying), and get
 * the notification Alipay would post.
 */
import { LateAnswers } from './late-answers'
import { createSign, createVerify, generateKeyPair, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { chinaDateTime } from '../../../src/domain/china-time'
import type { AlipaySettings } from '../../../server/payments/alipay'
import type { NotificationRequest } from '../../../server/payments/vendor'
import { centsOfYuan, formatYuan } from '../../../src/domain/money'
import { HTTP_OK, HTTP_NOT_FOUND } from './http-status'

export const STAND_IN_APP_ID = '2021000000000001'
export const DEFAULT_NOTIFY_URL = 'https://etc.example.com/pay/v1/notify/alipay'
export const DEFAULT_RETURN_URL = 'https://etc.example.com/pay/return'
export const GATEWAY_PATH = '/gateway.do'

const RSA_BITS = 2048
const SIGNATURE_ALGORITHM = 'RSA-SHA256'
/** Alipay's trade numbers: 28 digits, a date, a channel part and a sequence. */
const TRADE_NO_PREFIX = '2026030122001400'
const TRADE_NO_SEQUENCE_DIGITS = 12
const NOTIFY_ID_BYTES = 16

const SUCCESS = { code: '10000', msg: 'Success' } as const
const AUTH_TOKEN_BYTES = 8
const BUSINESS_FAILED = { code: '40004', msg: 'Business Failed' } as const
const INVALID_ARGUMENTS = { code: '40002', msg: 'Invalid Arguments' } as const

export type StandInTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED'

/** A trade as the stand-in holds it. */
export interface StandInTrade {
  readonly paymentId: string
  readonly tradeNo: string
  readonly status: StandInTradeStatus
  /** Yuan, as Alipay writes it ("12.34"). */
  readonly totalAmount: string
  readonly subject: string
  readonly buyerId: string | undefined
  readonly timeExpire: string | undefined
  readonly notifyUrl: string | undefined
  /** The refunds made, by out_request_no: their amounts in yuan. */
  readonly refunds: Readonly<Record<string, string>>
}

/** A business failure to answer instead of doing the call (Alipay's code, sub_code and sub_msg). */
export interface GatewayFailure {
  readonly code: string
  readonly msg?: string
  readonly subCode?: string
  readonly subMsg?: string
}

/** A request whose signature the stand-in accepted. */
export interface GatewayRequest {
  readonly method: string
  /** Every parameter, of the query and of the form. */
  readonly params: Readonly<Record<string, string>>
  /** biz_content, parsed. */
  readonly bizContent: Readonly<Record<string, unknown>>
}

/** A wap cashier address as Alipay reads it when the browser opens it. */
export interface CashierPage {
  readonly signatureValid: boolean
  readonly params: Readonly<Record<string, string>>
  readonly bizContent: Readonly<Record<string, unknown>>
}

export interface AlipayStandIn {
  readonly appId: string
  /** The gateway's address (http://127.0.0.1:<port>/gateway.do). */
  readonly gateway: string
  /** Settings of an adapter that talks to this stand-in with its application's key. */
  settings(overrides?: Partial<AlipaySettings>): AlipaySettings
  trade(paymentId: string): StandInTrade | undefined
  /** The parameters of a wap pay address and whether its signature holds under the application's key. */
  readCashierUrl(cashierUrl: string): CashierPage
  /** The buyer opens a wap pay address: Alipay checks it and opens the trade it names (the same trade again). */
  openCashier(cashierUrl: string): StandInTrade
  /** The buyer pays an open trade: it becomes TRADE_SUCCESS; answers the notification Alipay posts. */
  pay(paymentId: string): NotificationRequest
  /** The refund period of a paid trade ends: TRADE_FINISHED. */
  finish(paymentId: string): void
  /** A notification of these fields, signed by Alipay's key as Alipay signs them. */
  notification(fields: Readonly<Record<string, string>>): NotificationRequest
  /** The next call of `method` answers this failure and does nothing. */
  failNext(method: string, failure: GatewayFailure): void
  /** The next call of `method` answers exactly these fields (signed by Alipay) and does nothing. */
  answerNext(method: string, answer: Readonly<Record<string, string>>): void
  /** The next request gets this HTTP status and no Alipay answer; nothing is done. */
  failNextHttp(status: number): void
  /** The next request is done at once but answered `ms` later. */
  delayNext(ms: number): void
  /** The next answer carries these fields and is signed by a key that is not Alipay's. */
  forgeNextAnswer(overrides?: Readonly<Record<string, string>>): void
  readonly requests: readonly GatewayRequest[]
  /**
   * A my.getAuthCode code Alipay knows, for this user: alipay.system.oauth.token takes it once,
   * answering a 2088… id as user_id and any other as open_id (an application in OpenID mode).
   */
  addAuthCode(code: string, userId: string): void
  close(): Promise<void>
}

interface TradeRecord {
  readonly paymentId: string
  readonly tradeNo: string
  status: StandInTradeStatus
  readonly totalCents: number
  readonly subject: string
  readonly buyerId: string | undefined
  readonly timeExpire: string | undefined
  readonly notifyUrl: string | undefined
  readonly refunds: Map<string, number>
  readonly createdAt: Date
  paidAt?: Date
}

type Answer = Record<string, string>
/** A trade opened (or found again), or the answer refusing it. */
type Opening = { readonly trade: TradeRecord; readonly refusal?: undefined } | { readonly trade?: undefined; readonly refusal: Answer }

const keyPair = promisify(generateKeyPair)

async function rsaKeys(): Promise<{ publicKey: string; privateKey: string }> {
  return keyPair('rsa', {
    modulusLength: RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
}

/** Alipay's signed text: the parameters sorted by name as `k=v` joined by '&', empty ones and `excluded` left out. */
function signString(params: Readonly<Record<string, string>>, excluded: readonly string[]): string {
  return Object.keys(params)
    .filter((name) => !excluded.includes(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
}

function rsaSign(privateKeyPem: string, content: string): string {
  return createSign(SIGNATURE_ALGORITHM).update(content, 'utf8').sign(privateKeyPem, 'base64')
}

function rsaVerify(publicKeyPem: string, content: string, signature: string | undefined): boolean {
  if (!signature) return false
  return createVerify(SIGNATURE_ALGORITHM).update(content, 'utf8').verify(publicKeyPem, signature, 'base64')
}

function parseObject(json: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json ?? '{}')
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function stringField(content: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = content[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function business(subCode: string, subMsg: string): Answer {
  return { ...BUSINESS_FAILED, sub_code: subCode, sub_msg: subMsg }
}

const TRADE_NOT_EXIST = business('ACQ.TRADE_NOT_EXIST', '交易不存在')
const INVALID_PARAMETER = business('ACQ.INVALID_PARAMETER', '参数无效')

function isPaid(status: StandInTradeStatus): boolean {
  return status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
}

function refundedCents(trade: TradeRecord): number {
  return [...trade.refunds.values()].reduce((sum, cents) => sum + cents, 0)
}

function snapshot(trade: TradeRecord): StandInTrade {
  return {
    paymentId: trade.paymentId,
    tradeNo: trade.tradeNo,
    status: trade.status,
    totalAmount: formatYuan(trade.totalCents),
    subject: trade.subject,
    buyerId: trade.buyerId,
    timeExpire: trade.timeExpire,
    notifyUrl: trade.notifyUrl,
    refunds: Object.fromEntries([...trade.refunds].map(([requestNo, cents]) => [requestNo, formatYuan(cents)])),
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startAlipayStandIn(): Promise<AlipayStandIn> {
  const [appKeys, alipayKeys] = await Promise.all([rsaKeys(), rsaKeys()])
  const trades = new Map<string, TradeRecord>()
  const requests: GatewayRequest[] = []
  /** Answers queued by failNext and answerNext, by method. */
  const scripted = new Map<string, Answer[]>()
  const late = new LateAnswers()
  let tradeSequence = 0
  let nextHttpStatus: number | undefined
  let nextForgery: Readonly<Record<string, string>> | undefined
  const authCodes = new Map<string, string>()
  /** Set by a handler whose refusal Alipay sends as `error_response`, not as the method's own response. */
  let answerAsError = false

  /** Opens a trade, or finds the one this out_trade_no opened before (Alipay's trades are idempotent by it). */
  function openTrade(content: Readonly<Record<string, unknown>>, notifyUrl: string | undefined): Opening {
    const paymentId = stringField(content, 'out_trade_no')
    const totalCents = centsOfYuan(stringField(content, 'total_amount') ?? '')
    const subject = stringField(content, 'subject')
    if (!paymentId || !subject || !totalCents) return { refusal: INVALID_PARAMETER }
    const existing = trades.get(paymentId)
    if (existing) {
      if (isPaid(existing.status)) return { refusal: business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付') }
      if (existing.status === 'TRADE_CLOSED') return { refusal: business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭') }
      if (existing.totalCents !== totalCents) return { refusal: business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改') }
      return { trade: existing }
    }
    tradeSequence += 1
    const trade: TradeRecord = {
      paymentId,
      tradeNo: `${TRADE_NO_PREFIX}${String(tradeSequence).padStart(TRADE_NO_SEQUENCE_DIGITS, '0')}`,
      status: 'WAIT_BUYER_PAY',
      totalCents,
      subject,
      buyerId: stringField(content, 'buyer_id') ?? stringField(content, 'buyer_open_id'),
      timeExpire: stringField(content, 'time_expire'),
      notifyUrl,
      refunds: new Map(),
      createdAt: new Date(),
    }
    trades.set(paymentId, trade)
    return { trade }
  }

  function tradeOf(content: Readonly<Record<string, unknown>>): TradeRecord | undefined {
    return trades.get(stringField(content, 'out_trade_no') ?? '')
  }

  const handlers: Readonly<Record<string, (content: Readonly<Record<string, unknown>>, params: Readonly<Record<string, string>>) => Answer>> = {
    // Alipay's login: top-level parameters, an answer without code/msg, and refusals as error_response.
    'alipay.system.oauth.token': (_content, params): Answer => {
      const userId = params.grant_type === 'authorization_code' ? authCodes.get(params.code ?? '') : undefined
      if (!userId) {
        answerAsError = true
        return { ...INVALID_ARGUMENTS, sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' }
      }
      authCodes.delete(params.code ?? '')
      const token = `authusr${randomBytes(AUTH_TOKEN_BYTES).toString('hex')}`
      const person: Record<string, string> = /^2088\d{12}$/.test(userId) ? { user_id: userId } : { open_id: userId }
      return { ...person, access_token: token, expires_in: '1296000', refresh_token: `r${token}`, re_expires_in: '2592000' }
    },
    'alipay.trade.create': (content, params) => {
      if (!stringField(content, 'buyer_id') && !stringField(content, 'buyer_open_id')) return business('ACQ.INVALID_PARAMETER', '买家信息缺失')
      const { trade, refusal } = openTrade(content, params.notify_url)
      if (!trade) return refusal
      return { ...SUCCESS, out_trade_no: trade.paymentId, trade_no: trade.tradeNo }
    },
    'alipay.trade.query': (content) => {
      const trade = tradeOf(content)
      if (!trade) return TRADE_NOT_EXIST
      return {
        ...SUCCESS,
        out_trade_no: trade.paymentId,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: formatYuan(trade.totalCents),
        ...(trade.paidAt ? { send_pay_date: chinaDateTime(trade.paidAt) } : {}),
      }
    },
    'alipay.trade.close': (content) => {
      const trade = tradeOf(content)
      if (!trade) return TRADE_NOT_EXIST
      if (trade.status !== 'WAIT_BUYER_PAY') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
      trade.status = 'TRADE_CLOSED'
      return { ...SUCCESS, out_trade_no: trade.paymentId, trade_no: trade.tradeNo }
    },
    'alipay.trade.refund': (content) => {
      const trade = tradeOf(content)
      if (!trade) return TRADE_NOT_EXIST
      const requestNo = stringField(content, 'out_request_no') ?? trade.paymentId
      const done = { ...SUCCESS, out_trade_no: trade.paymentId, trade_no: trade.tradeNo }
      // The same refund asked again: accepted, and no money moves this time.
      if (trade.refunds.has(requestNo)) return { ...done, refund_fee: formatYuan(refundedCents(trade)), fund_change: 'N' }
      const cents = centsOfYuan(stringField(content, 'refund_amount') ?? '')
      if (!cents) return INVALID_PARAMETER
      if (trade.status === 'TRADE_FINISHED') return business('ACQ.TRADE_HAS_FINISHED', '交易已完结')
      if (trade.status !== 'TRADE_SUCCESS') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
      if (cents > trade.totalCents - refundedCents(trade)) return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
      trade.refunds.set(requestNo, cents)
      // Refunded in full, Alipay closes the trade.
      if (refundedCents(trade) === trade.totalCents) trade.status = 'TRADE_CLOSED'
      return { ...done, refund_fee: formatYuan(refundedCents(trade)), fund_change: 'Y' }
    },
    'alipay.trade.fastpay.refund.query': (content) => {
      const trade = tradeOf(content)
      if (!trade) return TRADE_NOT_EXIST
      const requestNo = stringField(content, 'out_request_no') ?? trade.paymentId
      const cents = trade.refunds.get(requestNo)
      // Found nothing: Alipay answers success without the refund's fields.
      if (cents === undefined) return { ...SUCCESS }
      return {
        ...SUCCESS,
        out_trade_no: trade.paymentId,
        trade_no: trade.tradeNo,
        out_request_no: requestNo,
        total_amount: formatYuan(trade.totalCents),
        refund_amount: formatYuan(cents),
        refund_status: 'REFUND_SUCCESS',
      }
    },
  }

  function answerRequest(params: Readonly<Record<string, string>>): Answer {
    const method = params.method ?? ''
    if (params.app_id !== STAND_IN_APP_ID) return { ...INVALID_ARGUMENTS, sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' }
    if (!rsaVerify(appKeys.publicKey, signString(params, ['sign']), params.sign)) {
      return { ...INVALID_ARGUMENTS, sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
    }
    const content = parseObject(params.biz_content)
    requests.push({ method, params, bizContent: content })
    const script = scripted.get(method)?.shift()
    if (script) return script
    const handler = handlers[method]
    if (!handler) return { ...INVALID_ARGUMENTS, sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' }
    return handler(content, params)
  }

  /** Alipay's answer text: `{"<method>_response":{...},"sign":"..."}`, the sign over the object's exact text. */
  function answerText(method: string, answer: Answer): string {
    const forgery = nextForgery
    nextForgery = undefined
    // Alipay escapes '/' in its JSON; the signature covers the text as sent.
    const inner = JSON.stringify(forgery ? { ...answer, ...forgery } : answer).replaceAll('/', '\\/')
    // A forger has no Alipay key: it signs with one of its own (the application's is at hand).
    const sign = rsaSign(forgery ? appKeys.privateKey : alipayKeys.privateKey, inner)
    const key = answerAsError ? 'error' : method.replaceAll('.', '_')
    answerAsError = false
    return `{"${key}_response":${inner},"sign":"${sign}"}`
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request)
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method !== 'POST' || url.pathname !== GATEWAY_PATH) {
      response.writeHead(HTTP_NOT_FOUND).end()
      return
    }
    const httpStatus = nextHttpStatus
    nextHttpStatus = undefined
    if (httpStatus !== undefined) {
      response.writeHead(httpStatus, { 'content-type': 'text/plain' }).end('gateway unavailable')
      return
    }
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) }
    const text = answerText(params.method ?? 'error', answerRequest(params))
    const send = (): void => {
      response.writeHead(HTTP_OK, { 'content-type': 'text/html;charset=utf-8' }).end(text)
    }
    late.send(send)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.destroy(error instanceof Error ? error : undefined))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}${GATEWAY_PATH}`

  function notification(fields: Readonly<Record<string, string>>): NotificationRequest {
    const signed = { ...fields, sign_type: 'RSA2' }
    const sign = rsaSign(alipayKeys.privateKey, signString(signed, ['sign', 'sign_type']))
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      rawBody: new URLSearchParams({ ...signed, sign }).toString(),
    }
  }

  function readCashierUrl(cashierUrl: string): CashierPage {
    const params = Object.fromEntries(new URL(cashierUrl).searchParams)
    return {
      signatureValid: rsaVerify(appKeys.publicKey, signString(params, ['sign']), params.sign),
      params,
      bizContent: parseObject(params.biz_content),
    }
  }

  function script(method: string, answer: Answer): void {
    scripted.set(method, [...(scripted.get(method) ?? []), answer])
  }

  function existingTrade(paymentId: string): TradeRecord {
    const trade = trades.get(paymentId)
    if (!trade) throw new Error(`The stand-in has no trade ${paymentId}`)
    return trade
  }

  return {
    appId: STAND_IN_APP_ID,
    gateway,
    addAuthCode: (code, userId) => {
      authCodes.set(code, userId)
    },
    settings: (overrides = {}) => ({
      appId: STAND_IN_APP_ID,
      privateKeyPem: appKeys.privateKey,
      alipayPublicKeyPem: alipayKeys.publicKey,
      gateway,
      notifyUrl: DEFAULT_NOTIFY_URL,
      returnUrl: DEFAULT_RETURN_URL,
      ...overrides,
    }),
    trade: (paymentId) => {
      const trade = trades.get(paymentId)
      return trade && snapshot(trade)
    },
    readCashierUrl,
    openCashier(cashierUrl) {
      const page = readCashierUrl(cashierUrl)
      if (!page.signatureValid || page.params.method !== 'alipay.trade.wap.pay' || page.params.app_id !== STAND_IN_APP_ID) {
        throw new Error('Alipay refuses this cashier address')
      }
      const { trade, refusal } = openTrade(page.bizContent, page.params.notify_url)
      if (!trade) throw new Error(`Alipay refuses this cashier address: ${refusal.sub_code}`)
      return snapshot(trade)
    },
    pay(paymentId) {
      const trade = existingTrade(paymentId)
      if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`Trade ${paymentId} is ${trade.status}: nothing to pay`)
      const paidAt = new Date()
      trade.status = 'TRADE_SUCCESS'
      trade.paidAt = paidAt
      const amount = formatYuan(trade.totalCents)
      return notification({
        notify_time: chinaDateTime(paidAt),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(NOTIFY_ID_BYTES).toString('hex'),
        app_id: STAND_IN_APP_ID,
        charset: 'utf-8',
        version: '1.0',
        trade_no: trade.tradeNo,
        out_trade_no: trade.paymentId,
        trade_status: trade.status,
        total_amount: amount,
        receipt_amount: amount,
        buyer_pay_amount: amount,
        subject: trade.subject,
        gmt_create: chinaDateTime(trade.createdAt),
        gmt_payment: chinaDateTime(paidAt),
        ...(trade.buyerId ? { buyer_id: trade.buyerId } : {}),
      })
    },
    finish(paymentId) {
      const trade = existingTrade(paymentId)
      if (trade.status !== 'TRADE_SUCCESS') throw new Error(`Trade ${paymentId} is ${trade.status}: not paid`)
      trade.status = 'TRADE_FINISHED'
    },
    notification,
    failNext(method, failure) {
      script(method, {
        code: failure.code,
        msg: failure.msg ?? BUSINESS_FAILED.msg,
        ...(failure.subCode ? { sub_code: failure.subCode } : {}),
        ...(failure.subMsg ? { sub_msg: failure.subMsg } : {}),
      })
    },
    answerNext: (method, answer) => script(method, { ...answer }),
    failNextHttp(status) {
      nextHttpStatus = status
    },
    delayNext(ms) {
      late.delayNext(ms)
    },
    forgeNextAnswer(overrides = {}) {
      nextForgery = overrides
    },
    requests,
    async close() {
      late.cancel()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
