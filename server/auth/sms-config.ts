/**
 * The SMS provider of a deployment (SMS_PROVIDER=tencent: Tencent Cloud SMS, server/auth/tencent-sms.ts),
 * read from the environment. Every missing setting is one line of the configuration's refusal;
 * the secret key may come from a file (TENCENT_SMS_SECRET_KEY_FILE). .env.example documents each.
 */
import { required } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'

export const SMS_PROVIDERS = ['tencent'] as const
export type SmsProviderName = (typeof SMS_PROVIDERS)[number]

export interface TencentSmsAccount {
  readonly secretId: string
  readonly secretKey: string
  readonly sdkAppId: string
  readonly signName: string
  readonly templates: { readonly code: string; readonly plateReleased: string }
  /** Unset: the adapter's default region and host. */
  readonly region: string | undefined
  readonly endpoint: string | undefined
}

/** The account SMS_PROVIDER names, or undefined when none is (the simulator, or no SMS at all). */
export function readSmsProvider(reader: SettingsReader): TencentSmsAccount | undefined {
  const provider = reader.raw('SMS_PROVIDER')?.toLowerCase()
  if (provider === undefined) return undefined
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    reader.problems.push(`SMS_PROVIDER must be ${SMS_PROVIDERS.map((name) => `"${name}"`).join(' or ')} (unset: no real SMS provider)`)
    return undefined
  }
  return {
    secretId: required(reader, 'TENCENT_SMS_SECRET_ID'),
    secretKey: required(reader, 'TENCENT_SMS_SECRET_KEY', true),
    sdkAppId: required(reader, 'TENCENT_SMS_SDK_APP_ID'),
    signName: required(reader, 'TENCENT_SMS_SIGN_NAME'),
    templates: { code: required(reader, 'TENCENT_SMS_TEMPLATE_CODE'), plateReleased: required(reader, 'TENCENT_SMS_TEMPLATE_PLATE_RELEASED') },
    region: reader.raw('TENCENT_SMS_REGION'),
    endpoint: reader.raw('TENCENT_SMS_ENDPOINT'),
  }
}
