/**
 * The merchant accounts of a deployment that takes real payments (CASHIER_PROVIDER=vendors), read
 * from the environment: WeChat Pay (API v3, public-key mode) and Alipay (open platform, RSA2),
 * either or both, and which one takes the browser's (h5) payments. Keys come from the variable or
 * from the file its `_FILE` variable names (a mounted secret). Every missing or malformed setting
 * is one line of the configuration's refusal; .env.production.example documents each.
 */
import { pem, required, url } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'
import { readAlipayAccount } from '../alipay/alipay-account'
import type { AlipayAccount } from '../alipay/alipay-account'
import type { VendorName } from './vendor'
import type { WechatPaySettings } from './wechat-pay'

/** A WeChat Pay merchant's credentials (their meaning: WechatPaySettings), the API root and the H5 site name. */
export type WechatPayAccount = Pick<
  WechatPaySettings,
  'appId' | 'mchId' | 'merchantSerial' | 'merchantPrivateKeyPem' | 'platformPublicKeyId' | 'platformPublicKeyPem' | 'apiV3Key'
> & {
  /** Unset: WeChat Pay's production address. */
  readonly baseUrl: string | undefined
  /** The name WeChat's H5 pay shows for the site (scene_info.h5_info.app_name). */
  readonly h5AppName: string
}

export interface PaymentAccounts {
  readonly wechat: WechatPayAccount | undefined
  readonly alipay: AlipayAccount | undefined
  /** The account of the browser's payments; undefined: h5 is not offered. */
  readonly h5: VendorName | undefined
  /** How long a call to a provider may take before it counts as a timeout. */
  readonly timeoutMs: number
}

export const DEFAULT_VENDOR_TIMEOUT_MS = 10_000
/**
 * A provider's call is waited for inside a person's request too (a payment started, a cancel's
 * refund handed over at once): it must end well within the app's 30 s request timeout
 * (REQUEST_TIMEOUT_MS) and the refund outbox's 60 s lease, so another try never runs alongside.
 */
const TIMEOUT_RANGE = { min: 1_000, max: 20_000 } as const
/** The H5 pay's site name when none is configured. */
const DEFAULT_H5_APP_NAME = 'ETC申办'
/** WeChat's API v3 key is 32 characters. */
const API_V3_KEY_LENGTH = 32

function readWechat(reader: SettingsReader): WechatPayAccount | undefined {
  if (reader.raw('WECHAT_PAY_MCH_ID') === undefined) return undefined
  const apiV3Key = required(reader, 'WECHAT_PAY_API_V3_KEY', true)
  if (apiV3Key && apiV3Key.length !== API_V3_KEY_LENGTH) reader.problems.push(`WECHAT_PAY_API_V3_KEY must be ${API_V3_KEY_LENGTH} characters`)
  return {
    appId: required(reader, 'WECHAT_PAY_APP_ID'),
    mchId: required(reader, 'WECHAT_PAY_MCH_ID'),
    merchantSerial: required(reader, 'WECHAT_PAY_MERCHANT_SERIAL'),
    merchantPrivateKeyPem: pem(reader, 'WECHAT_PAY_PRIVATE_KEY'),
    platformPublicKeyId: required(reader, 'WECHAT_PAY_PUBLIC_KEY_ID'),
    platformPublicKeyPem: pem(reader, 'WECHAT_PAY_PUBLIC_KEY'),
    apiV3Key,
    baseUrl: url(reader, 'WECHAT_PAY_BASE_URL'),
    h5AppName: reader.raw('WECHAT_PAY_H5_APP_NAME') ?? DEFAULT_H5_APP_NAME,
  }
}

function readH5(reader: SettingsReader, wechat: boolean, alipay: boolean): VendorName | undefined {
  const value = reader.raw('PAY_H5_VENDOR')?.toLowerCase()
  if (value === undefined) return alipay ? 'alipay' : wechat ? 'wechat' : undefined
  if (value !== 'wechat' && value !== 'alipay') {
    reader.problems.push('PAY_H5_VENDOR must be "wechat" or "alipay"')
    return undefined
  }
  if (!(value === 'wechat' ? wechat : alipay)) reader.problems.push(`PAY_H5_VENDOR=${value} needs that account configured`)
  return value
}

/** The accounts CASHIER_PROVIDER=vendors pays with: at least one. */
export function readPaymentAccounts(reader: SettingsReader): PaymentAccounts {
  const wechat = readWechat(reader)
  const alipay = readAlipayAccount(reader)
  if (!wechat && !alipay) reader.problems.push('CASHIER_PROVIDER=vendors needs a WeChat Pay (WECHAT_PAY_MCH_ID, …) or an Alipay (ALIPAY_APP_ID, …) account')
  return {
    wechat,
    alipay,
    h5: readH5(reader, wechat !== undefined, alipay !== undefined),
    timeoutMs: reader.integer('PAYMENT_VENDOR_TIMEOUT_MS', DEFAULT_VENDOR_TIMEOUT_MS, TIMEOUT_RANGE.min, TIMEOUT_RANGE.max),
  }
}
