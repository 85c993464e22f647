/**
 * WECHAT_PLATFORM_PROVIDER=wechat: the JS-SDK config signed with the official account's
 * jsapi_ticket and URL links from the mini-program's generate_urllink, over HTTP against two local
 * stand-ins of WeChat's API (support/wechat-api-standin.ts), one per app; the ticket and the
 * tokens fetched once for every call and every process sharing the store; WeChat's errors and
 * timeouts answered through the routes as 5003, never a 500; the settings, each missing one named;
 * production refusing the simulated platform.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { WeixinConfigResponse } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { APP_ENV, loadConfig } from '../../server/config'
import { assertProductionReady, simulatedParts } from '../../server/production-guard'
import { createConfiguredWechatPlatform } from '../../server/platform/configured-wechat'
import { createSimulatedWechatPlatform } from '../../server/platform/wechat'
import type { WechatPlatform } from '../../server/platform/wechat'
import { createMemoryTokenStore, createWechatApi } from '../../server/platform/wechat-api'
import type { SharedTokenStore, WechatApiSettings } from '../../server/platform/wechat-api'
import { ForeignMiniProgramError, URL_LINK_DAYS, createWechatPlatform } from '../../server/platform/wechat-platform'
import { PLATFORM_MESSAGE } from '../../server/routes/platform'
import { cryptoRandom } from '../../server/runtime/random'
import type { UrlLinkTarget } from '../../server/platform/simulated-url-links'
import { envelope, loginBySms } from './support/api'
import { appWorld } from './support/app-world'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import { FakeClock, testConfig } from './support/test-app'
import { describeDb } from './support/test-database'
import { startWechatApiStandIn } from './support/wechat-api-standin'
import type { WechatApiStandIn } from './support/wechat-api-standin'
import { configProblems } from './support/config-problems'

const CWD = '/tmp/etc-apply-test'
const PHONE = '13800138000'
/** One of the app's pages as WeChat's browser shows it; the signature covers it without the fragment. */
const PAGE = 'https://etc.example.com/etc/index.html?from=wx'
const PAGE_WITH_FRAGMENT = `${PAGE}#/apply/basic`
const SHORT_TIMEOUT_MS = 200
const LATE_ANSWER_MS = 1_000
const CALLS_PER_PLATFORM = 3
const TARGET_PATH = 'pages/apply/index'
const TARGET_QUERY = 'orderId=O1&from=h5'
const WECHAT_BUSY = { errcode: -1, errmsg: 'system error' }

/** The problems of the ConfigError `check` throws; none when it passes. */
const refusalOf = configProblems

const problemsOf = (env: Record<string, string>) => refusalOf(() => loadConfig(env, CWD))

/** WeChat's JS-SDK signature (附录1), computed here on its own. */
function expectedSignature(ticket: string | undefined, config: WeixinConfigResponse, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${url}`).digest('hex')
}

/** A platform on the two stand-ins, as one server process builds it: one adapter per app on `store`. */
function platformOn(official: WechatApiStandIn, mini: WechatApiStandIn, store: SharedTokenStore, clock: FakeClock, overrides: Partial<WechatApiSettings> = {}): WechatPlatform {
  return createWechatPlatform({
    officialAccount: { appId: official.appId, api: createWechatApi(official.settings(overrides), store) },
    miniProgram: { appId: mini.appId, api: createWechatApi(mini.settings(overrides), store) },
    clock,
    random: cryptoRandom,
  })
}

describe('the real WeChat platform', () => {
  let official: WechatApiStandIn
  let mini: WechatApiStandIn
  let clock: FakeClock

  beforeEach(async () => {
    ;[official, mini] = await Promise.all([startWechatApiStandIn(), startWechatApiStandIn()])
    clock = new FakeClock()
  })
  afterEach(() => Promise.all([official.close(), mini.close()]))

  const target = (overrides: Partial<UrlLinkTarget> = {}): UrlLinkTarget => ({ appId: mini.appId, path: TARGET_PATH, query: TARGET_QUERY, env_version: 'trial', ...overrides })

  it("signs the JS-SDK config with the official account's ticket, in its name", async () => {
    const platform = platformOn(official, mini, createMemoryTokenStore(), clock)
    const config = await platform.jsSdkConfig(PAGE_WITH_FRAGMENT)
    expect(config.appId).toBe(official.appId)
    expect(config.timestamp).toBe(Math.floor(clock.now().getTime() / 1000))
    expect(config.nonceStr).toMatch(/^[0-9a-f]{16}$/)
    expect(official.currentTicket()).toBeDefined()
    expect(config.signature).toBe(expectedSignature(official.currentTicket(), config, PAGE))
    expect(JSON.stringify(config)).not.toContain(official.currentTicket())
    // The mini-program is not asked for a ticket: its token is not the official account's.
    expect(mini.requests).toEqual([])
  })

  it('fetches the token and the ticket once for every call of two processes sharing the store', async () => {
    const store = createMemoryTokenStore()
    const processes = [platformOn(official, mini, store, clock), platformOn(official, mini, store, clock)]
    const configs = await Promise.all(processes.flatMap((platform) => Array.from({ length: CALLS_PER_PLATFORM }, () => platform.jsSdkConfig(PAGE))))
    for (const config of configs) expect(config.signature).toBe(expectedSignature(official.currentTicket(), config, PAGE))
    expect(official.calls('stable_token')).toBe(1)
    expect(official.calls('getticket')).toBe(1)
    // The ticket was asked for with the official account's token.
    expect(official.requests.find((request) => request.endpoint === 'getticket')?.query.access_token).toBe(official.currentToken())
  })

  it("makes a URL link with the mini-program's generate_urllink", async () => {
    const platform = platformOn(official, mini, createMemoryTokenStore(), clock)
    const link = await platform.urlLink(target())
    expect(link).toMatch(/^https:\/\/wxaurl\.cn\/[A-Za-z0-9_-]+$/)
    const sent = mini.requests.filter((request) => request.endpoint === 'generate_urllink')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({ path: TARGET_PATH, query: TARGET_QUERY, expire_type: 1, expire_interval: URL_LINK_DAYS, env_version: 'trial' })
    expect(sent[0]?.query.access_token).toBe(mini.currentToken())
    expect(official.requests).toEqual([])
  })

  it('refuses a link into another mini-program without asking WeChat', async () => {
    const platform = platformOn(official, mini, createMemoryTokenStore(), clock)
    await expect(platform.urlLink(target({ appId: 'wx1234567890abcdef' }))).rejects.toBeInstanceOf(ForeignMiniProgramError)
    expect(mini.requests).toEqual([])
  })

  it('is built from the configuration with the mini-program adapter it is given', async () => {
    const config = loadConfig(
      {
        APP_ENV: APP_ENV.development,
        WECHAT_PLATFORM_PROVIDER: 'wechat',
        WECHAT_OFFICIAL_APP_ID: official.appId,
        WECHAT_OFFICIAL_APP_SECRET: official.settings().appSecret,
        WECHAT_MINI_APP_ID: mini.appId,
        WECHAT_MINI_APP_SECRET: mini.settings().appSecret,
        WECHAT_API_BASE_URL: official.baseUrl,
      },
      CWD,
    )
    const miniProgram = createWechatApi(mini.settings(), createMemoryTokenStore())
    const platform = createConfiguredWechatPlatform(config, { tokens: {}, miniProgram, clock, random: cryptoRandom, baseUrl: () => config.publicBaseUrl })
    expect(platform.simulated).toBeUndefined()
    const jsSdk = await platform.jsSdkConfig(PAGE)
    expect(jsSdk.signature).toBe(expectedSignature(official.currentTicket(), jsSdk, PAGE))
    await platform.urlLink(target())
    // The link came through the adapter handed in: its token, fetched once, serves the next call too.
    await miniProgram.generateUrlLink({ path: '', query: '', expireDays: URL_LINK_DAYS })
    expect(mini.calls('stable_token')).toBe(1)
    expect(mini.calls('generate_urllink')).toBe(2)
  })
})

describe('WECHAT_PLATFORM_PROVIDER in the configuration', () => {
  it('names every setting the real platform needs', () => {
    expect(problemsOf({ APP_ENV: APP_ENV.development, WECHAT_PLATFORM_PROVIDER: 'wechat' })).toEqual([
      'WECHAT_MINI_APP_ID must be set',
      'WECHAT_MINI_APP_SECRET must be set (or WECHAT_MINI_APP_SECRET_FILE, a file holding it)',
      'WECHAT_OFFICIAL_APP_ID must be set',
      'WECHAT_OFFICIAL_APP_SECRET must be set (or WECHAT_OFFICIAL_APP_SECRET_FILE, a file holding it)',
    ])
    expect(problemsOf({ APP_ENV: APP_ENV.development, WECHAT_PLATFORM_PROVIDER: 'official' })).toEqual(['WECHAT_PLATFORM_PROVIDER must be "simulated" or "wechat"'])
  })

  it("reads the official account's secret from a file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'etc-wechat-official-'))
    try {
      const secretFile = path.join(dir, 'official-secret')
      writeFileSync(secretFile, 'official-secret-0123456789\n')
      const config = loadConfig(
        {
          APP_ENV: APP_ENV.development,
          WECHAT_PLATFORM_PROVIDER: 'wechat',
          WECHAT_OFFICIAL_APP_ID: 'wxofficial0000001',
          WECHAT_OFFICIAL_APP_SECRET_FILE: secretFile,
          WECHAT_MINI_APP_ID: 'wxmini00000000001',
          WECHAT_MINI_APP_SECRET: 'mini-secret',
        },
        CWD,
      )
      expect(config.outsideParties.wechatPlatform).toBe('wechat')
      expect(config.wechatOfficial).toEqual({ appId: 'wxofficial0000001', appSecret: 'official-secret-0123456789' })
      expect(config.wechatMini).toMatchObject({ appId: 'wxmini00000000001', appSecret: 'mini-secret' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads no WeChat account with the simulated platform', () => {
    const config = loadConfig({ APP_ENV: APP_ENV.development, WECHAT_OFFICIAL_APP_ID: 'wxofficial0000001' }, CWD)
    expect(config.wechatOfficial).toBeUndefined()
    expect(config.wechatMini).toBeUndefined()
  })

  it('refuses the simulated platform in production, configured or built', () => {
    expect(problemsOf({ APP_ENV: APP_ENV.production })).toContain('WECHAT_PLATFORM_PROVIDER=simulated is refused in production: set WECHAT_PLATFORM_PROVIDER=wechat')
    const config = testConfig({ production: true, smsSimulator: false })
    const simulated = createSimulatedWechatPlatform({ clock: new FakeClock(), random: cryptoRandom, secretHex: config.payloadKeyHex, baseUrl: () => config.publicBaseUrl })
    const deps = { ...realOutsidePartyStubs(), wechatPlatform: simulated }
    expect(simulatedParts(deps)).toEqual(['WeChat platform'])
    expect(refusalOf(() => assertProductionReady({ config, ...deps }))).toEqual(['the WeChat platform is simulated: production needs a real implementation'])
  })
})

describeDb('the WeChat platform calls through the routes', () => {
  let official: WechatApiStandIn
  let mini: WechatApiStandIn
  const world = appWorld(
    (test) => loginBySms(test, PHONE),
    undefined,
    () => {
      const clock = new FakeClock()
      return { clock, wechatPlatform: platformOn(official, mini, createMemoryTokenStore(), clock, { timeoutMs: SHORT_TIMEOUT_MS }) }
    },
  )

  beforeAll(async () => {
    ;[official, mini] = await Promise.all([startWechatApiStandIn(), startWechatApiStandIn()])
  })
  afterAll(() => Promise.all([official?.close(), mini?.close()]))

  /** One of the app's own pages: on the server's public origin. */
  const page = () => `${world.test.config.publicBaseUrl}/etc/index.html?from=wx`
  const jsSdkConfig = (url: string) => world.api.request(API.weixinConfig, { url })
  const urlLink = (appId: string) => world.api.request(API.weChatUrlLink, { path: TARGET_PATH, query: TARGET_QUERY, env_version: 'release', appId })
  const unavailable = (msg: string) => ({ code: BUSINESS_CODE.UNAVAILABLE, msg, data: null })
  const noSecretLogged = () => {
    const logs = world.test.logs.text()
    for (const secret of [official.settings().appSecret, mini.settings().appSecret, official.currentToken(), mini.currentToken(), official.currentTicket()]) {
      if (secret) expect(logs).not.toContain(secret)
    }
  }

  it("answers the official account's signed config for the app's own pages only", async () => {
    const answer = envelope<WeixinConfigResponse>(await world.call(jsSdkConfig(`${page()}#/land`)))
    expect(answer.code).toBe(200)
    expect(answer.data.appId).toBe(official.appId)
    expect(answer.data.signature).toBe(expectedSignature(official.currentTicket(), answer.data, page()))
    const before = official.requests.length
    const stranger = await world.call(jsSdkConfig('https://evil.example.com/etc/index.html'))
    expect(stranger.statusCode).toBe(400)
    expect(envelope(stranger).msg).toBe(PLATFORM_MESSAGE.notAppPage)
    expect(official.requests).toHaveLength(before)
  })

  it('answers 5003 when WeChat is busy or does not answer in time, and logs it without secrets', async () => {
    official.failNext('getticket', WECHAT_BUSY)
    const busy = await world.call(jsSdkConfig(page()))
    expect(busy.statusCode).toBe(200)
    expect(busy.json()).toEqual(unavailable(PLATFORM_MESSAGE.weixinConfigUnavailable))
    expect(world.test.logs.text()).toContain('JS-SDK config failed')
    official.delayNext(LATE_ANSWER_MS)
    expect((await world.call(jsSdkConfig(page()))).json()).toEqual(unavailable(PLATFORM_MESSAGE.weixinConfigUnavailable))
    // WeChat answers again: so does the call.
    expect(envelope(await world.call(jsSdkConfig(page()))).code).toBe(200)
    noSecretLogged()
  })

  it("answers the mini-program's URL link", async () => {
    const answer = envelope<{ urlLink: string }>(await world.call(urlLink(mini.appId)))
    expect(answer.code).toBe(200)
    expect(answer.data.urlLink).toMatch(/^https:\/\/wxaurl\.cn\//)
    const sent = mini.requests.filter((request) => request.endpoint === 'generate_urllink')
    expect(sent[sent.length - 1]?.body).toEqual({ path: TARGET_PATH, query: TARGET_QUERY, expire_type: 1, expire_interval: URL_LINK_DAYS, env_version: 'release' })
  })

  it.each([
    ['WeChat refuses the page', () => mini.failNext('generate_urllink', { errcode: 40165, errmsg: 'invalid weapp pagepath' }), () => mini.appId],
    ['WeChat is busy', () => mini.failNext('generate_urllink', WECHAT_BUSY), () => mini.appId],
    ['WeChat does not answer in time', () => mini.delayNext(LATE_ANSWER_MS), () => mini.appId],
    ['the link is for another mini-program', () => undefined, () => 'wx1234567890abcdef'],
  ])('answers 5003 when %s', async (_case, arrange, appId) => {
    arrange()
    expect((await world.call(urlLink(appId()))).json()).toEqual(unavailable(PLATFORM_MESSAGE.urlLinkUnavailable))
    expect(world.test.logs.text()).toContain('URL link failed')
    noSecretLogged()
  })
})
