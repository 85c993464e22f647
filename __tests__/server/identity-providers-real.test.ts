/**
 * IDENTITY_PROVIDERS=real: the settings of the four ways in (every missing one named), and a
 * server built from them logging a person in through each, over HTTP to local stand-ins: the
 * bank's signed page token, the map's OAuth code, WeChat's code2Session and Alipay's oauth token.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import type { TokenGrant } from '../../types/api/auth'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { createConfiguredPeople } from '../../server/platform/configured-identity'
import { loadConfig } from '../../server/config'
import { users } from '../../server/db/schema'
import { simulatedParts } from '../../server/production-guard'
import { MAP, envelope, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import { startAlipayStandIn } from './support/alipay-standin'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import type { AlipayStandIn } from './support/alipay-standin'
import { createTestApp } from './support/test-app'
import { TEST_DATA_KEY_HEX } from './support/test-keys'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'
import { startWechatApiStandIn } from './support/wechat-api-standin'
import type { WechatApiStandIn } from './support/wechat-api-standin'
import { configProblems } from './support/config-problems'

const CWD = '/tmp/etc-apply-test'
const BANK_ISSUER = 'https://bank.example.com'

const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, CWD))

describe('IDENTITY_PROVIDERS=real in the configuration', () => {
  it('names every setting the four ways in need', () => {
    expect(problemsOf({ APP_ENV: 'development', IDENTITY_PROVIDERS: 'real' })).toEqual(
      expect.arrayContaining([
        'IDENTITY_PROVIDERS=real needs the Alipay application (ALIPAY_APP_ID, …) for the Alipay login',
        'BANK_TOKEN_PUBLIC_KEY must be set (or BANK_TOKEN_PUBLIC_KEY_FILE, a file holding it)',
        'BANK_TOKEN_ISSUER must be set',
        'BANK_TOKEN_AUDIENCE must be set',
        'MAP_OAUTH_TOKEN_URL must be set',
        'MAP_OAUTH_TOKEN_ID_FIELD or MAP_OAUTH_USERINFO_URL must be set (where the map names its user)',
        'MAP_OAUTH_CLIENT_ID must be set',
        'MAP_OAUTH_CLIENT_SECRET must be set (or MAP_OAUTH_CLIENT_SECRET_FILE, a file holding it)',
        'WECHAT_MINI_APP_ID must be set',
        'WECHAT_MINI_APP_SECRET must be set (or WECHAT_MINI_APP_SECRET_FILE, a file holding it)',
      ]),
    )
    expect(problemsOf({ APP_ENV: 'development', IDENTITY_PROVIDERS: 'real', BANK_TOKEN_JWKS_URL: 'https://bank.example.com/jwks', BANK_TOKEN_ALGORITHMS: 'RS256,none' })).toContain(
      'BANK_TOKEN_ALGORITHMS must not include "none"',
    )
  })
})

describeDb('logging in through the real identity providers', () => {
  const bankKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  let wechat: WechatApiStandIn
  let alipay: AlipayStandIn
  let map: Server
  let database: TestDatabase
  let env: Record<string, string>

  beforeAll(async () => {
    map = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const ok = new URLSearchParams(body).get('code') === 'map-code'
        response.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(ok ? '{"access_token":"at","open_id":"map-user-1"}' : '{"error":"invalid_grant"}')
      })
    })
    await new Promise<void>((resolve) => map.listen(0, '127.0.0.1', resolve))
    ;[wechat, alipay, database] = await Promise.all([startWechatApiStandIn(), startAlipayStandIn(), openTestDatabase()])
    const ali = alipay.settings()
    const wx = wechat.settings()
    env = {
      APP_ENV: 'development',
      DATA_KEY_HEX: TEST_DATA_KEY_HEX,
      IDENTITY_PROVIDERS: 'real',
      PHONE_NUMBER_PROVIDER: 'wechat',
      BANK_TOKEN_PUBLIC_KEY: bankKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      BANK_TOKEN_ISSUER: BANK_ISSUER,
      BANK_TOKEN_AUDIENCE: 'etc-apply',
      MAP_OAUTH_TOKEN_URL: `http://127.0.0.1:${(map.address() as AddressInfo).port}/oauth/token`,
      MAP_OAUTH_CLIENT_ID: 'etc',
      MAP_OAUTH_CLIENT_SECRET: 'secret',
      MAP_OAUTH_TOKEN_ID_FIELD: 'open_id',
      WECHAT_MINI_APP_ID: wx.appId,
      WECHAT_MINI_APP_SECRET: wx.appSecret,
      WECHAT_API_BASE_URL: wx.baseUrl ?? '',
      ALIPAY_APP_ID: ali.appId,
      ALIPAY_PRIVATE_KEY: ali.privateKeyPem,
      ALIPAY_PUBLIC_KEY: ali.alipayPublicKeyPem,
      ALIPAY_GATEWAY: ali.gateway ?? '',
    }
  })
  afterAll(async () => {
    await Promise.all([wechat.close(), alipay.close(), database.dispose(), new Promise((resolve) => map.close(resolve))])
  })

  it('builds no simulated provider, and each way in logs its person in', async () => {
    const config = loadConfig(env, CWD)
    const people = createConfiguredPeople(config, {})
    expect(simulatedParts({ ...realOutsidePartyStubs(), ...people })).toEqual([])
    const test = await createTestApp(database.db, people)
    try {
      const login = async (body: object): Promise<Envelope<TokenGrant>> => (await tokenCall(test, body, MAP.channelId)).json<Envelope<TokenGrant>>()
      const pageToken = await new SignJWT({ iss: BANK_ISSUER, aud: 'etc-apply', sub: 'bank-7', exp: Math.floor(Date.now() / 1000) + 300 })
        .setProtectedHeader({ alg: 'RS256' })
        .sign(bankKeys.privateKey)
      wechat.addLoginCode('wx-code-1', 'openid-wx-1')
      alipay.addAuthCode('ali-code-1', '2088000000000099')
      const grants = [
        await login({ grantType: 'pageToken', token: pageToken }),
        await login({ grantType: 'authCode', provider: 'map', code: 'map-code' }),
        await login({ grantType: 'authCode', provider: 'wechat', code: 'wx-code-1' }),
        await login({ grantType: 'authCode', provider: 'alipay', code: 'ali-code-1' }),
      ]
      expect(grants.map((grant) => grant.code)).toEqual([200, 200, 200, 200])
      const people = await database.db.select({ provider: users.identityProvider, externalId: users.externalId, aliUid: users.aliUid }).from(users)
      expect(people).toEqual(
        expect.arrayContaining([
          { provider: 'bank', externalId: 'bank-7', aliUid: null },
          { provider: 'map', externalId: 'map-user-1', aliUid: null },
          { provider: 'wechat', externalId: 'openid-wx-1', aliUid: null },
          { provider: 'alipay', externalId: '2088000000000099', aliUid: '2088000000000099' },
        ]),
      )
      // Refused credentials are no one.
      expect((await login({ grantType: 'authCode', provider: 'map', code: 'used-code' })).code).toBe(1001)
      expect((await login({ grantType: 'authCode', provider: 'alipay', code: 'ali-code-1' })).code).toBe(1001)
      // The WeChat user's phone button: the same mini-program, the same access token.
      wechat.addPhoneCode('phone-code-1', '13912345678')
      const wechatUser = grants[2]?.data
      if (!wechatUser) throw new Error('no WeChat session')
      const phone = async (code: string) =>
        envelope(await apiClient(test).call(API.phoneByCode, { code }, { as: wechatUser, params: { channel: MAP.channelId } }))
      expect(await phone('phone-code-1')).toEqual({ code: 200, msg: '成功', data: { mobile: '13912345678' } })
      expect((await phone('phone-code-1')).code).toBe(1001)
      expect(wechat.calls('stable_token')).toBe(1)
    } finally {
      await test.close()
    }
  })
})
