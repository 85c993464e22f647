/**
 * The WeChat server API adapter (server/platform/wechat-api.ts) over HTTP against a local
 * stand-in of WeChat's API (support/wechat-api-standin.ts): the access token kept in a shared
 * store (memory, and Redis when TEST_REDIS_URL is set), fetched once, renewed before it ends and
 * after WeChat refuses it; code2Session logins, phone codes, URL links and the jsapi_ticket;
 * WeChat's documented errors, timeouts, and no secret in any error. No database.
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { IdentityUnavailableError } from '../../server/auth/identity-providers'
import { closeRedis, createRedisClient } from '../../server/limits/redis-client'
import { WechatApiError, createMemoryTokenStore, createRedisTokenStore, createWechatApi } from '../../server/platform/wechat-api'
import type { SharedTokenStore, WechatApi } from '../../server/platform/wechat-api'
import type { Clock } from '../../server/runtime/clock'
import { freePort } from './support/ports'
import { startWechatApiStandIn } from './support/wechat-api-standin'
import type { WechatApiStandIn } from './support/wechat-api-standin'
import { rejectionOf } from './support/rejection'

/** Time the test moves on by hand, shared by the adapter, its store and the stand-in. */
class ManualClock implements Clock {
  private current = Date.parse('2026-03-01T08:00:00.000Z')

  now(): Date {
    return new Date(this.current)
  }

  advance(ms: number): void {
    this.current += ms
  }
}

const MINUTE_MS = 60_000
/** WeChat's access token and jsapi_ticket last 7200 s. */
const LIFETIME_MS = 7200 * 1000
const SHORT_TIMEOUT_MS = 200
const LATE_ANSWER_MS = 1_000
/** Long enough for every concurrent caller to ask before the first answer arrives. */
const SLOW_ANSWER_MS = 300
const REDIS_READY_MS = 5_000
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'
const UNIONID = 'o6_bmasdasdsad6_2sgVt7hMZOPfL'
const MOBILE = '13800138000'
const PARALLEL_CALLERS = 5

let clock: ManualClock
let standIn: WechatApiStandIn
let store: SharedTokenStore
let api: WechatApi
let sequence = 0

beforeEach(async () => {
  clock = new ManualClock()
  standIn = await startWechatApiStandIn({ clock })
  store = createMemoryTokenStore(clock)
  api = createWechatApi(standIn.settings(), store, clock)
})
afterEach(() => standIn.close())

const newCode = () => `081${randomBytes(12).toString('hex')}${++sequence}`
const lastRequest = (endpoint: Parameters<WechatApiStandIn['calls']>[0]) => {
  const requests = standIn.requests.filter((request) => request.endpoint === endpoint)
  return requests[requests.length - 1]
}
const link = (overrides: Partial<Parameters<WechatApi['generateUrlLink']>[0]> = {}) =>
  api.generateUrlLink({ path: 'pages/apply/index', query: 'channel=gx', expireDays: 7, ...overrides })

/** The WechatApiError a call ended in (the test fails when it succeeded or threw something else). */
const failureOf = (call: Promise<unknown>): Promise<WechatApiError> => rejectionOf(call, WechatApiError)

/** The provider's failure behind a login that could not be vouched for (IdentityUnavailableError, its cause). */
async function loginFailureOf(call: Promise<unknown>): Promise<WechatApiError> {
  const unavailable = await rejectionOf(call, IdentityUnavailableError)
  return failureOf(Promise.reject(unavailable.cause))
}

describe('the access token', () => {
  it('is fetched once with stable_token in normal mode, then read from the store', async () => {
    const first = await api.accessToken()
    expect(await api.accessToken()).toBe(first)
    expect(first).toBe(standIn.currentToken())
    expect(standIn.calls('stable_token')).toBe(1)
    expect(lastRequest('stable_token')?.body).toEqual({
      grant_type: 'client_credential',
      appid: standIn.appId,
      secret: standIn.settings().appSecret,
      force_refresh: false,
    })
    expect(await store.get(`access_token:${standIn.appId}`)).toEqual({ value: first, expiresAt: clock.now().getTime() + LIFETIME_MS })

    const sameStore = createWechatApi(standIn.settings(), store, clock)
    expect(await sameStore.accessToken()).toBe(first)
    expect(standIn.calls('stable_token')).toBe(1)
  })

  it('is fetched once for callers of one process asking at the same time', async () => {
    standIn.delayNext(SLOW_ANSWER_MS)
    const tokens = await Promise.all(Array.from({ length: PARALLEL_CALLERS }, () => api.accessToken()))
    expect(new Set(tokens).size).toBe(1)
    expect(standIn.calls('stable_token')).toBe(1)
  })

  it('is renewed once less than four minutes are left, not before', async () => {
    const first = await api.accessToken()
    clock.advance(LIFETIME_MS - 5 * MINUTE_MS)
    expect(await api.accessToken()).toBe(first)
    expect(standIn.calls('stable_token')).toBe(1)

    clock.advance(2 * MINUTE_MS)
    const renewed = await api.accessToken()
    expect(renewed).not.toBe(first)
    expect(renewed).toBe(standIn.currentToken())
    expect(await api.accessToken()).toBe(renewed)
    expect(standIn.calls('stable_token')).toBe(2)
  })

  it('keeps using a still valid token while WeChat cannot renew it, and fails once it has ended', async () => {
    const first = await api.accessToken()
    clock.advance(LIFETIME_MS - 3 * MINUTE_MS)
    standIn.failNext('stable_token', { errcode: -1, errmsg: 'system error' })
    expect(await api.accessToken()).toBe(first)
    expect(standIn.calls('stable_token')).toBe(2)

    clock.advance(3 * MINUTE_MS)
    standIn.failNext('stable_token', { errcode: -1, errmsg: 'system error' })
    expect(await failureOf(api.accessToken())).toMatchObject({ endpoint: 'stable_token', failure: 'WECHAT_ERROR', errcode: -1, retryable: true })
  })

  it.each([
    ['42001 (expired)', (wechat: WechatApiStandIn) => wechat.expireTokens()],
    ['40001 (invalid or not latest)', (wechat: WechatApiStandIn) => wechat.failNext('generate_urllink', { errcode: 40001, errmsg: 'invalid credential' })],
    ['40014 (invalid access_token)', (wechat: WechatApiStandIn) => wechat.failNext('generate_urllink', { errcode: 40014, errmsg: 'invalid access_token' })],
  ])('is renewed once and the call repeated once when WeChat answers %s', async (_answer, refuseToken) => {
    await link()
    refuseToken(standIn)
    expect(await link()).toMatch(/^https:\/\/wxaurl\.cn\//)
    expect(standIn.calls('stable_token')).toBe(2)
    expect(standIn.calls('generate_urllink')).toBe(3)
    expect(lastRequest('generate_urllink')?.query.access_token).toBe(standIn.currentToken())
    expect(lastRequest('stable_token')?.body).toMatchObject({ force_refresh: false })
  })

  it('repeats a call only once when WeChat keeps refusing the token', async () => {
    standIn.failNext('generate_urllink', { errcode: 40001, errmsg: 'invalid credential' })
    standIn.failNext('generate_urllink', { errcode: 40001, errmsg: 'invalid credential' })
    expect(await failureOf(link())).toMatchObject({ endpoint: 'generate_urllink', errcode: 40001, retryable: false })
    expect(standIn.calls('stable_token')).toBe(2)
    expect(standIn.calls('generate_urllink')).toBe(2)
  })

  it('is still fetched when the store cannot answer', async () => {
    const broken = () => Promise.reject(new Error('store down'))
    const brokenStore: SharedTokenStore = { get: broken, set: broken, lock: broken, unlock: broken }
    const unstored = createWechatApi(standIn.settings(), brokenStore, clock)
    expect(await unstored.accessToken()).toBe(standIn.currentToken())
    expect(await unstored.generateUrlLink({ path: '', query: '', expireDays: 1 })).toMatch(/^https:\/\/wxaurl\.cn\//)
  })

  it('is kept per app: the mini-program and the official account share a store, not a token', async () => {
    const officialAccount = await startWechatApiStandIn({ clock })
    try {
      const official = createWechatApi(officialAccount.settings(), store, clock)
      const ticket = await official.jsApiTicket()
      expect(await link()).toMatch(/^https:\/\/wxaurl\.cn\//)
      expect(ticket).toBe(officialAccount.currentTicket())
      expect(await official.accessToken()).toBe(officialAccount.currentToken())
      expect(await api.accessToken()).toBe(standIn.currentToken())
      expect(standIn.currentToken()).not.toBe(officialAccount.currentToken())
      expect([standIn.calls('stable_token'), officialAccount.calls('stable_token')]).toEqual([1, 1])
    } finally {
      await officialAccount.close()
    }
  })

  it('is fetched by each process when each keeps it in its own memory', async () => {
    const processes = [createWechatApi(standIn.settings(), createMemoryTokenStore(clock), clock), createWechatApi(standIn.settings(), createMemoryTokenStore(clock), clock)]
    standIn.delayNext(SLOW_ANSWER_MS)
    const tokens = await Promise.all(processes.map((process) => process.accessToken()))
    expect(tokens[0]).toBe(tokens[1])
    expect(standIn.calls('stable_token')).toBe(2)
  })
})

/** What every store must do; run against memory, and Redis when it is there. */
function storeContract(name: string, setUp: () => { store: SharedTokenStore; clock: ManualClock }) {
  describe(`the ${name} token store`, () => {
    it('keeps a credential until it ends', async () => {
      const { store: tokens, clock: time } = setUp()
      const expiresAt = time.now().getTime() + LIFETIME_MS
      await tokens.set('access_token:wx1', 'token-1', expiresAt)
      expect(await tokens.get('access_token:wx1')).toEqual({ value: 'token-1', expiresAt })
      expect(await tokens.get('access_token:wx2')).toBeUndefined()
      await tokens.set('access_token:wx1', 'token-0', time.now().getTime() - 1)
      expect(await tokens.get('access_token:wx1')).toBeUndefined()
    })

    it('lets one holder at a time take a lock, which only its lease frees', async () => {
      const { store: tokens } = setUp()
      const lease = await tokens.lock('access_token:wx1', LIFETIME_MS)
      expect(lease).toEqual(expect.any(String))
      expect(await tokens.lock('access_token:wx1', LIFETIME_MS)).toBeUndefined()
      expect(await tokens.lock('access_token:wx2', LIFETIME_MS)).toEqual(expect.any(String))
      await tokens.unlock('access_token:wx1', 'someone-else')
      expect(await tokens.lock('access_token:wx1', LIFETIME_MS)).toBeUndefined()
      await tokens.unlock('access_token:wx1', lease ?? '')
      expect(await tokens.lock('access_token:wx1', LIFETIME_MS)).toEqual(expect.any(String))
    })
  })
}

storeContract('memory', () => {
  const time = new ManualClock()
  return { store: createMemoryTokenStore(time), clock: time }
})

describe('the memory token store', () => {
  it('frees a lock whose holder never returned once its time is up', async () => {
    const time = new ManualClock()
    const tokens = createMemoryTokenStore(time)
    await tokens.lock('k', MINUTE_MS)
    time.advance(MINUTE_MS)
    expect(await tokens.lock('k', MINUTE_MS)).toEqual(expect.any(String))
  })
})

const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl) {
  describe.skip('tokens shared through Redis (SKIPPED: set TEST_REDIS_URL to run them)', () => {
    it('make one stable_token call for two processes', () => undefined)
  })
} else {
  describe('tokens shared through Redis', () => {
    const prefix = `etc-apply-test:wechat:${process.pid}:${randomBytes(6).toString('hex')}:`
    const clients: Redis[] = []

    async function connected(): Promise<Redis> {
      const redis = createRedisClient(redisUrl ?? '')
      clients.push(redis)
      if (redis.status === 'ready') return redis
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Redis at TEST_REDIS_URL did not answer within ${REDIS_READY_MS} ms`)), REDIS_READY_MS)
        redis.once('ready', () => {
          clearTimeout(timer)
          resolve()
        })
      })
      return redis
    }

    let first: Redis
    let second: Redis
    beforeAll(async () => {
      first = await connected()
      second = await connected()
    })
    afterAll(async () => {
      const keys = await first.keys(`${prefix}*`)
      if (keys.length > 0) await first.del(...keys)
      await Promise.all(clients.map((redis) => closeRedis(redis)))
    })

    it('make one stable_token call for two processes, and one renewal', async () => {
      const runPrefix = `${prefix}${++sequence}:`
      const processes = [first, second].map((redis) => createWechatApi(standIn.settings(), createRedisTokenStore(redis, runPrefix, clock), clock))
      standIn.delayNext(SLOW_ANSWER_MS)
      const tokens = await Promise.all(processes.map((process) => process.accessToken()))
      expect(tokens).toEqual([standIn.currentToken(), standIn.currentToken()])
      expect(await processes[1].accessToken()).toBe(tokens[0])
      expect(standIn.calls('stable_token')).toBe(1)

      clock.advance(LIFETIME_MS - 3 * MINUTE_MS)
      standIn.delayNext(SLOW_ANSWER_MS)
      const renewed = await Promise.all(processes.map((process) => process.accessToken()))
      expect(standIn.calls('stable_token')).toBe(2)
      // Whoever waited for the renewal meanwhile used the old token, still good for 3 minutes.
      expect(renewed).toContain(standIn.currentToken())
      expect(await processes[0].accessToken()).toBe(standIn.currentToken())
      expect(await processes[1].accessToken()).toBe(standIn.currentToken())
      expect(standIn.calls('stable_token')).toBe(2)
    })

    storeContract('Redis', () => ({ store: createRedisTokenStore(first, `${prefix}${++sequence}:`, clock), clock }))
  })
}

describe('code2Session logins', () => {
  it('resolve a code to the openid alone, asking with appid, secret, js_code and grant_type', async () => {
    const code = newCode()
    standIn.addLoginCode(code, OPENID, UNIONID)
    expect(await api.identityProvider().resolve(code)).toEqual({ provider: 'wechat', externalId: OPENID })
    expect(lastRequest('jscode2session')).toMatchObject({
      method: 'GET',
      query: { appid: standIn.appId, secret: standIn.settings().appSecret, js_code: code, grant_type: 'authorization_code' },
    })
    expect(standIn.calls('stable_token')).toBe(0)
  })

  it.each([
    ['an unknown code (40029)', async () => newCode()],
    [
      'a used code (40163)',
      async () => {
        const code = newCode()
        standIn.addLoginCode(code, OPENID)
        await api.identityProvider().resolve(code)
        return code
      },
    ],
    [
      'a blocked user’s code (40226)',
      async () => {
        const code = newCode()
        standIn.addLoginCode(code, OPENID)
        standIn.failNext('jscode2session', { errcode: 40226, errmsg: 'code blocked' })
        return code
      },
    ],
  ])('resolve %s to no one', async (_case, codeOf) => {
    const code = await codeOf()
    const asked = standIn.calls('jscode2session')
    expect(await api.identityProvider().resolve(code)).toBeUndefined()
    expect(standIn.calls('jscode2session')).toBe(asked + 1)
  })

  it('resolve a malformed code to no one without asking WeChat', async () => {
    expect(await api.identityProvider().resolve('')).toBeUndefined()
    expect(await api.identityProvider().resolve('a code&secret=x')).toBeUndefined()
    expect(standIn.calls('jscode2session')).toBe(0)
  })

  it.each([
    [-1, 'system error'],
    [45011, 'api minute-quota reach limit mustslower retry next minute'],
  ])('throw a retryable error when WeChat answers %i, so the code may be tried again', async (errcode, errmsg) => {
    const code = newCode()
    standIn.addLoginCode(code, OPENID)
    standIn.failNext('jscode2session', { errcode, errmsg })
    expect(await loginFailureOf(api.identityProvider().resolve(code))).toMatchObject({ endpoint: 'jscode2session', failure: 'WECHAT_ERROR', errcode, retryable: true })
    expect(await api.identityProvider().resolve(code)).toEqual({ provider: 'wechat', externalId: OPENID })
  })

  it('throw, not refuse, when the AppSecret is wrong (40125)', async () => {
    const code = newCode()
    standIn.addLoginCode(code, OPENID)
    const misconfigured = createWechatApi(standIn.settings({ appSecret: 'f'.repeat(32) }), store, clock)
    expect(await loginFailureOf(misconfigured.identityProvider().resolve(code))).toMatchObject({ errcode: 40125, retryable: false })
  })

  it('time out as a retryable TIMEOUT', async () => {
    const impatient = createWechatApi(standIn.settings({ timeoutMs: SHORT_TIMEOUT_MS }), store, clock)
    const code = newCode()
    standIn.addLoginCode(code, OPENID)
    standIn.delayNext(LATE_ANSWER_MS)
    const started = Date.now()
    expect(await loginFailureOf(impatient.identityProvider().resolve(code))).toMatchObject({ endpoint: 'jscode2session', failure: 'TIMEOUT', retryable: true })
    expect(Date.now() - started).toBeLessThan(LATE_ANSWER_MS)
  })

  it('report an unreachable WeChat as a retryable NETWORK_ERROR', async () => {
    const nowhere = createWechatApi(standIn.settings({ baseUrl: `http://127.0.0.1:${await freePort()}` }), store, clock)
    expect(await loginFailureOf(nowhere.identityProvider().resolve(newCode()))).toMatchObject({ failure: 'NETWORK_ERROR', retryable: true })
  })
})

describe('phone numbers', () => {
  it('answer the mainland number behind a code, asked for with the access token', async () => {
    const code = newCode()
    standIn.addPhoneCode(code, MOBILE)
    expect(await api.phoneNumbers().phoneForCode(code)).toBe(MOBILE)
    expect(lastRequest('getuserphonenumber')).toMatchObject({ method: 'POST', query: { access_token: standIn.currentToken() }, body: { code } })
  })

  it('read countryCode as a number too (WeChat’s example sends 86)', async () => {
    const code = newCode()
    standIn.addPhoneCode(code, MOBILE, 86)
    expect(await api.phoneNumbers().phoneForCode(code)).toBe(MOBILE)
  })

  it('answer no number for a number abroad, an unknown code or a used one', async () => {
    const abroad = newCode()
    standIn.addPhoneCode(abroad, '2025550123', '1')
    expect(await api.phoneNumbers().phoneForCode(abroad)).toBeUndefined()
    expect(await api.phoneNumbers().phoneForCode(newCode())).toBeUndefined()
    const used = newCode()
    standIn.addPhoneCode(used, MOBILE)
    expect(await api.phoneNumbers().phoneForCode(used)).toBe(MOBILE)
    expect(await api.phoneNumbers().phoneForCode(used)).toBeUndefined()
    expect(standIn.calls('getuserphonenumber')).toBe(4)
  })

  it('throw a retryable error when WeChat is busy (-1)', async () => {
    const code = newCode()
    standIn.addPhoneCode(code, MOBILE)
    standIn.failNext('getuserphonenumber', { errcode: -1, errmsg: 'system error' })
    expect(await failureOf(api.phoneNumbers().phoneForCode(code))).toMatchObject({ endpoint: 'getuserphonenumber', errcode: -1, retryable: true })
  })
})

describe('URL links', () => {
  it('are asked for by days of validity, and WeChat’s url_link is answered', async () => {
    const url = await link({ envVersion: 'trial' })
    expect(url).toMatch(/^https:\/\/wxaurl\.cn\/[\w-]+$/)
    expect(lastRequest('generate_urllink')).toMatchObject({
      method: 'POST',
      query: { access_token: standIn.currentToken() },
      body: { path: 'pages/apply/index', query: 'channel=gx', expire_type: 1, expire_interval: 7, env_version: 'trial' },
    })
    await link()
    expect(lastRequest('generate_urllink')?.body).not.toHaveProperty('env_version')
  })

  it.each([0, 31, 1.5])('are refused for %p days without asking WeChat', async (expireDays) => {
    expect(await failureOf(link({ expireDays }))).toMatchObject({ failure: 'BAD_ARGUMENT', retryable: false })
    expect(standIn.calls('generate_urllink') + standIn.calls('stable_token')).toBe(0)
  })

  it('throw WeChat’s refusal of a page (40165) as not retryable', async () => {
    standIn.failNext('generate_urllink', { errcode: 40165, errmsg: 'invalid weapp pagepath' })
    expect(await failureOf(link({ path: 'pages/missing/index' }))).toMatchObject({ errcode: 40165, retryable: false })
  })
})

describe('the jsapi_ticket', () => {
  it('is fetched once with type=jsapi, read from the store after, and renewed before it ends', async () => {
    const ticket = await api.jsApiTicket()
    expect(ticket).toBe(standIn.currentTicket())
    expect(await api.jsApiTicket()).toBe(ticket)
    expect(standIn.calls('getticket')).toBe(1)
    expect(lastRequest('getticket')).toMatchObject({ method: 'GET', query: { type: 'jsapi', access_token: standIn.currentToken() } })

    clock.advance(LIFETIME_MS - 3 * MINUTE_MS)
    await api.jsApiTicket()
    expect(standIn.calls('getticket')).toBe(2)
    expect(standIn.calls('stable_token')).toBe(2)
  })
})

describe('errors', () => {
  it('never carry the AppSecret or an access token', async () => {
    const settings = standIn.settings({ timeoutMs: SHORT_TIMEOUT_MS })
    const impatient = createWechatApi(settings, store, clock)
    const token = await impatient.accessToken()
    const code = newCode()
    standIn.addLoginCode(code, OPENID)
    const failures: WechatApiError[] = []

    standIn.delayNext(LATE_ANSWER_MS)
    failures.push(await loginFailureOf(impatient.identityProvider().resolve(code)))
    const nowhere = createWechatApi({ ...settings, baseUrl: `http://127.0.0.1:${await freePort()}` }, store, clock)
    failures.push(await loginFailureOf(nowhere.identityProvider().resolve(code)))
    // WeChat's errmsg is passed on, but not what it echoes of the request.
    standIn.failNext('jscode2session', { errcode: -1, errmsg: `system error for secret=${settings.appSecret}` })
    failures.push(await loginFailureOf(impatient.identityProvider().resolve(code)))
    standIn.failNext('generate_urllink', { errcode: 40165, errmsg: `invalid weapp pagepath for ${token}` })
    failures.push(await failureOf(impatient.generateUrlLink({ path: 'x', query: '', expireDays: 1 })))

    expect(failures.map((failure) => failure.failure)).toEqual(['TIMEOUT', 'NETWORK_ERROR', 'WECHAT_ERROR', 'WECHAT_ERROR'])
    for (const failure of failures) {
      const shown = `${String(failure)} ${failure.stack ?? ''} ${JSON.stringify(failure)}`
      expect(shown).not.toContain(settings.appSecret)
      expect(shown).not.toContain(token)
    }
    expect(failures[2]?.message).toContain('system error for secret=***')
  })
})
