/**
 * WeChat's server APIs for one WeChat app, over HTTPS with Node's fetch (WeChat publishes no Node
 * SDK for them): the access token, code2Session login, phone-number codes, URL links and the
 * JS-SDK's jsapi_ticket. One adapter is one app (its appid and AppSecret): the mini-program logs
 * people in, takes phone codes and makes URL links; the JS-SDK belongs to the official account,
 * whose appid and secret differ, so the server makes a second adapter for the ticket.
 *
 * WeChat rations the access token and the ticket and wants them kept centrally, so they live in
 * a SharedTokenStore (Redis when the server runs as several processes, memory in one process),
 * are refreshed by one process at a time under a lock, and before they run out. The answers and
 * error codes are WeChat's documented ones (developers.weixin.qq.com, cited at each call).
 * Nothing secret (AppSecret, tokens, tickets, session_key) reaches an error message.
 */
import { SECOND_MS } from '../../src/domain/constants'
import type { Redis } from 'ioredis'
import type { MiniProgramEnvVersion } from '../../types/api/catalogue'
import { CREDENTIAL_PATTERN, IdentityUnavailableError } from '../auth/identity-providers'
import type { IdentityProvider } from '../auth/identity-providers'
import { systemClock } from '../runtime/clock'
import type { Clock } from '../runtime/clock'
import { cryptoRandom } from '../runtime/random'
import type { PhoneNumberProvider } from './phone-numbers'

export interface WechatApiSettings {
  /** The app's AppID: the mini-program's, or the official account's for the JS-SDK ticket. */
  readonly appId: string
  readonly appSecret: string
  /** WeChat's API root; production (https://api.weixin.qq.com) when absent. */
  readonly baseUrl?: string
  /** How long one call may take before it is a retryable TIMEOUT; DEFAULT_TIMEOUT_MS when absent. */
  readonly timeoutMs?: number
}

/** A credential WeChat hands out for a while (access token, jsapi_ticket) and when it ends (epoch ms). */
export interface StoredCredential {
  readonly value: string
  readonly expiresAt: number
}

/**
 * Where the processes of one server keep WeChat's credentials together. `lock` lets one of them
 * refresh while the others wait and read what it stored: it answers a lease while the caller
 * holds the lock (for at most `ttlMs`), undefined while another does; `unlock` frees it only
 * for the lease's holder, so a refresher that outlived its lock cannot free a newer holder's.
 */
export interface SharedTokenStore {
  get(key: string): Promise<StoredCredential | undefined>
  set(key: string, value: string, expiresAt: number): Promise<void>
  lock(key: string, ttlMs: number): Promise<string | undefined>
  unlock(key: string, lease: string): Promise<void>
}

export interface UrlLinkRequest {
  /** A page of the published mini-program, without a query; empty opens its home page. */
  readonly path: string
  readonly query: string
  /** Days the link works (WeChat's expire_interval: 1 to 30). */
  readonly expireDays: number
  /** Which version opens outside WeChat; WeChat's default ("release") when absent. */
  readonly envVersion?: MiniProgramEnvVersion
}

export interface WechatApi {
  /** The app's access token, from the shared store; fetched only when missing or ending. */
  accessToken(): Promise<string>
  /** wx.login codes → the user's openid (code2Session). */
  identityProvider(): IdentityProvider
  /** getPhoneNumber codes → the user's mainland mobile number. */
  phoneNumbers(): PhoneNumberProvider
  generateUrlLink(request: UrlLinkRequest): Promise<string>
  /** The official account's jsapi_ticket, from the shared store, for signing the JS-SDK config. */
  jsApiTicket(): Promise<string>
}

/** The calls made here: an error says which one failed. */
export type WechatEndpoint = 'stable_token' | 'jscode2session' | 'getuserphonenumber' | 'generate_urllink' | 'getticket'

/**
 * What went wrong: WECHAT_ERROR is WeChat's own errcode (in `errcode`); the others mean no
 * readable answer came (TIMEOUT, NETWORK_ERROR, HTTP_STATUS, BAD_ANSWER) or the call was refused
 * here before it was sent (BAD_ARGUMENT).
 */
export type WechatFailure = 'WECHAT_ERROR' | 'TIMEOUT' | 'NETWORK_ERROR' | 'HTTP_STATUS' | 'BAD_ANSWER' | 'BAD_ARGUMENT'

/**
 * A call that did not give its result. `retryable` says the same call may well succeed shortly
 * (WeChat busy or rate-limited, the network or a timeout), so a login answers "try again"
 * rather than "wrong code".
 */
export class WechatApiError extends Error {
  override readonly name = 'WechatApiError'

  constructor(
    readonly endpoint: WechatEndpoint,
    readonly failure: WechatFailure,
    message: string,
    readonly retryable: boolean,
    readonly errcode?: number,
  ) {
    super(message)
  }
}

/** What a login learns when WeChat could not be asked (the WechatApiError is its cause). */
const UNVOUCHED = 'WeChat could not vouch for the login code now'
const DEFAULT_BASE_URL = 'https://api.weixin.qq.com/'
const DEFAULT_TIMEOUT_MS = 10_000
const MS_PER_MINUTE = 60 * SECOND_MS
/**
 * A stored credential is refreshed once less than this is left. WeChat's normal mode (no
 * force_refresh) renews the access token 5 minutes before it ends and until then keeps answering
 * the current one (getStableAccessToken, 注意事项: "普通模式下平台会提前5分钟更新access_token"), so
 * asking with 4 minutes left surely gets the new one; the old one stays good for calls in flight.
 */
const REFRESH_MARGIN_MS = 4 * MS_PER_MINUTE
/** The refresh lock outlasts the refresher's own call by this much. */
const LOCK_MARGIN_MS = 2 * SECOND_MS
/** How often a process waiting for another's refresh looks at the store again. */
const LOCK_POLL_MS = 50
/** WeChat's errmsg goes into error messages, cut to this length. */
const MAX_ERRMSG_LENGTH = 200
const REDACTED = '***'

const HTTP_OK = 200
const HTTP_MULTIPLE_CHOICES = 300
const HTTP_TOO_MANY_REQUESTS = 429
const HTTP_SERVER_ERROR = 500

/**
 * Global return codes (developers.weixin.qq.com, 公共错误码 / commErrCode): 40001 invalid credential
 * ("access_token is invalid or not latest"), 40014 invalid access_token, 42001 access_token
 * expired. Each calls for a new token, once.
 */
const TOKEN_REJECTED_CODES: ReadonlySet<number> = new Set([40001, 40014, 42001])
/** -1 "system error, 系统繁忙，此时请开发者稍候再试" and 45011 "api minute-quota reach limit" pass on their own. */
const RETRYABLE_CODES: ReadonlySet<number> = new Set([-1, 45011])
/**
 * code2Session refusals of the code itself (OpenApiDoc/user-login/code2Session, 错误码): 40029
 * "code 无效", 40226 "code blocked" (a high-risk user, login intercepted), and 40163 "code been
 * used", which WeChat answers for a code used before though the page does not list it.
 */
const LOGIN_REFUSED_CODES: ReadonlySet<number> = new Set([40029, 40163, 40226])
/** getPhoneNumber's refusal: 40029 "code 无效" (each code works once, for 5 minutes), and 40163 for a used one. */
const PHONE_REFUSED_CODES: ReadonlySet<number> = new Set([40029, 40163])
/** getuserphonenumber's phone_info.countryCode of mainland numbers (a string in the table, a number in the example). */
const MAINLAND_COUNTRY_CODE = '86'
const MAINLAND_MOBILE = /^1\d{10}$/
/** generateUrlLink: expire_type 1 is "失效间隔天数", and expire_interval is at most 30 days. */
const URL_LINK_EXPIRE_BY_INTERVAL = 1
const MIN_URL_LINK_DAYS = 1
const MAX_URL_LINK_DAYS = 30
const LEASE_BYTES = 16

type Json = Readonly<Record<string, unknown>>

interface WechatRequest {
  readonly endpoint: WechatEndpoint
  readonly path: string
  readonly query?: Readonly<Record<string, string>>
  /** Sent as JSON with POST; without it the call is a GET. */
  readonly body?: Json
}

export function createWechatApi(settings: WechatApiSettings, store: SharedTokenStore, clock: Clock = systemClock): WechatApi {
  const baseUrl = withTrailingSlash(settings.baseUrl ?? DEFAULT_BASE_URL)
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const lockTtlMs = timeoutMs + LOCK_MARGIN_MS
  const lockAttempts = Math.ceil(lockTtlMs / LOCK_POLL_MS) + 1
  const tokenKey = `access_token:${settings.appId}`
  const ticketKey = `jsapi_ticket:${settings.appId}`
  /** One refresh per credential at a time in this process; the lock does the same across processes. */
  const refreshing = new Map<string, Promise<string>>()
  const now = () => clock.now().getTime()

  /** One call to WeChat: its JSON answer when errcode is 0 (or absent), else a WechatApiError. */
  async function call(request: WechatRequest, secrets: readonly string[] = []): Promise<Json> {
    const url = new URL(request.path, baseUrl)
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let status: number
    let raw: string
    try {
      const response = await fetch(url, {
        method: request.body ? 'POST' : 'GET',
        ...(request.body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) } : {}),
        signal: controller.signal,
      })
      status = response.status
      raw = await response.text()
    } catch (error) {
      // The failure's own message is not passed on: fetch's errors may carry the address, and
      // jscode2session's address holds the AppSecret.
      if (controller.signal.aborted) {
        throw new WechatApiError(request.endpoint, 'TIMEOUT', `WeChat ${request.endpoint} did not answer within ${timeoutMs} ms`, true)
      }
      throw new WechatApiError(request.endpoint, 'NETWORK_ERROR', `WeChat ${request.endpoint} could not be reached (${causeCode(error)})`, true)
    } finally {
      clearTimeout(timer)
    }
    if (status < HTTP_OK || status >= HTTP_MULTIPLE_CHOICES) {
      const retryable = status === HTTP_TOO_MANY_REQUESTS || status >= HTTP_SERVER_ERROR
      throw new WechatApiError(request.endpoint, 'HTTP_STATUS', `WeChat ${request.endpoint} answered HTTP ${status}`, retryable)
    }
    const body = record(parseJson(raw))
    if (!body) throw badAnswer(request.endpoint)
    const errcode = errcodeOf(body.errcode)
    if (errcode === undefined) throw badAnswer(request.endpoint)
    if (errcode !== 0) {
      const errmsg = redact(text(body.errmsg) ?? '', [settings.appSecret, ...secrets]).slice(0, MAX_ERRMSG_LENGTH)
      throw new WechatApiError(request.endpoint, 'WECHAT_ERROR', `WeChat ${request.endpoint} answered errcode ${errcode}: ${errmsg}`, RETRYABLE_CODES.has(errcode), errcode)
    }
    return body
  }

  /**
   * getStableAccessToken (mp-access-token/getStableAccessToken): POST /cgi-bin/stable_token with
   * grant_type client_credential, appid, secret and force_refresh false (normal mode: every
   * process gets the same token until WeChat renews it; force_refresh would void the others'
   * and is limited to 20 a day). Answers { access_token, expires_in } in seconds, at most 7200.
   */
  async function fetchAccessToken(): Promise<StoredCredential> {
    const body = await call({
      endpoint: 'stable_token',
      path: 'cgi-bin/stable_token',
      body: { grant_type: 'client_credential', appid: settings.appId, secret: settings.appSecret, force_refresh: false },
    })
    return credentialOf('stable_token', body.access_token, body.expires_in)
  }

  /**
   * JS-SDK 附录1 (OA_Web_Apps/JS-SDK): GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi
   * answers { errcode: 0, errmsg: "ok", ticket, expires_in: 7200 }; the ticket's calls are
   * "非常有限" and must be cached centrally like the token.
   */
  async function fetchTicket(): Promise<StoredCredential> {
    const body = await withAccessToken({ endpoint: 'getticket', path: 'cgi-bin/ticket/getticket', query: { type: 'jsapi' } })
    return credentialOf('getticket', body.ticket, body.expires_in)
  }

  function credentialOf(endpoint: WechatEndpoint, value: unknown, expiresIn: unknown): StoredCredential {
    if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || !(expiresIn > 0)) throw badAnswer(endpoint)
    return { value, expiresAt: now() + expiresIn * SECOND_MS }
  }

  // The store is a convenience, not a dependency: when it cannot answer, each process fetches for
  // itself, which normal mode makes harmless (it hands every caller the same token).
  const read = (key: string) => store.get(key).catch(() => undefined)
  const write = (key: string, renewed: StoredCredential) => store.set(key, renewed.value, renewed.expiresAt).catch(() => undefined)
  /** The lock's lease; `{}` when the store cannot answer (go ahead unlocked); undefined while another holds it. */
  const acquire = (key: string): Promise<{ lease?: string } | undefined> =>
    store.lock(key, lockTtlMs).then(
      (lease) => (lease === undefined ? undefined : { lease }),
      () => ({}),
    )
  const release = async (key: string, held: { lease?: string }) => {
    if (held.lease !== undefined) await store.unlock(key, held.lease).catch(() => undefined)
  }

  /** Good for a while yet, and not the value WeChat just refused. */
  const fresh = (stored: StoredCredential, rejected?: string) => stored.value !== rejected && stored.expiresAt - now() > REFRESH_MARGIN_MS
  /** Still accepted by WeChat, if not for long. */
  const valid = (stored: StoredCredential, rejected?: string) => stored.value !== rejected && stored.expiresAt > now()

  /** The stored credential, refreshed when missing, ending, or just refused by WeChat (`rejected`). */
  async function credential(key: string, fetchFresh: () => Promise<StoredCredential>, rejected?: string): Promise<string> {
    const stored = await read(key)
    if (stored && fresh(stored, rejected)) return stored.value
    try {
      return await once(key, () => refresh(key, fetchFresh, rejected))
    } catch (error) {
      // WeChat could not renew it, but the one stored still works for a few minutes.
      if (stored && valid(stored, rejected)) return stored.value
      throw error
    }
  }

  function once(key: string, refreshNow: () => Promise<string>): Promise<string> {
    const running = refreshing.get(key)
    if (running) return running
    const started = refreshNow().finally(() => refreshing.delete(key))
    refreshing.set(key, started)
    return started
  }

  /**
   * Refreshes under the store's lock. While another process holds it, a still valid credential
   * is used meanwhile, else this one waits briefly and reads what the other stored; a holder that
   * never stores within its lock's time is taken over.
   */
  async function refresh(key: string, fetchFresh: () => Promise<StoredCredential>, rejected?: string): Promise<string> {
    for (let attempt = 0; attempt < lockAttempts; attempt += 1) {
      const held = await acquire(key)
      if (held) {
        try {
          // Another process may have stored a new one between our read and our lock.
          const stored = await read(key)
          if (stored && fresh(stored, rejected)) return stored.value
          const renewed = await fetchFresh()
          await write(key, renewed)
          return renewed.value
        } finally {
          await release(key, held)
        }
      }
      const stored = await read(key)
      if (stored && valid(stored, rejected)) return stored.value
      await sleep(LOCK_POLL_MS)
    }
    const renewed = await fetchFresh()
    await write(key, renewed)
    return renewed.value
  }

  const accessToken = () => credential(tokenKey, fetchAccessToken)

  /** A call with the access token; when WeChat refuses the token it is renewed once and the call repeated once. */
  async function withAccessToken(request: WechatRequest): Promise<Json> {
    const send = (token: string) => call({ ...request, query: { ...request.query, access_token: token } }, [token])
    const token = await accessToken()
    try {
      return await send(token)
    } catch (error) {
      if (!(error instanceof WechatApiError) || error.errcode === undefined || !TOKEN_REJECTED_CODES.has(error.errcode)) throw error
      return send(await credential(tokenKey, fetchAccessToken, token))
    }
  }

  /**
   * code2Session (OpenApiDoc/user-login/code2Session): GET /sns/jscode2session with appid, secret,
   * js_code and grant_type authorization_code answers { openid, session_key, unionid? }, or
   * errcode 40029 / 40226 / 45011 / -1. Only the openid is kept: session_key stays here, unread.
   */
  async function resolve(code: string) {
    if (!CREDENTIAL_PATTERN.test(code)) return undefined
    let body: Json
    try {
      body = await call({
        endpoint: 'jscode2session',
        path: 'sns/jscode2session',
        query: { appid: settings.appId, secret: settings.appSecret, js_code: code, grant_type: 'authorization_code' },
      })
    } catch (error) {
      if (refusedBy(error, LOGIN_REFUSED_CODES)) return undefined
      // Not a refusal of the code: the login answers "try again" (server/auth/login.ts).
      throw new IdentityUnavailableError(UNVOUCHED, { cause: error })
    }
    const openid = text(body.openid)
    if (!openid) throw new IdentityUnavailableError(UNVOUCHED, { cause: badAnswer('jscode2session') })
    return { provider: 'wechat' as const, externalId: openid }
  }

  /**
   * getPhoneNumber (OpenApiDoc/user-info/phone-number/getPhoneNumber): POST
   * /wxa/business/getuserphonenumber?access_token=… { code } answers { errcode: 0, phone_info:
   * { phoneNumber, purePhoneNumber, countryCode, watermark } }, or errcode 40029 / 45011 / -1.
   * The service takes mainland mobiles only, so another country's number is no number here.
   */
  async function phoneForCode(code: string): Promise<string | undefined> {
    if (!CREDENTIAL_PATTERN.test(code)) return undefined
    let body: Json
    try {
      body = await withAccessToken({ endpoint: 'getuserphonenumber', path: 'wxa/business/getuserphonenumber', body: { code } })
    } catch (error) {
      if (refusedBy(error, PHONE_REFUSED_CODES)) return undefined
      throw error
    }
    const info = record(body.phone_info)
    const countryCode = info?.countryCode
    if (typeof countryCode !== 'string' && typeof countryCode !== 'number') throw badAnswer('getuserphonenumber')
    if (String(countryCode) !== MAINLAND_COUNTRY_CODE) return undefined
    const phone = text(info?.purePhoneNumber)
    if (!phone || !MAINLAND_MOBILE.test(phone)) throw badAnswer('getuserphonenumber')
    return phone
  }

  /**
   * generateUrlLink (OpenApiDoc/qrcode-link/url-link/generateUrlLink): POST
   * /wxa/generate_urllink?access_token=… { path, query, expire_type: 1, expire_interval, env_version }
   * answers { errcode: 0, errmsg: "ok", url_link }. Links last at most 30 days.
   */
  async function generateUrlLink(request: UrlLinkRequest): Promise<string> {
    const { path, query, expireDays, envVersion } = request
    if (!Number.isInteger(expireDays) || expireDays < MIN_URL_LINK_DAYS || expireDays > MAX_URL_LINK_DAYS) {
      throw new WechatApiError('generate_urllink', 'BAD_ARGUMENT', `a URL link lasts ${MIN_URL_LINK_DAYS} to ${MAX_URL_LINK_DAYS} whole days`, false)
    }
    const body = await withAccessToken({
      endpoint: 'generate_urllink',
      path: 'wxa/generate_urllink',
      body: { path, query, expire_type: URL_LINK_EXPIRE_BY_INTERVAL, expire_interval: expireDays, ...(envVersion ? { env_version: envVersion } : {}) },
    })
    const link = text(body.url_link)
    if (!link) throw badAnswer('generate_urllink')
    return link
  }

  const identity: IdentityProvider = { resolve }
  const phones: PhoneNumberProvider = { phoneForCode }
  return {
    accessToken,
    identityProvider: () => identity,
    phoneNumbers: () => phones,
    generateUrlLink,
    jsApiTicket: () => credential(ticketKey, fetchTicket),
  }
}

/** Credentials in this process's memory: for a server of one process (and tests). */
export function createMemoryTokenStore(clock: Clock = systemClock): SharedTokenStore {
  const credentials = new Map<string, StoredCredential>()
  const locks = new Map<string, { lease: string; until: number }>()
  const now = () => clock.now().getTime()
  return {
    async get(key) {
      const stored = credentials.get(key)
      if (stored && stored.expiresAt > now()) return stored
      credentials.delete(key)
      return undefined
    },
    async set(key, value, expiresAt) {
      credentials.set(key, { value, expiresAt })
    },
    async lock(key, ttlMs) {
      const held = locks.get(key)
      if (held && held.until > now()) return undefined
      const lease = newLease()
      locks.set(key, { lease, until: now() + ttlMs })
      return lease
    },
    async unlock(key, lease) {
      if (locks.get(key)?.lease === lease) locks.delete(key)
    },
  }
}

/** Frees a lock only for the lease that holds it, in one step. */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
const LOCK_SUFFIX = ':lock'

/**
 * Credentials in Redis, shared by every process on it: each under `prefix + key` as JSON, expiring
 * with the credential (PX); the lock is SET NX PX with a random lease.
 */
export function createRedisTokenStore(redis: Redis, prefix: string, clock: Clock = systemClock): SharedTokenStore {
  return {
    async get(key) {
      const raw = await redis.get(prefix + key)
      return raw === null ? undefined : storedOf(parseJson(raw))
    },
    async set(key, value, expiresAt) {
      const ttlMs = Math.floor(expiresAt - clock.now().getTime())
      if (ttlMs <= 0) {
        await redis.del(prefix + key)
        return
      }
      await redis.set(prefix + key, JSON.stringify({ value, expiresAt }), 'PX', ttlMs)
    },
    async lock(key, ttlMs) {
      const lease = newLease()
      const taken = await redis.set(prefix + key + LOCK_SUFFIX, lease, 'PX', ttlMs, 'NX')
      return taken === 'OK' ? lease : undefined
    },
    async unlock(key, lease) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key + LOCK_SUFFIX, lease)
    },
  }
}

function newLease(): string {
  return cryptoRandom.bytes(LEASE_BYTES).toString('hex')
}

function refusedBy(error: unknown, codes: ReadonlySet<number>): boolean {
  return error instanceof WechatApiError && error.errcode !== undefined && codes.has(error.errcode)
}

function badAnswer(endpoint: WechatEndpoint): WechatApiError {
  return new WechatApiError(endpoint, 'BAD_ANSWER', `WeChat ${endpoint}'s answer cannot be read`, false)
}

/** The system's code of a network failure (ECONNREFUSED, ENOTFOUND, …): safe to show, unlike its message. */
function causeCode(error: unknown): string {
  const cause = record(record(error)?.cause)
  return text(cause?.code) ?? 'unknown cause'
}

/** errcode is a number, sometimes a string of digits; absent on success answers such as stable_token's. */
function errcodeOf(value: unknown): number | undefined {
  if (value === undefined) return 0
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value)
  return undefined
}

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join(REDACTED) : result), text)
}

function storedOf(value: unknown): StoredCredential | undefined {
  const stored = record(value)
  const credential = text(stored?.value)
  const expiresAt = stored?.expiresAt
  return credential !== undefined && typeof expiresAt === 'number' ? { value: credential, expiresAt } : undefined
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}
