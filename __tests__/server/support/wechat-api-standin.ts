/**
 * A local stand-in for WeChat's server APIs (api.weixin.qq.com) as one app sees them, speaking
 * WeChat's published wire protocol, so the adapter (server/platform/wechat-api.ts) is tested over
 * real HTTP: stable_token checks the appid and secret and hands out tokens that expire (normal
 * mode keeps answering the current token until its last 5 minutes, as WeChat does), every call
 * with an access_token checks it (40001 unknown or voided, 42001 expired), and login and phone
 * codes are the ones a test registers, each good once. Tests steer it with WeChat's documented
 * errors and with delays, and count the calls of each endpoint. Its clock may be the test's, so
 * that tokens age with the adapter's.
 */
import { LateAnswers } from './late-answers'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { systemClock } from '../../../server/runtime/clock'
import type { Clock } from '../../../server/runtime/clock'
import type { WechatApiSettings, WechatEndpoint } from '../../../server/platform/wechat-api'
import { HTTP_OK, HTTP_NOT_FOUND, MS_PER_SECOND } from './http-status'

/** One of WeChat's error answers (HTTP 200 with a non-zero errcode). */
export interface StandInFailure {
  readonly errcode: number
  readonly errmsg: string
}

/** A request as it arrived. */
export interface StandInRequest {
  readonly endpoint: WechatEndpoint
  readonly method: string
  readonly query: Readonly<Record<string, string>>
  /** The JSON body of a POST. */
  readonly body?: Json
}

export interface WechatApiStandInOptions {
  /** The app's AppID; a fresh one when absent. */
  readonly appId?: string
  /** What the stand-in's tokens age by; the system's when absent. */
  readonly clock?: Clock
  /** The lifetime of a new access token (stable_token's expires_in); 7200 s when absent. */
  readonly tokenSeconds?: number
}

export interface WechatApiStandIn {
  readonly baseUrl: string
  readonly appId: string
  readonly requests: readonly StandInRequest[]
  /** Settings that reach this stand-in as its app. */
  settings(overrides?: Partial<WechatApiSettings>): WechatApiSettings
  /** A wx.login code code2Session accepts once. */
  addLoginCode(code: string, openid: string, unionid?: string): void
  /** A getPhoneNumber code getuserphonenumber accepts once (countryCode '86' when absent). */
  addPhoneCode(code: string, purePhoneNumber: string, countryCode?: string | number): void
  /** How often an endpoint was called (refused calls included). */
  calls(endpoint: WechatEndpoint): number
  /** The next call of `endpoint` gets this error answer instead of its result. */
  failNext(endpoint: WechatEndpoint, failure: StandInFailure): void
  /** The next answer leaves `ms` late (the call itself is carried out at once, as WeChat would). */
  delayNext(ms: number): void
  /** Every token handed out so far expires now (calls with them get 42001). */
  expireTokens(): void
  /** The token stable_token currently answers in normal mode. */
  currentToken(): string | undefined
  currentTicket(): string | undefined
  close(): Promise<void>
}

const DEFAULT_TOKEN_SECONDS = 7200
/** getticket answers expires_in 7200 each time, whatever is left (as WeChat does). */
const TICKET_SECONDS = 7200
/** Normal mode renews the token this long before it ends (getStableAccessToken, 注意事项). */
const RENEW_AHEAD_MS = 5 * 60 * 1000
const MIN_URL_LINK_DAYS = 1
const MAX_URL_LINK_DAYS = 30
const SECRET_BYTES = 16
const APP_ID_BYTES = 8
const TOKEN_BYTES = 48
const SESSION_KEY_BYTES = 16
const LINK_BYTES = 8

type Json = Readonly<Record<string, unknown>>
interface Reply {
  readonly status: number
  readonly body: Json
}
interface Issued {
  readonly value: string
  expiresAt: number
  voided: boolean
}
interface LoginCode {
  readonly openid: string
  readonly unionid?: string
  used: boolean
}
interface PhoneCode {
  readonly purePhoneNumber: string
  readonly countryCode: string | number
  used: boolean
}

const ROUTES: Readonly<Record<string, { readonly endpoint: WechatEndpoint; readonly method: 'GET' | 'POST' }>> = {
  '/cgi-bin/stable_token': { endpoint: 'stable_token', method: 'POST' },
  '/sns/jscode2session': { endpoint: 'jscode2session', method: 'GET' },
  '/wxa/business/getuserphonenumber': { endpoint: 'getuserphonenumber', method: 'POST' },
  '/wxa/generate_urllink': { endpoint: 'generate_urllink', method: 'POST' },
  '/cgi-bin/ticket/getticket': { endpoint: 'getticket', method: 'GET' },
}

// The messages are WeChat's (global return codes, and each endpoint's error table).
const ok = (body: Json): Reply => ({ status: HTTP_OK, body })
const error = (errcode: number, errmsg: string): Reply => ({ status: HTTP_OK, body: { errcode, errmsg } })
const INVALID_URL: Reply = { status: HTTP_NOT_FOUND, body: { errcode: 40066, errmsg: 'invalid url' } }
const REQUIRE_POST = error(43002, 'require POST method')
const REQUIRE_GET = error(43001, 'require GET method')
const DATA_FORMAT_ERROR = error(47001, 'data format error')
const INVALID_GRANT_TYPE = error(40002, 'invalid grant_type')
const INVALID_APPID = error(40013, 'invalid appid')
const INVALID_SECRET = error(40125, 'invalid appsecret')
const TOKEN_MISSING = error(41001, 'access_token missing')
const TOKEN_INVALID = error(40001, 'invalid credential, access_token is invalid or not latest')
const TOKEN_EXPIRED = error(42001, 'access_token expired')
const INVALID_CODE = error(40029, 'invalid code')
const CODE_USED = error(40163, 'code been used')
const INVALID_ARGS = error(40097, 'invalid args')

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

export async function startWechatApiStandIn(options: WechatApiStandInOptions = {}): Promise<WechatApiStandIn> {
  const appId = options.appId ?? `wx${hex(APP_ID_BYTES)}`
  const appSecret = hex(SECRET_BYTES)
  const clock = options.clock ?? systemClock
  const tokenSeconds = options.tokenSeconds ?? DEFAULT_TOKEN_SECONDS
  const tokens = new Map<string, Issued>()
  const loginCodes = new Map<string, LoginCode>()
  const phoneCodes = new Map<string, PhoneCode>()
  const counts = new Map<WechatEndpoint, number>()
  const pendingFailures: { endpoint: WechatEndpoint; failure: StandInFailure }[] = []
  const requests: StandInRequest[] = []
  const late = new LateAnswers()
  let currentToken: Issued | undefined
  let ticket: Issued | undefined
  const now = () => clock.now().getTime()

  function issueToken(): Issued {
    const token: Issued = { value: hex(TOKEN_BYTES), expiresAt: now() + tokenSeconds * MS_PER_SECOND, voided: false }
    tokens.set(token.value, token)
    currentToken = token
    return token
  }

  /** getStableAccessToken: normal mode answers the current token until its last 5 minutes; force_refresh voids it. */
  function stableToken(body: Json): Reply {
    if (body.grant_type !== 'client_credential') return INVALID_GRANT_TYPE
    if (body.appid !== appId) return INVALID_APPID
    if (body.secret !== appSecret) return INVALID_SECRET
    if (body.force_refresh === true && currentToken) currentToken.voided = true
    const keep = currentToken && !currentToken.voided && currentToken.expiresAt - now() > RENEW_AHEAD_MS
    const token = keep && currentToken ? currentToken : issueToken()
    return ok({ access_token: token.value, expires_in: Math.floor((token.expiresAt - now()) / MS_PER_SECOND) })
  }

  /** The refusal of a call's access_token, or undefined when it is good. */
  function tokenRefusal(query: Readonly<Record<string, string>>): Reply | undefined {
    const value = query.access_token
    if (!value) return TOKEN_MISSING
    const token = tokens.get(value)
    if (!token || token.voided) return TOKEN_INVALID
    return token.expiresAt <= now() ? TOKEN_EXPIRED : undefined
  }

  function code2Session(query: Readonly<Record<string, string>>): Reply {
    if (query.appid !== appId) return INVALID_APPID
    if (query.secret !== appSecret) return INVALID_SECRET
    if (query.grant_type !== 'authorization_code') return INVALID_GRANT_TYPE
    const login = loginCodes.get(query.js_code ?? '')
    if (!login) return INVALID_CODE
    if (login.used) return CODE_USED
    login.used = true
    return ok({ session_key: randomBytes(SESSION_KEY_BYTES).toString('base64'), openid: login.openid, ...(login.unionid ? { unionid: login.unionid } : {}) })
  }

  function phoneNumber(body: Json): Reply {
    const phone = phoneCodes.get(typeof body.code === 'string' ? body.code : '')
    if (!phone || phone.used) return INVALID_CODE
    phone.used = true
    const mainland = String(phone.countryCode) === '86'
    return ok({
      errcode: 0,
      errmsg: 'ok',
      phone_info: {
        // phoneNumber carries the country code for numbers abroad only.
        phoneNumber: mainland ? phone.purePhoneNumber : `+${phone.countryCode}${phone.purePhoneNumber}`,
        purePhoneNumber: phone.purePhoneNumber,
        countryCode: phone.countryCode,
        watermark: { timestamp: Math.floor(now() / MS_PER_SECOND), appid: appId },
      },
    })
  }

  function urlLink(body: Json): Reply {
    const interval = body.expire_interval
    const validInterval = typeof interval === 'number' && Number.isInteger(interval) && interval >= MIN_URL_LINK_DAYS && interval <= MAX_URL_LINK_DAYS
    if (body.expire_type !== 1 || !validInterval) return INVALID_ARGS
    return ok({ errcode: 0, errmsg: 'ok', url_link: `https://wxaurl.cn/${randomBytes(LINK_BYTES).toString('base64url')}` })
  }

  function jsApiTicket(query: Readonly<Record<string, string>>): Reply {
    if (query.type !== 'jsapi') return INVALID_ARGS
    if (!ticket || ticket.expiresAt <= now()) ticket = { value: randomBytes(TOKEN_BYTES).toString('base64url'), expiresAt: now() + TICKET_SECONDS * MS_PER_SECOND, voided: false }
    return ok({ errcode: 0, errmsg: 'ok', ticket: ticket.value, expires_in: TICKET_SECONDS })
  }

  function handle(endpoint: WechatEndpoint, query: Readonly<Record<string, string>>, body: Json): Reply {
    if (endpoint === 'stable_token') return stableToken(body)
    if (endpoint === 'jscode2session') return code2Session(query)
    const refusal = tokenRefusal(query)
    if (refusal) return refusal
    if (endpoint === 'getuserphonenumber') return phoneNumber(body)
    if (endpoint === 'generate_urllink') return urlLink(body)
    return jsApiTicket(query)
  }

  function takeFailure(endpoint: WechatEndpoint): StandInFailure | undefined {
    const index = pendingFailures.findIndex((pending) => pending.endpoint === endpoint)
    return index < 0 ? undefined : pendingFailures.splice(index, 1)[0].failure
  }

  function send(response: ServerResponse, reply: Reply): void {
    const write = () => {
      response.writeHead(reply.status, { 'Content-Type': 'application/json; encoding=utf-8' }).end(JSON.stringify(reply.body))
    }
    late.send(write)
  }

  function serve(request: IncomingMessage, response: ServerResponse, rawBody: string): void {
    const url = new URL(request.url ?? '/', 'http://standin/')
    const route = ROUTES[url.pathname]
    if (!route) return send(response, INVALID_URL)
    const method = request.method ?? ''
    const query = Object.fromEntries(url.searchParams)
    let body: Json | undefined
    if (method === 'POST') {
      try {
        body = JSON.parse(rawBody) as Json
      } catch {
        body = undefined
      }
    }
    requests.push({ endpoint: route.endpoint, method, query, ...(body ? { body } : {}) })
    counts.set(route.endpoint, (counts.get(route.endpoint) ?? 0) + 1)
    const failure = takeFailure(route.endpoint)
    if (failure) return send(response, error(failure.errcode, failure.errmsg))
    if (method !== route.method) return send(response, route.method === 'POST' ? REQUIRE_POST : REQUIRE_GET)
    if (method === 'POST' && (typeof body !== 'object' || body === null)) return send(response, DATA_FORMAT_ERROR)
    send(response, handle(route.endpoint, query, body ?? {}))
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => serve(request, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    appId,
    requests,
    settings: (overrides = {}) => ({ appId, appSecret, baseUrl, ...overrides }),
    addLoginCode: (code, openid, unionid) => {
      loginCodes.set(code, { openid, ...(unionid ? { unionid } : {}), used: false })
    },
    addPhoneCode: (code, purePhoneNumber, countryCode = '86') => {
      phoneCodes.set(code, { purePhoneNumber, countryCode, used: false })
    },
    calls: (endpoint) => counts.get(endpoint) ?? 0,
    failNext: (endpoint, failure) => {
      pendingFailures.push({ endpoint, failure })
    },
    delayNext: (ms) => late.delayNext(ms),
    expireTokens: () => {
      for (const token of tokens.values()) token.expiresAt = Math.min(token.expiresAt, now())
    },
    currentToken: () => currentToken?.value,
    currentTicket: () => ticket?.value,
    close: async () => {
      late.cancel()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
