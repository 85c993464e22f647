/**
 * The identity providers of IDENTITY_PROVIDERS=real, read from the environment: the bank's page
 * token (a JWT: its key or JWKS, issuer, audience), the map's OAuth 2.0 code exchange, the WeChat
 * mini-program's code2Session (its app id and secret: readWechatMiniAccount, read by
 * server/config.ts) and Alipay's login (the Alipay application of
 * server/alipay/alipay-account.ts). All four are needed: every way in logs a person in.
 * .env.example documents each setting; server/README.md says what to ask each partner for.
 */
import type { BankTokenSettings, OAuthCodeSettings } from './partner-identity'
import { readAlipayAccount } from '../alipay/alipay-account'
import type { AlipayAccount } from '../alipay/alipay-account'
import { pem, required, url } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'

export interface WechatMiniAccount {
  readonly appId: string
  readonly appSecret: string
  /** Unset: https://api.weixin.qq.com. */
  readonly baseUrl: string | undefined
}

export interface IdentityAccounts {
  readonly bank: BankTokenSettings
  readonly map: Omit<OAuthCodeSettings, 'timeoutMs'>
  readonly alipay: AlipayAccount | undefined
}

/**
 * The WeChat mini-program's server credentials: its login (IDENTITY_PROVIDERS=real), its phone button
 * (PHONE_NUMBER_PROVIDER=wechat) and its URL links (WECHAT_PLATFORM_PROVIDER=wechat).
 */
export function readWechatMiniAccount(reader: SettingsReader): WechatMiniAccount {
  return { appId: required(reader, 'WECHAT_MINI_APP_ID'), appSecret: required(reader, 'WECHAT_MINI_APP_SECRET', true), baseUrl: url(reader, 'WECHAT_API_BASE_URL') }
}

const list = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function readBank(reader: SettingsReader): BankTokenSettings {
  const jwksUrl = url(reader, 'BANK_TOKEN_JWKS_URL')
  const publicKeyPem = jwksUrl === undefined ? pem(reader, 'BANK_TOKEN_PUBLIC_KEY') : undefined
  const algorithms = list(reader.raw('BANK_TOKEN_ALGORITHMS'))
  if (algorithms?.some((algorithm) => algorithm.toLowerCase() === 'none')) reader.problems.push('BANK_TOKEN_ALGORITHMS must not include "none"')
  const subjectClaim = reader.raw('BANK_TOKEN_SUBJECT_CLAIM')
  return {
    ...(jwksUrl ? { jwksUrl } : { publicKeyPem: publicKeyPem ?? '' }),
    issuer: required(reader, 'BANK_TOKEN_ISSUER'),
    audience: required(reader, 'BANK_TOKEN_AUDIENCE'),
    ...(algorithms ? { algorithms } : {}),
    ...(subjectClaim ? { subjectClaim } : {}),
  }
}

function readMap(reader: SettingsReader): IdentityAccounts['map'] {
  const tokenUrl = url(reader, 'MAP_OAUTH_TOKEN_URL')
  if (tokenUrl === undefined) required(reader, 'MAP_OAUTH_TOKEN_URL')
  const userInfoUrl = url(reader, 'MAP_OAUTH_USERINFO_URL')
  const tokenIdField = reader.raw('MAP_OAUTH_TOKEN_ID_FIELD')
  if (!tokenIdField && !userInfoUrl) reader.problems.push('MAP_OAUTH_TOKEN_ID_FIELD or MAP_OAUTH_USERINFO_URL must be set (where the map names its user)')
  const redirectUri = reader.raw('MAP_OAUTH_REDIRECT_URI')
  const userInfoIdField = reader.raw('MAP_OAUTH_USERINFO_ID_FIELD')
  return {
    tokenUrl: tokenUrl ?? '',
    clientId: required(reader, 'MAP_OAUTH_CLIENT_ID'),
    clientSecret: required(reader, 'MAP_OAUTH_CLIENT_SECRET', true),
    ...(redirectUri ? { redirectUri } : {}),
    ...(tokenIdField ? { tokenIdField } : {}),
    ...(userInfoUrl ? { userInfoUrl } : {}),
    ...(userInfoIdField ? { userInfoIdField } : {}),
  }
}

export function readIdentityAccounts(reader: SettingsReader): IdentityAccounts {
  const alipay = readAlipayAccount(reader)
  if (!alipay) reader.problems.push('IDENTITY_PROVIDERS=real needs the Alipay application (ALIPAY_APP_ID, …) for the Alipay login')
  return {
    bank: readBank(reader),
    map: readMap(reader),
    alipay,
  }
}
