/**
 * The configured keys of data at rest, and the data key of a development machine. No key that opens personal data lives in the
 * repository: a development server without DATA_KEY_HEX generates one on its first start and
 * writes it, readable by its owner only, below DATA_DIR, where every later start (and each
 * process of a cluster, and `npm run sim`) reads it. Deleting DATA_DIR deletes the data and its key
 * together. Production never comes here: it must configure DATA_KEY_HEX (server/config.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { ConfigError } from '../config'
import type { Config } from '../config'
import { createFieldCipher } from './field-cipher'
import type { FieldCipher } from './field-cipher'
import { DATA_KEY_BYTES, createConfiguredKeyProvider } from './key-provider'
import type { KeyProvider } from './key-provider'

export const DEVELOPMENT_DATA_KEY_FILE = 'development-data-key'
/** Owner read/write only. */
const KEY_FILE_MODE = 0o600

type KeyConfig = Pick<Config, 'production' | 'dataDir' | 'dataKeyHex' | 'previousDataKeyHex'>

/** Structural: errors from node:fs may come from another realm (a test runner's VM). */
function isErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code
}

/** The configured key; in development without one, the key of DATA_DIR (created on first use). */
export function dataKeyOf(config: Omit<KeyConfig, 'previousDataKeyHex'>): string {
  if (config.dataKeyHex !== undefined) return config.dataKeyHex
  if (config.production) throw new ConfigError(['DATA_KEY_HEX must be set in production'])
  const file = path.join(config.dataDir, DEVELOPMENT_DATA_KEY_FILE)
  mkdirSync(config.dataDir, { recursive: true })
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    writeFileSync(file, randomBytes(DATA_KEY_BYTES).toString('hex'), { mode: KEY_FILE_MODE, flag: 'wx' })
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error
  }
  const key = readFileSync(file, 'utf8').trim()
  if (!/^[0-9a-f]{64}$/.test(key)) throw new ConfigError([`${file} is not a data key (64 hex characters): restore it, or delete DATA_DIR to start afresh`])
  return key
}

/** The app's current keys: a KMS's provider when one is given, else the configured (or development) data key's. */
export function currentKeyProvider(config: Omit<KeyConfig, 'previousDataKeyHex'>, keys?: KeyProvider): KeyProvider {
  return keys ?? createConfiguredKeyProvider(dataKeyOf(config))
}

/**
 * The cipher of the app's keys: a KMS's provider as it is, else the configured data key, and the
 * previous one during a rotation.
 */
export function configuredFieldCipher(config: KeyConfig, keys?: KeyProvider): FieldCipher {
  if (keys) return createFieldCipher(keys)
  const previous = config.previousDataKeyHex === undefined ? undefined : createConfiguredKeyProvider(config.previousDataKeyHex)
  return createFieldCipher(currentKeyProvider(config), previous)
}
