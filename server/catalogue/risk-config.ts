/**
 * The risk-control service of a deployment that reviews applications for real (RISK_PROVIDER=http,
 * server/catalogue/http-risk-reviewer.ts), read from the environment: RISK_BASE_URL (its API root),
 * RISK_APP_ID (our app id there), RISK_SECRET (the shared signing secret, or RISK_SECRET_FILE) and
 * RISK_TIMEOUT_MS. Every missing or malformed setting is one line of the configuration's refusal;
 * .env.example documents each.
 */
import { SECOND_MS } from '../../src/domain/constants'
import { readPartnerAccount } from '../partners/partner-config'
import type { PartnerAccount } from '../partners/signed-call'
import type { SettingsReader } from '../settings-reader'

/** The person waits for the review on the plate page: short. */
export const DEFAULT_RISK_TIMEOUT_MS = 3 * SECOND_MS

export function readRiskAccount(reader: SettingsReader, production: boolean): PartnerAccount {
  return readPartnerAccount(reader, 'RISK', { fallback: DEFAULT_RISK_TIMEOUT_MS, min: SECOND_MS / 2, max: 10 * SECOND_MS }, production)
}
