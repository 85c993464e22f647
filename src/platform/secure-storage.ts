/**
 * Encrypted local storage. Keys carry the channel's prefix; values are JSON, encrypted with
 * AES-256-CBC under a random IV per write and authenticated with HMAC-SHA256 over the version,
 * IV, ciphertext and the key name (encrypt-then-MAC, so a value copied to another key or altered
 * in any byte is rejected). Anything unreadable, tampered or written under another key reads as
 * absent: a bad value never crashes the app.
 */
import { SEAL_PURPOSE } from '../../types/api/sealed'
import { createSealedBox, platformRandomBytes } from './sealed-box'
import type { RandomBytes } from './sealed-box'

/** Plain string storage underneath (localStorage on H5, the mini-program's storage elsewhere). */
export interface StringStorage {
  getString(key: string): string | undefined
  setString(key: string, value: string): void
  remove(key: string): void
}

export interface SecureStorage {
  get<T>(name: string): T | undefined
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
    get<T>(name: string): T | undefined {
      const key = fullKey(name)
      const stored = options.backend.getString(key)
      if (stored === undefined) return undefined
      const plain = box.open(key, stored)
      if (plain === undefined) return undefined
      try {
        return JSON.parse(plain) as T
      } catch {
        // Not ours, truncated or corrupt: the value is absent, as the module contract says.
        return undefined
      }
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
