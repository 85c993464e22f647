/**
 * Every login route and SMS rule: promoter account, the token call's four grants (and Alipay's
 * GET), sending codes plain and sealed, the simulator's test calls; 6-digit codes valid 5
 * minutes, one send per 60 s, a per-phone cap, 5 wrong tries void the code (with a fake clock).
 */
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { LOGIN_PHONE_MEMORY_MS } from '../../src/domain/constants'
import { requireUser } from '../../server/http/auth-hook'
import { ok } from '../../server/http/envelope'
import { createSmsSimulator } from '../../server/auth/sms-gateway'
import type { SmsGateway } from '../../server/auth/sms-gateway'
import { DEFAULTS } from '../../server/config'
import { SMS_CODE_TTL_MS, SMS_SENDS_PER_PHONE } from '../../server/auth/sms-codes'
import { phoneIndex } from '../../server/crypto/field-cipher'
import { loginTickets, promoterAccounts, sessions, smsCodes, users } from '../../server/db/schema'
import {
  BANK,
  MAP,
  bearer,
  envelope,
  latestCode,
  loginAsPromoter,
  loginBySms,
  sealFor,
  sendCode,
  tokenCall,
} from './support/api'
import { apiClient } from './support/api-client'
import { appPerTest } from './support/app-world'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb } from './support/test-database'

const PHONE = '13800138000'
const OTHER_PHONE = '13912345678'
const SECOND = 1000

describeDb('auth and SMS routes', () => {
  const { database, test, api } = appPerTest((app) => {
    app.app.get('/test/me', async (request) => ok({ uid: requireUser(request).uid, phone: requireUser(request).phone }))
    app.app.get('/test/channel-me', { config: { channel: true } }, async (request) => ok({ uid: requireUser(request).uid, phone: requireUser(request).phone }))
  })
  const me = (grant: TokenGrant) => test.inject({ method: 'GET', url: '/test/me', headers: bearer(grant) })
  const smsLogin = (mobileNo: string, verifyCode: string, channelId = BANK.channelId) =>
    tokenCall(test, { grantType: 'smsCode', tokenParamSJ: sealFor(test, SEALED_FIELD.token, { mobileNo, verifyCode }) }, channelId)
  /** A code that is not the current one. */
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  describe('promoter account login', () => {
    it('logs the channel account in with an opaque token stored only as its SHA-256', async () => {
      const grant = await loginAsPromoter(test, MAP)
      expect(grant.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(grant.expireIn).toBe(test.config.tokenTtlSeconds)
      expect(grant.uid).toMatch(/^U[0-9a-f]{24}$/)
      expect(grant.scope).toBe('channel')
      expect(envelope(await test.inject({ method: 'GET', url: '/test/channel-me', headers: bearer(grant) })).data).toEqual({ uid: grant.uid, phone: null })
      // It identifies the channel, not a person: routes that need a person refuse it.
      const personal = await me(grant)
      expect(personal.statusCode).toBe(403)
      expect(personal.json()).toEqual({ code: 403, msg: '请先验证手机号后再办理', data: null })
      const stored = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions)
      expect(stored).toEqual([{ tokenHash: createHash('sha256').update(grant.accessToken).digest('hex') }])
      const again = await loginAsPromoter(test, MAP)
      expect(again.uid).toBe(grant.uid)
      expect(again.accessToken).not.toBe(grant.accessToken)
    })

    it('keeps passwords as scrypt hashes', async () => {
      const accounts = await database.db.select({ hash: promoterAccounts.passwordHash }).from(promoterAccounts)
      expect(accounts).toHaveLength(2)
      for (const { hash } of accounts) {
        expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/)
        expect(hash).not.toContain('PLACEHOLDER')
      }
    })

    it.each([
      ['a wrong password', { loginAccount: MAP.promoterAccount.loginAccount, password: 'wrong' }],
      ['an unknown account', { loginAccount: 'nobody', password: MAP.promoterAccount.password }],
    ])('refuses %s with business code 1001', async (_case, payload) => {
      const response = await api.call(API.promoterLogin, payload)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 1001, msg: '账号或密码错误', data: null })
    })

    it('refuses a disabled account', async () => {
      await database.db.update(promoterAccounts).set({ disabled: true }).where(eq(promoterAccounts.loginAccount, MAP.promoterAccount.loginAccount))
      const response = await api.call(API.promoterLogin, MAP.promoterAccount)
      expect(envelope(response).code).toBe(1001)
    })

    it('answers a missing password with a 400 naming it', async () => {
      const response = await api.malformed(API.promoterLogin, { loginAccount: 'a' })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 password 不能为空')
    })
  })

  describe('sending SMS codes', () => {
    it('sends a 6-digit code (GET) and keeps only its hash', async () => {
      const response = await sendCode(test, PHONE)
      expect(envelope(response)).toEqual({ code: 200, msg: '成功', data: { waitSeconds: 60 } })
      const code = latestCode(test, PHONE)
      expect(code).toMatch(/^\d{6}$/)
      const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phoneIndex, phoneIndex(PHONE)))
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row?.codeHash).not.toContain(code)
      expect(row?.expiresAt.getTime()).toBe(test.clock.now().getTime() + SMS_CODE_TTL_MS)
    })

    it('sends a code from the sealed parameter (POST)', async () => {
      const sendCodeParamSJ = sealFor(test, SEALED_FIELD.sendCode, { mobileNo: PHONE, timestamp: test.clock.now().getTime() })
      const response = await api.call(API.sendSealedCode, { sendCodeParamSJ })
      expect(envelope(response).code).toBe(200)
      expect(latestCode(test, PHONE)).toMatch(/^\d{6}$/)
    })

    it.each([
      ['garbage', () => 'not-sealed'],
      ['a value sealed for another field', (t: TestApp) => sealFor(t, SEALED_FIELD.token, { mobileNo: PHONE, timestamp: 1 })],
      ['a value sealed with another key', () => 'v1.AAAAAAAAAAAAAAAAAAAAAA==.AAAA.' + '0'.repeat(64)],
    ])('answers %s in sendCodeParamSJ with business code 2004', async (_case, make) => {
      const response = await api.call(API.sendSealedCode, { sendCodeParamSJ: make(test) })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 2004, msg: '参数解密失败，请刷新页面后重试', data: null })
      expect(test.sms.outbox?.latest(PHONE)).toBeUndefined()
    })

    it.each([
      ['12345678901', '手机号应以13至19开头'],
      ['1380013800', '手机号应为11位'],
      ['+8613800138000', '请直接输入11位手机号，无需加国家区号'],
      ['', '请输入手机号'],
    ])('refuses mobile "%s" with a 400 and the domain message', async (mobile, message) => {
      const response = await sendCode(test, mobile)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
    })

    it('refuses a bad mobile inside the sealed parameter with a 400', async () => {
      const sendCodeParamSJ = sealFor(test, SEALED_FIELD.sendCode, { mobileNo: '1380013', timestamp: 1 })
      const response = await api.call(API.sendSealedCode, { sendCodeParamSJ })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('手机号应为11位')
    })

    it('allows one send per phone per 60 s, and the new code replaces the old', async () => {
      // Codes 000001, 000002, ... so the two codes of this test differ.
      let next = 0
      const counting = await createTestApp(database.db, { random: { bytes: (size) => randomBytes(size), int: () => ++next } })
      try {
        const send = (mobile: string) => apiClient(counting).call(API.sendCode, { mobile })
        const login = (verifyCode: string) =>
          tokenCall(counting, { grantType: 'smsCode', tokenParamSJ: sealFor(counting, SEALED_FIELD.token, { mobileNo: PHONE, verifyCode }) })
        await send(PHONE)
        expect(latestCode(counting, PHONE)).toBe('000001')
        counting.clock.advance(20 * SECOND)
        expect(envelope(await send(PHONE))).toEqual({ code: 1002, msg: '验证码发送过于频繁，请40秒后重试', data: null })
        expect(latestCode(counting, PHONE)).toBe('000001')
        expect(envelope(await send(OTHER_PHONE)).code).toBe(200)

        counting.clock.advance(40 * SECOND)
        expect(envelope(await send(PHONE)).code).toBe(200)
        expect(latestCode(counting, PHONE)).toBe('000003')
        expect(envelope(await login('000001')).msg).toBe('验证码错误，还可尝试4次')
        expect(envelope(await login('000003')).code).toBe(200)
      } finally {
        await counting.close()
      }
    })

    it(`caps sends per phone at ${SMS_SENDS_PER_PHONE.max} per window`, async () => {
      const from = (i: number) => ({ remoteAddress: `10.1.0.${i}` })
      const send = (i: number) => api.call(API.sendCode, { mobile: PHONE }, from(i))
      for (let i = 0; i < SMS_SENDS_PER_PHONE.max; i++) {
        const response = await send(i)
        expect(envelope(response).code).toBe(200)
        test.clock.advance(61 * SECOND)
      }
      const capped = await send(99)
      expect(envelope(capped)).toEqual({ code: 1002, msg: '该手机号获取验证码次数过多，请稍后再试', data: null })
      test.clock.advance(SMS_SENDS_PER_PHONE.windowMs)
      expect(envelope(await send(98)).code).toBe(200)
    })

    it('limits sends per IP with HTTP 429', async () => {
      const phones = Array.from({ length: DEFAULTS.sendCodeRateLimitPerMinute + 1 }, (_, i) => `1370000${String(i).padStart(4, '0')}`)
      const statuses: number[] = []
      for (const mobile of phones) statuses.push((await sendCode(test, mobile)).statusCode)
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    })

    it('takes the per-IP limits of codes sent and of logins from the configuration', async () => {
      const strict = await createTestApp(database.db, { config: { authRateLimitPerMinute: { login: 1, sendCode: 2 } } })
      try {
        const statuses: number[] = []
        for (const mobile of ['13700009001', '13700009002', '13700009003']) statuses.push((await sendCode(strict, mobile)).statusCode)
        expect(statuses).toEqual([200, 200, 429])
        const logins: number[] = []
        for (let attempt = 0; attempt < 2; attempt += 1) {
          logins.push((await apiClient(strict).call(API.promoterLogin, { loginAccount: 'nobody', password: 'wrong-password' })).statusCode)
        }
        expect(logins.at(-1)).toBe(429)
        expect(logins[0]).not.toBe(429)
      } finally {
        await strict.close()
      }
    })

    it('reports a failed delivery as unavailable and lets the user retry at once', async () => {
      const failing: SmsGateway = {
        sender: { send: async () => Promise.reject(new Error('provider down')), notify: async () => undefined },
        outbox: undefined,
      }
      const broken = await createTestApp(database.db, { sms: failing })
      try {
        const response = await apiClient(broken).call(API.sendCode, { mobile: PHONE })
        expect(envelope(response)).toEqual({ code: 5003, msg: '短信发送失败，请稍后重试', data: null })
        expect(await database.db.select().from(smsCodes)).toEqual([])
        expect(broken.logs.text()).toContain('SMS could not be sent')
      } finally {
        await broken.close()
      }
      expect(envelope(await sendCode(test, PHONE)).code).toBe(200)
    })
  })

  describe('SMS simulator test calls', () => {
    it('reports itself on and returns the latest code of a phone', async () => {
      expect(envelope(await api.call(API.smsTestCheck))).toEqual({ code: 200, msg: '成功', data: { enabled: true } })
      await sendCode(test, PHONE)
      const response = await api.call(API.smsTestLatest, { mobile: PHONE })
      expect(envelope(response)).toEqual({
        code: 200,
        msg: '成功',
        data: { mobile: PHONE, code: latestCode(test, PHONE), sentAt: test.clock.now().toISOString() },
      })
      const none = await api.call(API.smsTestLatest, { mobile: OTHER_PHONE })
      expect(envelope(none)).toEqual({ code: 404, msg: '该手机号暂无验证码', data: null })
    })

    it('logs the simulated code with the phone masked', async () => {
      await sendCode(test, PHONE)
      const line = test.logs.entries().find((entry) => entry.msg === 'SMS simulator: verification code sent')
      expect(line?.sms).toEqual({ phone: '138****8000', code: latestCode(test, PHONE) })
      expect(test.logs.text()).not.toContain(PHONE)
    })

    it('answers test calls as unavailable when the simulator is off', async () => {
      const production = await createTestApp(database.db, { config: { smsSimulator: false } })
      try {
        const simulatorOff = apiClient(production)
        expect(envelope(await simulatorOff.call(API.smsTestCheck)).data).toEqual({ enabled: false })
        const response = await simulatorOff.call(API.smsTestLatest, { mobile: PHONE })
        expect(envelope(response)).toEqual({ code: 5003, msg: '短信测试接口未开启', data: null })
      } finally {
        await production.close()
      }
    })
  })

  describe('token: SMS code', () => {
    it('logs in by phone and code, remembering the phone with a ticket', async () => {
      const grant = await loginBySms(test, PHONE)
      expect(grant.loginTicket).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(envelope(await me(grant)).data).toEqual({ uid: grant.uid, phone: PHONE })
      test.clock.advance(61 * SECOND)
      expect((await loginBySms(test, PHONE)).uid).toBe(grant.uid)
      test.clock.advance(61 * SECOND)
      const otherChannel = await loginBySms(test, PHONE, MAP.channelId)
      expect(otherChannel.uid).not.toBe(grant.uid)
      expect(await database.db.select().from(users).where(eq(users.phoneIndex, phoneIndex(PHONE)))).toHaveLength(2)
    })

    it('uses a code once', async () => {
      await sendCode(test, PHONE)
      const code = latestCode(test, PHONE)
      expect(envelope(await smsLogin(PHONE, code)).code).toBe(200)
      expect(envelope(await smsLogin(PHONE, code))).toEqual({ code: 1002, msg: '验证码已失效，请重新获取', data: null })
    })

    it('counts wrong codes and voids the code at the fifth', async () => {
      await sendCode(test, PHONE)
      const code = latestCode(test, PHONE)
      for (let left = 4; left >= 1; left--) {
        expect(envelope(await smsLogin(PHONE, wrongCode(code)))).toEqual({ code: 1002, msg: `验证码错误，还可尝试${left}次`, data: null })
      }
      expect(envelope(await smsLogin(PHONE, wrongCode(code))).msg).toBe('验证码错误次数过多，请重新获取')
      expect(envelope(await smsLogin(PHONE, code)).msg).toBe('验证码已失效，请重新获取')
    })

    it('accepts a code for 5 minutes only', async () => {
      await sendCode(test, PHONE)
      const code = latestCode(test, PHONE)
      test.clock.advance(SMS_CODE_TTL_MS)
      expect(envelope(await smsLogin(PHONE, code)).msg).toBe('验证码已失效，请重新获取')

      test.clock.advance(SECOND)
      await sendCode(test, PHONE)
      test.clock.advance(SMS_CODE_TTL_MS - SECOND)
      expect(envelope(await smsLogin(PHONE, latestCode(test, PHONE))).code).toBe(200)
    })

    it('answers a phone that never got a code as invalid', async () => {
      expect(envelope(await smsLogin(PHONE, '123456')).msg).toBe('验证码已失效，请重新获取')
    })

    it.each([
      ['a short code', { mobileNo: PHONE, verifyCode: '12345' }, '参数 verifyCode 格式不正确'],
      ['a missing code', { mobileNo: PHONE }, '参数 verifyCode 不能为空'],
      ['a bad mobile', { mobileNo: '1', verifyCode: '123456' }, '手机号应为11位'],
    ])('answers %s inside tokenParamSJ with a 400', async (_case, param, message) => {
      const response = await tokenCall(test, { grantType: 'smsCode', tokenParamSJ: sealFor(test, SEALED_FIELD.token, param) })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
    })

    it('answers an unreadable tokenParamSJ with business code 2004', async () => {
      const response = await tokenCall(test, { grantType: 'smsCode', tokenParamSJ: 'v1.x.y.z' })
      expect(envelope(response).code).toBe(2004)
    })
  })

  describe('token: remembered phone', () => {
    const remembered = (mobileNo: string, loginTicket: string, channelId = BANK.channelId) =>
      tokenCall(
        test,
        { grantType: 'rememberedPhone', tokenParamSJ: sealFor(test, SEALED_FIELD.token, { mobileNo, timestamp: test.clock.now().getTime(), loginTicket }) },
        channelId,
      )

    // Changed by issue 12: a ticket is single-use and the silent login hands out the next one
    // (it used to answer no ticket and accept the same one again for the whole day).
    it('logs the same user in silently with the ticket for a day from the SMS login, rotating it each time', async () => {
      const grant = await loginBySms(test, PHONE)
      const ticket = grant.loginTicket ?? ''
      test.clock.advance(LOGIN_PHONE_MEMORY_MS - SECOND)
      const silent = envelope<TokenGrant>(await remembered(PHONE, ticket))
      expect(silent.code).toBe(200)
      expect(silent.data.uid).toBe(grant.uid)
      expect(silent.data.loginTicket).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(silent.data.loginTicket).not.toBe(ticket)
      expect(silent.data.accessToken).not.toBe(grant.accessToken)
      // The next ticket ends when the first would have: a day after the SMS login.
      test.clock.advance(SECOND / 2)
      const next = envelope<TokenGrant>(await remembered(PHONE, silent.data.loginTicket ?? ''))
      expect(next.data.uid).toBe(grant.uid)
      test.clock.advance(SECOND / 2)
      expect(envelope(await remembered(PHONE, next.data.loginTicket ?? ''))).toEqual({ code: 1001, msg: '登录已失效，请使用验证码登录', data: null })
    })

    it('lets an unused ticket expire after a day', async () => {
      const grant = await loginBySms(test, PHONE)
      test.clock.advance(LOGIN_PHONE_MEMORY_MS)
      expect(envelope(await remembered(PHONE, grant.loginTicket ?? ''))).toEqual({ code: 1001, msg: '登录已失效，请使用验证码登录', data: null })
    })

    it('uses a ticket once: the same ticket again is refused', async () => {
      const grant = await loginBySms(test, PHONE)
      const ticket = grant.loginTicket ?? ''
      expect(envelope(await remembered(PHONE, ticket)).code).toBe(200)
      expect(envelope(await remembered(PHONE, ticket))).toEqual({ code: 1001, msg: '登录已失效，请使用验证码登录', data: null })
    })

    it('logs in once when the same ticket is redeemed twice at the same time', async () => {
      const grant = await loginBySms(test, PHONE)
      const ticket = grant.loginTicket ?? ''
      const answers = await Promise.all([remembered(PHONE, ticket), remembered(PHONE, ticket)])
      expect(answers.map((answer) => envelope(answer).code).sort((a, b) => a - b)).toEqual([200, 1001])
      // Only the rotated ticket is left.
      expect(await database.db.select().from(loginTickets)).toHaveLength(1)
    })

    it('refuses the ticket for another phone, another channel or a forged ticket', async () => {
      const grant = await loginBySms(test, PHONE)
      const ticket = grant.loginTicket ?? ''
      expect(envelope(await remembered(OTHER_PHONE, ticket)).code).toBe(1001)
      expect(envelope(await remembered(PHONE, ticket, MAP.channelId)).code).toBe(1001)
      expect(envelope(await remembered(PHONE, `${ticket.slice(0, -2)}xx`)).code).toBe(1001)
    })
  })

  describe('token: bank page token and authorisation codes', () => {
    it('logs a bank user in by page token, the same user for the same token', async () => {
      const first = envelope<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: 'sim-alice' }))
      const again = envelope<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: 'sim-alice' }))
      const other = envelope<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: 'sim-bob' }))
      expect(first.code).toBe(200)
      expect(again.data.uid).toBe(first.data.uid)
      expect(other.data.uid).not.toBe(first.data.uid)
      expect(envelope(await me(first.data)).data).toEqual({ uid: first.data.uid, phone: null })
    })

    it('refuses a page token the bank does not vouch for', async () => {
      const response = await tokenCall(test, { grantType: 'pageToken', token: 'reject-expired' })
      expect(response.json()).toEqual({ code: 1001, msg: '登录凭证无效或已过期，请从银行App重新进入', data: null })
    })

    it.each(['map', 'wechat', 'alipay'] as const)('logs a %s user in by authorisation code', async (provider) => {
      const grant = envelope<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider, code: 'sim-carol' }, MAP.channelId))
      expect(grant.code).toBe(200)
      expect(grant.data.aliUid !== undefined).toBe(provider === 'alipay')
      const again = envelope<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider, code: 'sim-carol' }, MAP.channelId))
      expect(again.data.uid).toBe(grant.data.uid)
      const refused = await tokenCall(test, { grantType: 'authCode', provider, code: 'reject-1' }, MAP.channelId)
      expect(refused.json()).toEqual({ code: 1001, msg: '授权失败，请重新进入', data: null })
    })

    it('logs an Alipay user in by GET with appId and code', async () => {
      const params = { channel: MAP.channelId }
      const response = await api.call(API.tokenByQuery, { appId: '2021000000000000', code: 'sim-dave' }, { params })
      const grant = envelope<TokenGrant>(response)
      expect(grant.code).toBe(200)
      expect(grant.data.aliUid).toMatch(/^alipay-/)
      const missing = await api.malformed(API.tokenByQuery, { code: 'sim-dave' }, { params })
      expect(missing.statusCode).toBe(400)
      expect(envelope(missing).msg).toBe('参数 appId 不能为空')
    })
  })

  describe('token: malformed calls', () => {
    it.each([
      ['no grantType', { token: 'x' }, '参数 grantType 取值无效'],
      ['an unknown grantType', { grantType: 'password' }, '参数 grantType 取值无效'],
      ['an unknown provider', { grantType: 'authCode', provider: 'qq', code: 'x' }, '参数 provider 取值无效，可选值：map、wechat、alipay'],
      ['a token with spaces', { grantType: 'pageToken', token: 'a b' }, '参数 token 格式不正确'],
      ['a huge token', { grantType: 'pageToken', token: 'x'.repeat(5000) }, '参数 token 长度不能超过2048'],
    ])('answers %s with a 400', async (_case, body, message) => {
      const response = await tokenCall(test, body)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
    })

    it('answers an unknown channel with 404', async () => {
      const response = await tokenCall(test, { grantType: 'pageToken', token: 'sim-alice' }, 'NO_SUCH_CHANNEL')
      expect(response.statusCode).toBe(404)
      expect(envelope(response)).toEqual({ code: 404, msg: '渠道不存在', data: null })
    })
  })
})

describe('SMS simulator', () => {
  it('keeps only the latest code per phone', async () => {
    const simulator = createSmsSimulator()
    const log = { info: jest.fn() } as unknown as Parameters<SmsGateway['sender']['send']>[1]
    await simulator.sender.send({ phone: PHONE, code: '111111', sentAt: new Date(1) }, log)
    await simulator.sender.send({ phone: PHONE, code: '222222', sentAt: new Date(2) }, log)
    expect(simulator.outbox?.latest(PHONE)?.code).toBe('222222')
    expect(simulator.outbox?.latest(OTHER_PHONE)).toBeUndefined()
  })
})
