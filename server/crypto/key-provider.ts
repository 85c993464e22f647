/**
 * Where the keys of data at rest come from. Two keys with separate jobs: the data-encryption key
 * (AES-256-GCM of personal fields and photos) and the blind-index key (HMAC-SHA256 of values the
 * server looks up, such as phones). The configured provider derives both from DATA_KEY_HEX with
 * HKDF, so one secret is configured and neither key can be computed from the other. A KMS
 * replaces it by implementing KeyProvider: unwrap the two keys at startup, keep them in memory.
 */
import { hkdfSync } from 'node:crypto'

/** AES-256 and HMAC-SHA256 keys are 32 bytes. */
export const DATA_KEY_BYTES = 32

/** HKDF "info" labels: the same configured key yields unrelated keys per job. */
const KEY_LABEL = {
  data: 'etc-apply/data-at-rest/aes-256-gcm/v1',
  index: 'etc-apply/data-at-rest/blind-index/v1',
} as const

export interface KeyProvider {
  /** The AES-256-GCM key of encrypted fields and files (32 bytes). */
  dataKey(): Buffer
  /** The HMAC-SHA256 key of blind indexes (32 bytes). */
  indexKey(): Buffer
}

export class InvalidDataKeyError extends Error {
  override readonly name = 'InvalidDataKeyError'
}

/** Both keys derived from one configured 32-byte key (64 hex characters) with HKDF-SHA256. */
export function createConfiguredKeyProvider(dataKeyHex: string): KeyProvider {
  const master = Buffer.from(dataKeyHex, 'hex')
  if (master.length !== DATA_KEY_BYTES || master.toString('hex') !== dataKeyHex.toLowerCase()) {
    throw new InvalidDataKeyError('The data key must be 32 bytes given as 64 hex characters')
  }
  const derive = (label: string): Buffer => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, DATA_KEY_BYTES))
  const dataKey = derive(KEY_LABEL.data)
  const indexKey = derive(KEY_LABEL.index)
  return { dataKey: () => dataKey, indexKey: () => indexKey }
}
