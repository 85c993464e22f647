/**
 * The local operator's secret, so another local program or a page in a local browser cannot play
 * the outside parties: `npm run sim` signs the simulated issuer's notifications with it (the
 * notification route checks them with it while no real issuer is configured, never in
 * production), and the loopback-only simulator calls (the payment notification, the new-apply
 * switch) need it besides a loopback socket. SIM_OPERATOR_SECRET sets it; otherwise each server
 * process generates one and writes it, readable by its owner only, below DATA_DIR, where
 * `npm run sim` (same configuration) reads it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { hashSecret, newSecret, sameDigest } from '../auth/secrets'
import type { Config } from '../config'
import type { RandomSource } from '../runtime/random'

export const SIM_OPERATOR_HEADER = 'x-sim-operator-secret'
export const SIM_OPERATOR_SECRET_FILE = 'sim-operator-secret'
/** Owner read/write only. */
const SECRET_FILE_MODE = 0o600

type SecretConfig = Pick<Config, 'dataDir' | 'simOperatorSecret'>

const secretFile = (config: SecretConfig): string => path.join(config.dataDir, SIM_OPERATOR_SECRET_FILE)

/** The secret this server process expects: the configured one, or a new one written for `npm run sim`. */
export function issueOperatorSecret(config: SecretConfig, random: RandomSource): string {
  if (config.simOperatorSecret !== undefined) return config.simOperatorSecret
  const secret = newSecret(random)
  mkdirSync(config.dataDir, { recursive: true })
  writeFileSync(secretFile(config), secret, { mode: SECRET_FILE_MODE })
  return secret
}

/** What `npm run sim` sends: the configured secret, else the running server's file, else none. */
export function readOperatorSecret(config: SecretConfig): string | undefined {
  if (config.simOperatorSecret !== undefined) return config.simOperatorSecret
  const file = secretFile(config)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
}

export function isOperatorSecret(expected: string, given: string | string[] | undefined): boolean {
  return typeof given === 'string' && sameDigest(hashSecret(expected), hashSecret(given))
}
