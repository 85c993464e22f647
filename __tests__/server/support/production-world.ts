/**
 * Every outside party of a production deployment as a local stand-in speaking its vendor's (or our)
 * protocol, and the environment a deployment would set to reach them: WeChat's API (the
 * mini-program's logins, phone button and URL links), WeChat Pay, Alipay (payments and logins),
 * Tencent Cloud SMS, the bank's signed page token, the map's OAuth code exchange, the issuer and
 * the risk-control service. The production journey and the two-process tests start servers on it.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import { APP_ENV } from '../../../server/config'
import { startAlipayStandIn } from './alipay-standin'
import type { AlipayStandIn } from './alipay-standin'
import { merchantAccountsEnv } from './merchant-env'
import { ISSUER_TEST_APP_ID, ISSUER_TEST_SECRET, startIssuerStandIn } from './issuer-standin'
import type { IssuerStandIn } from './issuer-standin'
import { RISK_TEST_APP_ID, RISK_TEST_SECRET, startRiskStandIn } from './risk-standin'
import type { RiskStandIn } from './risk-standin'
import { STANDIN_TEMPLATES, startTencentSmsStandIn } from './tencent-sms-standin'
import type { TencentSmsStandIn } from './tencent-sms-standin'
import { startWechatApiStandIn } from './wechat-api-standin'
import type { WechatApiStandIn } from './wechat-api-standin'
import { STANDIN_APP_ID, startWechatPayStandIn } from './wechat-pay-standin'
import type { WechatPayStandIn } from './wechat-pay-standin'
import { HTTP_OK, HTTP_BAD_REQUEST } from './http-status'

export const PRODUCTION_PUBLIC_BASE_URL = 'https://etc.example.com'
const BANK_ISSUER = 'https://bank.example.com'
const BANK_AUDIENCE = 'etc-apply'
const PAGE_TOKEN_SECONDS = 300
/** The map's one valid code in this world, and the user it names. */
export const MAP_CODE = 'map-code'
const MAP_USER = 'map-user-1'

export interface ProductionWorld {
  /** What a deployment reaching these stand-ins sets (besides DATABASE_URL, REDIS_URL, PORT and DATA_DIR). */
  readonly env: Readonly<Record<string, string>>
  readonly wechatApi: WechatApiStandIn
  readonly wechatPay: WechatPayStandIn
  readonly alipay: AlipayStandIn
  readonly sms: TencentSmsStandIn
  readonly issuer: IssuerStandIn
  readonly risk: RiskStandIn
  /** A page token the bank signs for its user `subject`. */
  bankPageToken(subject: string): Promise<string>
  close(): Promise<void>
}

/** The map's OAuth token endpoint: MAP_CODE names MAP_USER, any other code is refused. */
async function startMapOAuth(): Promise<Server> {
  const map = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const ok = new URLSearchParams(body).get('code') === MAP_CODE
      response
        .writeHead(ok ? HTTP_OK : HTTP_BAD_REQUEST, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? { access_token: 'at', open_id: MAP_USER } : { error: 'invalid_grant' }))
    })
  })
  await new Promise<void>((resolve) => map.listen(0, '127.0.0.1', resolve))
  return map
}

export async function startProductionWorld(): Promise<ProductionWorld> {
  const bankKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  // WeChat Pay's merchant takes payments for the mini-program that logs its people in.
  const [wechatApi, wechatPay, alipay, sms, issuer, risk, map] = await Promise.all([
    startWechatApiStandIn({ appId: STANDIN_APP_ID }),
    startWechatPayStandIn(),
    startAlipayStandIn(),
    startTencentSmsStandIn(),
    startIssuerStandIn(),
    startRiskStandIn(),
    startMapOAuth(),
  ])
  const mini = wechatApi.settings()
  const tencent = sms.settings()
  const env: Record<string, string> = {
    APP_ENV: APP_ENV.production,
    NODE_ENV: 'production',
    PAYLOAD_KEY_HEX: 'a1'.repeat(32),
    DATA_KEY_HEX: 'b2'.repeat(32),
    PUBLIC_BASE_URL: PRODUCTION_PUBLIC_BASE_URL,
    LOG_LEVEL: 'warn',
    IDENTITY_PROVIDERS: 'real',
    PHONE_NUMBER_PROVIDER: 'wechat',
    RISK_PROVIDER: 'http',
    ISSUER_PROVIDER: 'http',
    WECHAT_PLATFORM_PROVIDER: 'wechat',
    BANK_TOKEN_PUBLIC_KEY: bankKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    BANK_TOKEN_ISSUER: BANK_ISSUER,
    BANK_TOKEN_AUDIENCE: BANK_AUDIENCE,
    MAP_OAUTH_TOKEN_URL: `http://127.0.0.1:${(map.address() as AddressInfo).port}/oauth/token`,
    MAP_OAUTH_CLIENT_ID: 'etc',
    MAP_OAUTH_CLIENT_SECRET: 'map-client-secret',
    MAP_OAUTH_TOKEN_ID_FIELD: 'open_id',
    WECHAT_MINI_APP_ID: mini.appId,
    WECHAT_MINI_APP_SECRET: mini.appSecret,
    WECHAT_API_BASE_URL: mini.baseUrl ?? '',
    // The official account's JS-SDK ticket is walked in wechat-platform.test.ts; here it only needs settings.
    WECHAT_OFFICIAL_APP_ID: 'wxofficial0000000001',
    WECHAT_OFFICIAL_APP_SECRET: 'official-account-secret-000000001',
    ...merchantAccountsEnv(wechatPay, alipay),
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: tencent.secretId,
    TENCENT_SMS_SECRET_KEY: tencent.secretKey,
    TENCENT_SMS_SDK_APP_ID: tencent.sdkAppId,
    TENCENT_SMS_SIGN_NAME: tencent.signName,
    TENCENT_SMS_TEMPLATE_CODE: STANDIN_TEMPLATES.code,
    TENCENT_SMS_TEMPLATE_PLATE_RELEASED: STANDIN_TEMPLATES.plateReleased,
    ISSUER_BASE_URL: issuer.baseUrl,
    ISSUER_APP_ID: ISSUER_TEST_APP_ID,
    ISSUER_SECRET: ISSUER_TEST_SECRET,
    RISK_BASE_URL: risk.baseUrl,
    RISK_APP_ID: RISK_TEST_APP_ID,
    RISK_SECRET: RISK_TEST_SECRET,
    // Read through its adapter against its stand-in in recognition.test.ts; here it only needs settings.
    OCR_PROVIDER: 'tencent',
    TENCENT_OCR_SECRET_ID: 'AKIDocr0000000000000000000000000001',
    TENCENT_OCR_SECRET_KEY: 'ocr-secret-key-000000000000000001',
  }
  return {
    env,
    wechatApi,
    wechatPay,
    alipay,
    sms,
    issuer,
    risk,
    bankPageToken: (subject) =>
      new SignJWT({ iss: BANK_ISSUER, aud: BANK_AUDIENCE, sub: subject, exp: Math.floor(Date.now() / 1000) + PAGE_TOKEN_SECONDS })
        .setProtectedHeader({ alg: 'RS256' })
        .sign(bankKeys.privateKey),
    async close() {
      await Promise.all([wechatApi.close(), wechatPay.close(), alipay.close(), sms.close(), issuer.close(), risk.close(), new Promise((resolve) => map.close(resolve))])
    },
  }
}
