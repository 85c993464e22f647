/**
 * A local stand-in for WeChat Pay API v3, speaking its published wire protocol, so the adapter
 * (server/payments/wechat-pay.ts) and its SDK are tested end to end without the real service: it
 * makes its own merchant key pair and WeChat Pay public key pair, checks every request's
 * WECHATPAY2-SHA256-RSA2048 Authorization, keeps trades and refunds in memory, signs every answer,
 * and builds the signed, AES-GCM-encrypted notifications WeChat would post. Tests steer it with
 * documented failures, delays and forged answers.
 */
import { LateAnswers } from './late-answers'
import { chinaRfc3339 } from '../../../src/domain/china-time'
import { createCipheriv, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { NotificationRequest } from '../../../server/payments/vendor'
import type { WechatPaySettings } from '../../../server/payments/wechat-pay'
import { HTTP_OK, HTTP_NO_CONTENT, HTTP_BAD_REQUEST, HTTP_UNAUTHORIZED, HTTP_FORBIDDEN, HTTP_NOT_FOUND, MS_PER_SECOND } from './http-status'

export type TradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'REFUND' | 'CLOSED' | 'PAYERROR' | 'REVOKED'
export type RefundStatus = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED'
/** The operations the stand-in serves (failNext takes one of these, or a fragment of a path). */
export type StandInOperation = 'jsapi' | 'h5' | 'query' | 'close' | 'refund'

export interface StandInTrade {
  readonly paymentId: string
  readonly tradeType: 'JSAPI' | 'MWEB'
  readonly totalCents: number
  readonly prepayId: string
  /** The order as it was opened (the first request's body). */
  readonly order: Readonly<Record<string, unknown>>
  state: TradeState
  transactionId?: string
}

export interface StandInRefund {
  readonly refundId: string
  readonly paymentId: string
  readonly wechatRefundId: string
  readonly amountCents: number
  status: RefundStatus
}

/** A request as it arrived: `signatureValid` says whether its Authorization verified. */
export interface StandInRequest {
  readonly method: string
  /** Path and query, as signed. */
  readonly url: string
  readonly body: string
  readonly signatureValid: boolean
}

/** One of WeChat's documented error answers. */
export interface StandInFailure {
  readonly status: number
  readonly code: string
  readonly message: string
}

export interface WechatPayStandIn {
  readonly baseUrl: string
  /** What the merchant's API certificate carries: paySign verifies with it. */
  readonly merchantPublicKey: KeyObject
  readonly requests: readonly StandInRequest[]
  /** Everything a vendor needs to talk to this stand-in as its merchant. */
  settings(overrides?: Partial<WechatPaySettings>): WechatPaySettings
  trade(paymentId: string): StandInTrade | undefined
  refund(refundId: string): StandInRefund | undefined
  /** Puts an existing trade in a state (USERPAYING, PAYERROR, REVOKED are reached no other way here). */
  setTradeState(paymentId: string, state: TradeState): void
  /** The buyer pays: the trade becomes SUCCESS, and WeChat's TRANSACTION.SUCCESS notification is returned. */
  pay(paymentId: string): NotificationRequest
  /** A refund ends: its status becomes `outcome`, and WeChat's REFUND.* notification is returned. */
  refundNotification(refundId: string, outcome: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): NotificationRequest
  /** Any notification: `resource` encrypted with the APIv3 key, the whole signed with the WeChat Pay key. */
  notification(eventType: string, resource: Readonly<Record<string, unknown>>, options?: SigningOptions): NotificationRequest
  /** `rawBody` signed as WeChat signs a notification (`at`: the signature's time, now when absent). */
  signNotification(rawBody: string, options?: SigningOptions): NotificationRequest
  /** The status new refunds get in the refund call's answer (PROCESSING until changed). */
  answerRefundsWith(status: RefundStatus): void
  /** The next request to `target` (an operation, or a fragment of its path) gets this error answer. */
  failNext(target: StandInOperation | string, failure: StandInFailure): void
  /** The next answer leaves `ms` late (the request itself is carried out at once, as WeChat would). */
  delayNext(ms: number): void
  /** The next answer is signed with a key that is not WeChat Pay's. */
  forgeNextAnswer(): void
  close(): Promise<void>
}

export interface SigningOptions {
  readonly at?: Date
}

export const STANDIN_APP_ID = 'wxd678efh567hg6787'
export const STANDIN_MCH_ID = '1900000001'
const PLATFORM_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000000012025000000000000000001'
const RSA_BITS = 2048
const SERIAL_BYTES = 20
const NONCE_BYTES = 16
const GCM_NONCE_BYTES = 6
const API_V3_KEY_BYTES = 16
const MAX_CLOCK_SKEW_SECONDS = 300
const AUTHORIZATION_SCHEME = 'WECHATPAY2-SHA256-RSA2048'
const CURRENCY = 'CNY'


const PAID_STATES: ReadonlySet<TradeState> = new Set(['SUCCESS', 'REFUND'])
const EVENT_SUMMARIES: Readonly<Record<string, string>> = {
  'TRANSACTION.SUCCESS': '支付成功',
  'REFUND.SUCCESS': '退款成功',
  'REFUND.ABNORMAL': '退款异常',
  'REFUND.CLOSED': '退款关闭',
}

type Json = Readonly<Record<string, unknown>>
interface Reply {
  readonly status: number
  readonly body?: Json
}
interface Route {
  readonly operation: StandInOperation
  readonly paymentId?: string
}

const QUERY_PATH = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?$/

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString()
const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: RSA_BITS })
const nonce = () => randomBytes(NONCE_BYTES).toString('hex')
const seconds = (at: Date) => String(Math.floor(at.getTime() / MS_PER_SECOND))
const error = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } })

export async function startWechatPayStandIn(): Promise<WechatPayStandIn> {
  const merchant = rsaKeys()
  const platform = rsaKeys()
  const forger = rsaKeys()
  const merchantSerial = randomBytes(SERIAL_BYTES).toString('hex').toUpperCase()
  const apiV3Key = randomBytes(API_V3_KEY_BYTES).toString('hex')
  const trades = new Map<string, StandInTrade>()
  const refunds = new Map<string, StandInRefund>()
  const requests: StandInRequest[] = []
  const pendingFailures: { target: string; failure: StandInFailure }[] = []
  const late = new LateAnswers()
  let refundStatus: RefundStatus = 'PROCESSING'
  let forgeNext = false
  let serialNumber = 0
  const nextNumber = () => String(++serialNumber).padStart(10, '0')

  const tradeOf = (paymentId: string) => {
    const trade = trades.get(paymentId)
    if (!trade) throw new Error(`the stand-in has no trade ${paymentId}`)
    return trade
  }

  /** Checks Authorization as WeChat does: its merchant, serial, a fresh timestamp and the signature. */
  function authorized(request: IncomingMessage, body: string): boolean {
    const header = request.headers.authorization ?? ''
    if (!header.startsWith(`${AUTHORIZATION_SCHEME} `)) return false
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]))
    const { mchid, nonce_str: nonceStr, signature, timestamp, serial_no: serial } = fields
    if (mchid !== STANDIN_MCH_ID || serial !== merchantSerial || !signature || !timestamp || !nonceStr) return false
    if (Math.abs(Date.now() / MS_PER_SECOND - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonceStr}\n${body}\n`
    return verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(signature, 'base64'))
  }

  function routeOf(method: string, path: string): Route | undefined {
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') return { operation: 'jsapi' }
    if (method === 'POST' && path === '/v3/pay/transactions/h5') return { operation: 'h5' }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return { operation: 'refund' }
    const match = QUERY_PATH.exec(path)
    if (!match) return undefined
    const paymentId = decodeURIComponent(match[1])
    if (method === 'GET' && !match[2]) return { operation: 'query', paymentId }
    if (method === 'POST' && match[2]) return { operation: 'close', paymentId }
    return undefined
  }

  function takeFailure(route: Route, url: string): StandInFailure | undefined {
    const index = pendingFailures.findIndex(({ target }) => target === route.operation || url.includes(target))
    return index < 0 ? undefined : pendingFailures.splice(index, 1)[0].failure
  }

  function open(order: Json, tradeType: StandInTrade['tradeType']): Reply {
    if (order.appid !== STANDIN_APP_ID || order.mchid !== STANDIN_MCH_ID) return error(HTTP_BAD_REQUEST, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配')
    const paymentId = String(order.out_trade_no)
    const totalCents = Number((order.amount as Json | undefined)?.total)
    const existing = trades.get(paymentId)
    if (existing && PAID_STATES.has(existing.state)) return error(HTTP_FORBIDDEN, 'ORDERPAID', '该订单已支付')
    if (existing?.state === 'CLOSED') return error(HTTP_BAD_REQUEST, 'ORDER_CLOSED', '订单已关闭')
    if (existing && (existing.totalCents !== totalCents || existing.tradeType !== tradeType)) {
      return error(HTTP_BAD_REQUEST, 'INVALID_REQUEST', '201 商户订单号重复')
    }
    const trade: StandInTrade = existing ?? { paymentId, tradeType, totalCents, prepayId: `wx${nextNumber()}${nonce()}`, order, state: 'NOTPAY' }
    trades.set(paymentId, trade)
    if (tradeType === 'JSAPI') return { status: HTTP_OK, body: { prepay_id: trade.prepayId } }
    return { status: HTTP_OK, body: { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=${nextNumber()}` } }
  }

  function transaction(trade: StandInTrade): Json {
    const paid = trade.transactionId ? { transaction_id: trade.transactionId, payer: trade.order.payer ?? {} } : {}
    return {
      appid: STANDIN_APP_ID,
      mchid: STANDIN_MCH_ID,
      out_trade_no: trade.paymentId,
      trade_type: trade.tradeType,
      trade_state: trade.state,
      trade_state_desc: trade.state,
      amount: { total: trade.totalCents, currency: CURRENCY, ...(trade.transactionId ? { payer_total: trade.totalCents } : {}) },
      ...paid,
    }
  }

  function query(paymentId: string, url: string): Reply {
    if (new URL(url, 'http://standin/').searchParams.get('mchid') !== STANDIN_MCH_ID) return error(HTTP_BAD_REQUEST, 'PARAM_ERROR', 'mchid不正确')
    const trade = trades.get(paymentId)
    return trade ? { status: HTTP_OK, body: transaction(trade) } : error(HTTP_NOT_FOUND, 'ORDER_NOT_EXIST', '订单不存在')
  }

  function close(paymentId: string, body: Json): Reply {
    if (body.mchid !== STANDIN_MCH_ID) return error(HTTP_BAD_REQUEST, 'PARAM_ERROR', 'mchid不正确')
    const trade = trades.get(paymentId)
    if (!trade) return error(HTTP_NOT_FOUND, 'ORDER_NOT_EXIST', '订单不存在')
    if (PAID_STATES.has(trade.state)) return error(HTTP_FORBIDDEN, 'ORDERPAID', '该订单已支付')
    trade.state = 'CLOSED'
    return { status: HTTP_NO_CONTENT }
  }

  function refundAnswer(refund: StandInRefund, trade: StandInTrade): Json {
    return {
      refund_id: refund.wechatRefundId,
      out_refund_no: refund.refundId,
      transaction_id: trade.transactionId,
      out_trade_no: trade.paymentId,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: chinaRfc3339(new Date()),
      status: refund.status,
      amount: { refund: refund.amountCents, total: trade.totalCents, payer_refund: refund.amountCents, payer_total: trade.totalCents, currency: CURRENCY },
    }
  }

  function refund(body: Json): Reply {
    const trade = trades.get(String(body.out_trade_no))
    const amount = (body.amount ?? {}) as Json
    const refundId = String(body.out_refund_no)
    if (!trade) return error(HTTP_NOT_FOUND, 'RESOURCE_NOT_EXISTS', '订单不存在')
    if (!PAID_STATES.has(trade.state)) return error(HTTP_BAD_REQUEST, 'INVALID_REQUEST', '订单未支付')
    if (amount.total !== trade.totalCents || typeof amount.refund !== 'number' || amount.refund > trade.totalCents) {
      return error(HTTP_BAD_REQUEST, 'PARAM_ERROR', '退款金额不正确')
    }
    const existing = refunds.get(refundId)
    const entry: StandInRefund = existing ?? { refundId, paymentId: trade.paymentId, wechatRefundId: `50${nextNumber()}`, amountCents: amount.refund, status: refundStatus }
    refunds.set(refundId, entry)
    if (entry.status === 'SUCCESS') trade.state = 'REFUND'
    return { status: HTTP_OK, body: refundAnswer(entry, trade) }
  }

  function handle(route: Route, url: string, body: Json): Reply {
    switch (route.operation) {
      case 'jsapi':
        return open(body, 'JSAPI')
      case 'h5':
        return open(body, 'MWEB')
      case 'query':
        return query(route.paymentId ?? '', url)
      case 'close':
        return close(route.paymentId ?? '', body)
      case 'refund':
        return refund(body)
    }
  }

  /** Sends the reply, signed as WeChat signs answers (unsigned refusals of unauthenticated requests excepted). */
  function send(response: ServerResponse, reply: Reply, signed: boolean): void {
    const text = reply.body ? JSON.stringify(reply.body) : ''
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-ID': nonce() }
    if (signed) {
      const timestamp = seconds(new Date())
      const answerNonce = nonce()
      const key = forgeNext ? forger.privateKey : platform.privateKey
      forgeNext = false
      Object.assign(headers, {
        'Wechatpay-Serial': PLATFORM_PUBLIC_KEY_ID,
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': answerNonce,
        'Wechatpay-Signature': sign('RSA-SHA256', Buffer.from(`${timestamp}\n${answerNonce}\n${text}\n`), key).toString('base64'),
      })
    }
    const write = () => {
      response.writeHead(reply.status, headers).end(text)
    }
    late.send(write)
  }

  function serve(request: IncomingMessage, response: ServerResponse, body: string): void {
    const url = request.url ?? '/'
    const signatureValid = authorized(request, body)
    requests.push({ method: request.method ?? '', url, body, signatureValid })
    // WeChat cannot sign for a merchant it could not authenticate: that refusal comes unsigned.
    if (!signatureValid) return send(response, error(HTTP_UNAUTHORIZED, 'SIGN_ERROR', '签名错误'), false)
    const route = routeOf(request.method ?? '', url.split('?')[0])
    if (!route) return send(response, error(HTTP_NOT_FOUND, 'NOT_FOUND', '无此接口'), true)
    const failure = takeFailure(route, url)
    if (failure) return send(response, error(failure.status, failure.code, failure.message), true)
    let parsed: Json
    try {
      parsed = body ? (JSON.parse(body) as Json) : {}
    } catch {
      return send(response, error(HTTP_BAD_REQUEST, 'PARAM_ERROR', '请求体不是JSON'), true)
    }
    send(response, handle(route, url, parsed), true)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => serve(request, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

  function signNotification(rawBody: string, options: SigningOptions = {}): NotificationRequest {
    const timestamp = seconds(options.at ?? new Date())
    const headerNonce = nonce()
    const signature = sign('RSA-SHA256', Buffer.from(`${timestamp}\n${headerNonce}\n${rawBody}\n`), platform.privateKey).toString('base64')
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': PLATFORM_PUBLIC_KEY_ID,
        'wechatpay-signature': signature,
        'wechatpay-signature-type': AUTHORIZATION_SCHEME,
        'wechatpay-timestamp': timestamp,
      },
    }
  }

  function notification(eventType: string, resource: Json, options: SigningOptions = {}): NotificationRequest {
    const associatedData = eventType.startsWith('REFUND.') ? 'refund' : 'transaction'
    const gcmNonce = randomBytes(GCM_NONCE_BYTES).toString('hex')
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), gcmNonce).setAAD(Buffer.from(associatedData))
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]).toString('base64')
    const envelope = {
      id: `EV-${nextNumber()}`,
      create_time: chinaRfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: EVENT_SUMMARIES[eventType] ?? '通知',
      resource: { original_type: associatedData, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce: gcmNonce },
    }
    return signNotification(JSON.stringify(envelope), options)
  }

  return {
    baseUrl,
    merchantPublicKey: merchant.publicKey,
    requests,
    settings: (overrides = {}) => ({
      appId: STANDIN_APP_ID,
      mchId: STANDIN_MCH_ID,
      merchantSerial,
      merchantPrivateKeyPem: pem(merchant.privateKey, 'pkcs8'),
      platformPublicKeyId: PLATFORM_PUBLIC_KEY_ID,
      platformPublicKeyPem: pem(platform.publicKey, 'spki'),
      apiV3Key,
      baseUrl,
      notifyUrl: 'https://etc.example.com/pay/v1/notify/wechat',
      h5ReturnUrl: 'https://etc.example.com/pay/result',
      ...overrides,
    }),
    trade: (paymentId) => trades.get(paymentId),
    refund: (refundId) => refunds.get(refundId),
    setTradeState: (paymentId, state) => {
      tradeOf(paymentId).state = state
    },
    pay: (paymentId) => {
      const trade = tradeOf(paymentId)
      if (trade.state !== 'NOTPAY' && trade.state !== 'USERPAYING') throw new Error(`trade ${paymentId} cannot be paid: ${trade.state}`)
      trade.state = 'SUCCESS'
      trade.transactionId = `4200${nextNumber()}`
      return notification('TRANSACTION.SUCCESS', { ...transaction(trade), success_time: chinaRfc3339(new Date()) })
    },
    refundNotification: (refundId, outcome) => {
      const entry = refunds.get(refundId)
      if (!entry) throw new Error(`the stand-in has no refund ${refundId}`)
      const trade = tradeOf(entry.paymentId)
      entry.status = outcome
      if (outcome === 'SUCCESS') trade.state = 'REFUND'
      const { status: _status, create_time: _created, ...resource } = refundAnswer(entry, trade)
      return notification(`REFUND.${outcome}`, { ...resource, mchid: STANDIN_MCH_ID, refund_status: outcome, success_time: chinaRfc3339(new Date()) })
    },
    notification,
    signNotification,
    answerRefundsWith: (status) => {
      refundStatus = status
    },
    failNext: (target, failure) => {
      pendingFailures.push({ target, failure })
    },
    delayNext: (ms) => late.delayNext(ms),
    forgeNextAnswer: () => {
      forgeNext = true
    },
    close: async () => {
      late.cancel()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((closeError) => (closeError ? reject(closeError) : resolve())))
    },
  }
}
