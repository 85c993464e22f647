/**
 * Encrypted local storage. Keys carry the channel's prefix; values are JSON, encrypted with
 * AES-256-CBC under a random IV per write and authenticated with HMAC-SHA256 over the version,
 * IV, ciphertext and the key name (encrypt-then-MAC, so a value copied to another key or altered
 * in any byte is rejected). Anything unreadable, tampered or written under another key reads as
 * absent: a bad value never crashes the app. A value is read through its schema: one of another
 * shape (an older version's, or edited by hand) reads as absent too, and is dropped.
 */
import { SEAL_PURPOSE } from '../../types/api/sealed'
import { createSealedBox, platformRandomBytes } from '../services/crypto/sealed-box'
import type { RandomBytes } from '../services/crypto/sealed-box'
import type { Schema } from './schema'

/** Plain string storage underneath (localStorage on H5, the mini-program's storage elsewhere). */
export interface StringStorage {
  getString(key: string): string | undefined
  setString(key: string, value: string): void
  remove(key: string): void
}

export interface SecureStorage {
  /** The stored value when it has the schema's shape; a value of another shape is dropped. */
  get<T>(name: string, schema: Schema<T>): T | undefined
  set(name: string, value: unknown): void
  remove(name: string): void
}

export interface SecureStorageOptions {
  backend: StringStorage
  /** The master key as 64 hex characters (32 bytes), not a passphrase. */
  keyHex: string
  /** Prefix of every key this storage writes. */
  prefix: string
  /** Secure random bytes; the platform's CSPRNG by default. */
  randomBytes?: RandomBytes
}

export function createSecureStorage(options: SecureStorageOptions): SecureStorage {
  const box = createSealedBox(options.keyHex, SEAL_PURPOSE.storage, options.randomBytes ?? platformRandomBytes)
  const fullKey = (name: string): string => `${options.prefix}${name}`

  return {
    get(name, schema) {
      const key = fullKey(name)
      const stored = options.backend.getString(key)
      if (stored === undefined) return undefined
      const plain = box.open(key, stored)
      if (plain === undefined) return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(plain)
      } catch {
        // Not ours, truncated or corrupt: the value is absent, as the module contract says.
        return undefined
      }
      const value = schema(parsed)
      // Ours, but of a shape this version does not read: it would only be read as absent again.
      if (value === undefined) options.backend.remove(key)
      return value
    },
    set(name, value) {
      const key = fullKey(name)
      options.backend.setString(key, box.seal(key, JSON.stringify(value)))
    },
    remove(name) {
      options.backend.remove(fullKey(name))
    },
  }
}
