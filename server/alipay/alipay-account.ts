/**
 * The Alipay application's account, read from the environment (ALIPAY_APP_ID, its keys and
 * gateway): the payments (server/payments/payment-config.ts) and the Alipay login
 * (server/auth/identity-config.ts) read the same one. Keys come from the variable or from the file
 * its `_FILE` variable names (a mounted secret).
 */
import { pem, required, url } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'
import type { AlipayAppSettings } from './alipay-sdk'

/** An Alipay application's keys (their meaning: AlipayAppSettings) and its gateway. */
export type AlipayAccount = Pick<AlipayAppSettings, 'appId' | 'privateKeyPem' | 'alipayPublicKeyPem'> & {
  /** Unset: Alipay's production gateway. */
  readonly gateway: string | undefined
}

/** The Alipay application (its keys serve payments and the Alipay login), when ALIPAY_APP_ID is set. */
export function readAlipayAccount(reader: SettingsReader): AlipayAccount | undefined {
  if (reader.raw('ALIPAY_APP_ID') === undefined) return undefined
  return {
    appId: required(reader, 'ALIPAY_APP_ID'),
    privateKeyPem: pem(reader, 'ALIPAY_PRIVATE_KEY'),
    alipayPublicKeyPem: pem(reader, 'ALIPAY_PUBLIC_KEY'),
    gateway: url(reader, 'ALIPAY_GATEWAY'),
  }
}
