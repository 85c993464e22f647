/**
 * The simulated platform calls: the WeChat JS-SDK config (signed like WeChat, with the server's
 * simulated ticket), mini-program URL links, the phone behind a phone authorisation code, the
 * call-back phone (only with consent, encrypted, deleted on submission or after its retention),
 * and the Henan supplier's SMS login (through the SMS code service).
 */
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { FOLLOW_UP_CONSENT } from '../../types/api/auth'
import type { TokenGrant } from '../../types/api/auth'
import type { WeChatUrlLinkRequest, WeixinConfigResponse } from '../../types/api/catalogue'
import { API } from '../../types/api/paths'
import { DAY_MS } from '../../src/domain/constants'
import { FOLLOW_UP_RETENTION_DAYS } from '../../src/domain/follow-up'
import { MOBILE_REASON, validateMobile } from '../../src/domain/validation'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import { CIPHERTEXT_PREFIX, phoneIndex } from '../../server/crypto/field-cipher'
import { queryRows } from '../../server/db/database'
import { appConfigs, followUpPhones, users } from '../../server/db/schema'
import { runMaintenance } from '../../server/maintenance/sweep'
import { FOLLOW_UP_MESSAGE, FOLLOW_UP_RETENTION_MS } from '../../server/platform/follow-up-phones'
import { SIMULATED_WECHAT_APP_ID, simulatedJsApiTicket } from '../../server/platform/wechat'
import { PLATFORM_MESSAGE } from '../../server/routes/platform'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { BANK, envelope, latestCode, loginBySms } from './support/api'
import { apiClient } from './support/api-client'
import { expectLoginEnforced } from './support/login-checks'
import { appWorld } from './support/app-world'
import { createTestApp } from './support/test-app'
import { data, seedOrderFixtures, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

const PHONE = '13800138000'
const OTHER_PHONE = '13912345678'
const HENAN_PHONE = '13700137000'
const OK = { code: 200, msg: '成功' }

describeDb('platform routes (simulated)', () => {
  const world = appWorld((test) => loginBySms(test, PHONE))
  const { api, call } = world

  describe('getWeixinConfig', () => {
    /** One of the app's own pages: on the server's public origin (an app origin). */
    const page = () => `${world.test.config.publicBaseUrl}/etc/index.html?from=wx`
    /** As the app sends it: the URL in the query, no body, the default JSON content type. */
    const config = (url: string) => api.request(API.weixinConfig, { url }, { headers: { 'content-type': 'application/json;charset=UTF-8' } })

    it('answers a config signed like the JS-SDK, over the URL without its fragment', async () => {
      const response = await call(config(`${page()}#/apply/basic`))
      expect(response.statusCode).toBe(200)
      const { data } = envelope<WeixinConfigResponse>(response)
      expect(data.appId).toBe(SIMULATED_WECHAT_APP_ID)
      expect(data.timestamp).toBe(Math.floor(world.test.clock.now().getTime() / 1000))
      expect(data.nonceStr).toMatch(/^[0-9a-f]{16}$/)
      const ticket = simulatedJsApiTicket(world.test.config.payloadKeyHex)
      const canonical = `jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page()}`
      expect(data.signature).toBe(createHash('sha1').update(canonical).digest('hex'))
      expect(response.body).not.toContain(ticket)
    })

    it('uses a fresh nonce each time', async () => {
      const first = envelope<WeixinConfigResponse>(await call(config(page()))).data
      const second = envelope<WeixinConfigResponse>(await call(config(page()))).data
      expect(first.nonceStr).not.toBe(second.nonceStr)
      expect(first.signature).not.toBe(second.signature)
    })

    it.each([
      ['a missing url', {}, '参数 url 不能为空'],
      ['a script url', { url: 'javascript:alert(1)' }, '参数 url 格式不正确'],
      ['text that is no url', { url: 'not a url' }, '参数 url 格式不正确'],
      ['an overlong url', { url: `https://h5.example.cn/${'a'.repeat(3000)}` }, '参数 url 长度不能超过2048'],
      // A signature for a stranger's page would lend it the official account's JS-SDK.
      ['a page on another origin', { url: 'https://evil.example.com/etc/index.html' }, PLATFORM_MESSAGE.notAppPage],
    ])('answers %s with a 400', async (_case, query, msg) => {
      const response = await call(api.malformedRequest(API.weixinConfig, query))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('answers an unexpected body with a 400', async () => {
      const response = await call({ ...config(page()), payload: { url: page() } })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('请求参数不支持的字段 url')
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, config(page()), world.grant)
    })
  })

  describe('getWeChat/urlLink', () => {
    const body: WeChatUrlLinkRequest = { path: 'pages/index/index', env_version: 'release', query: 'orderId=O1&from=h5', appId: 'wx1234567890abcdef' }
    const link = (data: WeChatUrlLinkRequest) => api.request(API.weChatUrlLink, data)

    it("answers a link to the simulator's page under the public address, a new one per call", async () => {
      const first = envelope<{ urlLink: string }>(await call(link(body)))
      expect(first.code).toBe(200)
      const url = new URL(first.data.urlLink)
      expect(url.origin).toBe(world.test.config.publicBaseUrl)
      expect(url.pathname).toMatch(/^\/sim\/wechat\/url-link\/[A-Za-z0-9]{12}$/)
      expect(Object.fromEntries(url.searchParams)).toEqual({ appId: body.appId, path: body.path, query: body.query, env_version: 'release' })
      const second = envelope<{ urlLink: string }>(await call(link({ ...body, path: '', query: '', code: 'abc' })))
      expect(new URL(second.data.urlLink).pathname).toMatch(/^\/sim\/wechat\/url-link\/[A-Za-z0-9]{12}$/)
      expect(new URL(second.data.urlLink).pathname).not.toBe(url.pathname)
    })

    it('accepts an issuer\'s placeholder app id and a leading slash in the path', async () => {
      const response = await call(link({ ...body, path: '/pages/apply/index', appId: 'PLACEHOLDER_ISSUER_1_APPID' }))
      expect(envelope(response).code).toBe(200)
    })

    it.each([
      ['a path with a query', { path: 'pages/index?x=1' }, '参数 path 格式不正确'],
      ['a path leaving the package', { path: '../secret' }, '参数 path 格式不正确'],
      ['a query with markup', { query: 'a=<script>' }, '参数 query 格式不正确'],
      ['an overlong query', { query: 'a'.repeat(1025) }, '参数 query 长度不能超过1024'],
      ['a hostile app id', { appId: 'wx"; drop' }, '参数 appId 格式不正确'],
      ['an unknown environment', { env_version: 'prod' }, '参数 env_version 取值无效，可选值：release、trial、develop'],
      ['a missing app id', { appId: undefined }, '参数 appId 不能为空'],
    ])('answers %s with a 400', async (_case, change, msg) => {
      const response = await call(api.malformedRequest(API.weChatUrlLink, { ...body, ...change }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, link(body), world.grant)
    })
  })

  describe('getPhoneBycode', () => {
    const byCode = (code: string, channel: string = BANK.channelId) => api.request(API.phoneByCode, { code }, { params: { channel } })
    const phoneOf = async (code: string) => envelope<{ mobile: string }>(await call(byCode(code))).data.mobile

    it('maps a code to a valid mobile number, the same one every time', async () => {
      const phone = await phoneOf('wx-code-1')
      expect(validateMobile(phone)).toEqual({ ok: true, value: phone })
      expect(await phoneOf('wx-code-1')).toBe(phone)
      const others = new Set(await Promise.all(['wx-code-2', 'wx-code-3', 'wx-code-4'].map(phoneOf)))
      expect(others.has(phone)).toBe(false)
    })

    it.each([
      ['a refused code', 'reject-me'],
      ['a code with characters no provider issues', 'a b<c>'],
    ])('answers %s with a business error', async (_case, code) => {
      const response = await call(byCode(code))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 1001, msg: '获取手机号失败，请重新授权', data: null })
    })

    it('answers "try again" (5003) when the platform cannot be asked, not "authorise again"', async () => {
      const test = await createTestApp(world.database.db, { phoneNumbers: { phoneForCode: () => Promise.reject(new Error('WeChat busy (-1)')) } })
      try {
        const response = await apiClient(test).call(API.phoneByCode, { code: 'wx-code-1' }, { as: world.grant })
        expect(response.json()).toEqual({ code: 5003, msg: PLATFORM_MESSAGE.phoneLookupUnavailable, data: null })
        expect(test.logs.text()).toContain('phone number lookup failed')
      } finally {
        await test.close()
      }
    })

    it('answers an unknown channel with a 404', async () => {
      const response = await call(byCode('wx-code-1', 'NO_SUCH_CHANNEL'))
      expect(response.statusCode).toBe(404)
      expect(envelope(response).msg).toBe('渠道不存在')
    })

    it.each([
      ['a missing code', undefined, '参数 code 不能为空'],
      ['an empty code', '', '参数 code 不能为空'],
      ['a number', 12345, '参数 code 应为字符串'],
    ])('answers %s with a 400', async (_case, code, msg) => {
      const response = await call(api.malformedRequest(API.phoneByCode, { code }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, byCode('wx-code-1'), world.grant)
    })
  })

  describe('followUp/savePhone', () => {
    /** `consent` null: the query has none. */
    const save = (mobile: string, consent: string | null = FOLLOW_UP_CONSENT) =>
      consent === FOLLOW_UP_CONSENT
        ? api.request(API.saveFollowUpPhone, { mobile, consent })
        : api.malformedRequest(API.saveFollowUpPhone, consent === null ? { mobile } : { mobile, consent })
    const storedFor = async (of: TokenGrant) => {
      const [user] = await world.database.db.select({ id: users.id }).from(users).where(eq(users.uid, of.uid))
      return world.database.db.select().from(followUpPhones).where(eq(followUpPhones.userId, user!.id))
    }
    const allStored = () => world.database.db.select().from(followUpPhones)
    const sweep = () =>
      runMaintenance({ db: world.database.db, clock: world.test.clock, storage: createMemoryFileStorage(), log: world.test.app.log })

    it('stores the phone for a call back with the consent, once per user and phone', async () => {
      expect(envelope(await call(save(OTHER_PHONE)))).toEqual({ ...OK, data: null })
      const [first] = await storedFor(world.grant)
      expect(first).toMatchObject({ phone: OTHER_PHONE, createdAt: world.test.clock.now(), updatedAt: world.test.clock.now() })

      // Consenting again moves the consent time; the row stays one.
      world.test.clock.advance(3_600_000)
      await call(save(OTHER_PHONE))
      const rows = await storedFor(world.grant)
      expect(rows).toHaveLength(1)
      expect(rows[0]?.createdAt).toEqual(first?.createdAt)
      expect(rows[0]?.updatedAt).toEqual(world.test.clock.now())
    })

    it.each([
      ['without a consent', null],
      ['with an empty consent', ''],
      ['with a refusal', '0'],
      ['with another value', 'true'],
    ])('refuses a phone %s with a 400 and a clear message, and stores nothing', async (_case, consent) => {
      const response = await call(save(OTHER_PHONE, consent))
      expect(response.statusCode).toBe(400)
      expect(envelope(response)).toEqual({ code: 400, msg: FOLLOW_UP_MESSAGE.noConsent, data: null })
      expect(await allStored()).toHaveLength(0)
    })

    it('keeps the phone encrypted at rest, found by its blind index only', async () => {
      await call(save(OTHER_PHONE))
      const raw = await queryRows<{ phone: string; phone_index: string }>(world.database.db, sql`select phone, phone_index from follow_up_phones`)
      expect(raw).toHaveLength(1)
      expect(raw[0]?.phone.startsWith(CIPHERTEXT_PREFIX)).toBe(true)
      expect(JSON.stringify(raw)).not.toContain(OTHER_PHONE)
      expect(raw[0]?.phone_index).toBe(phoneIndex(OTHER_PHONE))
    })

    it('forgets the user\'s phones once they submit an order, and only theirs', async () => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      expect(data(await call(save(PHONE)))).toBeNull()
      expect(data(await call(save(OTHER_PHONE), other))).toBeNull()
      expect(await storedFor(world.grant)).toHaveLength(1)
      await seedOrderFixtures(world.database.db)
      await submittedOrder(world.test, world.grant)
      expect(await storedFor(world.grant)).toEqual([])
      expect((await storedFor(other)).map((row) => row.phone)).toEqual([OTHER_PHONE])
    })

    it(`is deleted by the maintenance sweep ${FOLLOW_UP_RETENTION_DAYS} days after the latest consent`, async () => {
      expect(data(await call(save(PHONE)))).toBeNull()
      world.test.clock.advance(DAY_MS)
      const other = await loginBySms(world.test, OTHER_PHONE)
      expect(data(await call(save(OTHER_PHONE), other))).toBeNull()

      world.test.clock.advance(FOLLOW_UP_RETENTION_MS - DAY_MS - 1)
      expect(await sweep()).toMatchObject({ followUpPhones: 0 })
      world.test.clock.advance(1)
      expect(await sweep()).toMatchObject({ followUpPhones: 1 })
      expect(await storedFor(world.grant)).toEqual([])
      expect((await storedFor(other)).map((row) => row.phone)).toEqual([OTHER_PHONE])
      world.test.clock.advance(DAY_MS)
      expect(await sweep()).toMatchObject({ followUpPhones: 1 })
      expect(await allStored()).toEqual([])
    })

    it('keeps each user\'s phones apart', async () => {
      const other = await loginBySms(world.test, OTHER_PHONE)
      await call(save(PHONE))
      await call(save(OTHER_PHONE), other)
      expect((await storedFor(world.grant)).map((row) => row.phone)).toEqual([PHONE])
      expect((await storedFor(other)).map((row) => row.phone)).toEqual([OTHER_PHONE])
    })

    it.each([
      ['a short number', '1380013', MOBILE_REASON.length],
      ['a landline', '02812345678', MOBILE_REASON.prefix],
      ['a number with a country code', '+8613800138000', MOBILE_REASON.countryCode],
    ])('refuses %s with a 400 and stores nothing', async (_case, mobile, msg) => {
      const response = await call(save(mobile))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
      expect(await allStored()).toHaveLength(0)
    })

    it('needs a login', async () => {
      await expectLoginEnforced(world.test, save(PHONE), world.grant)
    })
  })

  describe('Henan supplier SMS login', () => {
    const msgOpen = api.request(API.provinceMsgOpen, undefined, { headers: { 'content-type': 'application/json' } })
    const sendMsg = (mobile: string) => api.request(API.provinceSendMsg, { mobile })
    const login = (mobile: string, code: string) => api.request(API.provinceLogin, { mobile, code })
    const closeProvince = () =>
      world.database.db.update(appConfigs).set({ switchStatus: 0 }).where(eq(appConfigs.key, APP_CONFIG_KEY.provinceMsgOpen))

    it('answers whether the SMS login is open, from app_configs', async () => {
      expect(envelope(await call(msgOpen))).toEqual({ ...OK, data: { open: true } })
      expect(envelope(await call({ ...msgOpen, payload: {} }))).toEqual({ ...OK, data: { open: true } })
      await closeProvince()
      expect(envelope(await call(msgOpen))).toEqual({ ...OK, data: { open: false } })
    })

    it('sends a code through the SMS service and logs in with it', async () => {
      expect(envelope(await call(sendMsg(HENAN_PHONE)))).toEqual({ ...OK, data: { waitSeconds: 60 } })
      const code = latestCode(world.test, HENAN_PHONE)
      const first = envelope<{ supplierUserId: string }>(await call(login(HENAN_PHONE, code)))
      expect(first.code).toBe(200)
      expect(first.data.supplierUserId).toMatch(/^HN[0-9a-f]{24}$/)
      // Keyed by the server's secret: not the plain hash anyone could compute from the phone.
      const unkeyed = createHash('sha256').update(`henan-supplier:${HENAN_PHONE}`).digest('hex').slice(0, 24)
      expect(first.data.supplierUserId).not.toBe(`HN${unkeyed}`)

      // The code is used up; a new one logs the same phone in as the same supplier user.
      expect((await call(login(HENAN_PHONE, code))).json()).toEqual({ code: 1002, msg: '验证码已失效，请重新获取', data: null })
      world.test.clock.advance(61_000)
      await call(sendMsg(HENAN_PHONE))
      const again = envelope<{ supplierUserId: string }>(await call(login(HENAN_PHONE, latestCode(world.test, HENAN_PHONE))))
      expect(again.data.supplierUserId).toBe(first.data.supplierUserId)
    })

    it('keeps the SMS rules: one send per 60 s, wrong codes counted', async () => {
      await call(sendMsg(HENAN_PHONE))
      const tooSoon = envelope(await call(sendMsg(HENAN_PHONE)))
      expect(tooSoon.code).toBe(1002)
      expect(tooSoon.msg).toMatch(/^验证码发送过于频繁，请\d+秒后重试$/)
      const code = latestCode(world.test, HENAN_PHONE)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect((await call(login(HENAN_PHONE, wrong))).json()).toEqual({ code: 1002, msg: '验证码错误，还可尝试4次', data: null })
    })

    it('refuses to send or log in while the SMS login is closed', async () => {
      await closeProvince()
      const closed = { code: 5003, msg: '当前地区暂未开通短信登录', data: null }
      expect((await call(sendMsg(HENAN_PHONE))).json()).toEqual(closed)
      expect(world.test.sms.outbox?.latest(HENAN_PHONE)).toBeUndefined()
      expect((await call(login(HENAN_PHONE, '123456'))).json()).toEqual(closed)
    })

    it.each([
      ['a bad mobile', sendMsg('123'), MOBILE_REASON.length],
      ['a short code', login(HENAN_PHONE, '123'), '参数 code 格式不正确'],
      ['a missing code', api.malformedRequest(API.provinceLogin, { mobile: HENAN_PHONE }), '参数 code 不能为空'],
      ['a body on the open check', { ...msgOpen, payload: { province: 'henan' } }, '请求参数不支持的字段 province'],
    ])('answers %s with a 400', async (_case, request, msg) => {
      const response = await call(request)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(msg)
    })

    it('needs a login for the open check', async () => {
      await expectLoginEnforced(world.test, msgOpen, world.grant)
    })

    it('needs a login to send', async () => {
      await expectLoginEnforced(world.test, sendMsg(HENAN_PHONE), world.grant)
    })

    it('needs a login to log in', async () => {
      await call(sendMsg(HENAN_PHONE))
      await expectLoginEnforced(world.test, login(HENAN_PHONE, latestCode(world.test, HENAN_PHONE)), world.grant)
    })
  })
})
