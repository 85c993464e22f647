/**
 * The account at a partner whose protocol is ours (signed-call.ts), read from the environment as
 * PREFIX_BASE_URL, PREFIX_APP_ID, PREFIX_SECRET (or PREFIX_SECRET_FILE, a mounted secret) and
 * PREFIX_TIMEOUT_MS: every missing or malformed setting is one line of the configuration's refusal.
 */
import { isLoopbackHostname } from '../runtime/loopback'
import { required, url } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'
import type { PartnerAccount } from './signed-call'

/** A short HMAC key can be guessed offline from one signed message it sent: at least 32 characters. */
export const MIN_PARTNER_SECRET_LENGTH = 32

/** A partner's timeout: its default and the range a setting may take. */
export interface TimeoutSetting {
  readonly fallback: number
  readonly min: number
  readonly max: number
}

/** Whether `address` carries our signed calls (plates, applicant ids) encrypted, or stays on this machine (a sidecar or an egress proxy that adds TLS). */
function privateEnough(address: string): boolean {
  const parsed = new URL(address)
  return parsed.protocol === 'https:' || isLoopbackHostname(parsed.hostname)
}

/** `production`: the partner's address must be https (or this machine's loopback). */
export function readPartnerAccount(reader: SettingsReader, prefix: string, timeout: TimeoutSetting, production: boolean): PartnerAccount {
  const baseUrl = url(reader, `${prefix}_BASE_URL`)
  if (baseUrl === undefined) required(reader, `${prefix}_BASE_URL`)
  else if (production && !privateEnough(baseUrl)) reader.problems.push(`${prefix}_BASE_URL must be an https:// address in production (or this machine's loopback)`)
  const appId = required(reader, `${prefix}_APP_ID`)
  const secret = required(reader, `${prefix}_SECRET`, true)
  if (secret && secret.length < MIN_PARTNER_SECRET_LENGTH) reader.problems.push(`${prefix}_SECRET must be at least ${MIN_PARTNER_SECRET_LENGTH} characters`)
  return {
    baseUrl: baseUrl ?? '',
    appId,
    secret,
    timeoutMs: reader.integer(`${prefix}_TIMEOUT_MS`, timeout.fallback, timeout.min, timeout.max),
  }
}
