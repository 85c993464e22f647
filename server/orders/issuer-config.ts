/**
 * The issuer's account of a deployment that hands orders to a real issuer (ISSUER_PROVIDER=http,
 * server/orders/http-issuer.ts), read from the environment: ISSUER_BASE_URL (its API root),
 * ISSUER_APP_ID (our app id there), ISSUER_SECRET (the shared signing secret, or
 * ISSUER_SECRET_FILE) and ISSUER_TIMEOUT_MS. Every missing or malformed setting is one line of the
 * configuration's refusal; .env.example documents each.
 */
import { SECOND_MS } from '../../src/domain/constants'
import { readPartnerAccount } from '../partners/partner-config'
import type { SettingsReader } from '../settings-reader'
import type { IssuerAccount } from './http-issuer'
import { ISSUER_DELIVERY_LEASE_MS } from './issuer-outbox'

export const DEFAULT_ISSUER_TIMEOUT_MS = 10 * SECOND_MS

export function readIssuerAccount(reader: SettingsReader, production: boolean): IssuerAccount {
  // At most half the outbox's lease: a try ends, and its outcome is written, before another may claim the row.
  return readPartnerAccount(reader, 'ISSUER', { fallback: DEFAULT_ISSUER_TIMEOUT_MS, min: SECOND_MS, max: ISSUER_DELIVERY_LEASE_MS / 2 }, production)
}
