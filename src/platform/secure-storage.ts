/**
 * Encrypted local storage. Keys carry the channel's prefix; values are JSON, encrypted with
 * AES-256-CBC under a random IV per write and authenticated with HMAC-SHA256 over the version,
 * IV, ciphertext and the key name (encrypt-then-MAC, so a value copied to another key or altered
 * in any byte is rejected). Anything unreadable, tampered or written under another key reads as
 * absent: a bad value never crashes the app.
 */
import AES from 'crypto-js/aes'
import type CryptoJS from 'crypto-js/core'
import Base64 from 'crypto-js/enc-base64'
import Hex from 'crypto-js/enc-hex'
import Utf8 from 'crypto-js/enc-utf8'
import HmacSHA256 from 'crypto-js/hmac-sha256'

type WordArray = CryptoJS.lib.WordArray

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
  randomBytes?: (count: number) => Uint8Array
}

const VERSION = 'v1'
const IV_BYTES = 16
const KEY_HEX_LENGTH = 64

function defaultRandomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count)
  const source = (globalThis as { crypto?: { getRandomValues?: (array: Uint8Array) => Uint8Array } }).crypto
  if (!source?.getRandomValues) throw new Error('No secure random source on this platform')
  return source.getRandomValues(bytes)
}

function toWordArray(bytes: Uint8Array): WordArray {
  return Hex.parse(Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(''))
}

/** Compares two equal-format strings without an early exit, so timing reveals nothing. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

export function createSecureStorage(options: SecureStorageOptions): SecureStorage {
  if (!/^[0-9a-fA-F]+$/.test(options.keyHex) || options.keyHex.length !== KEY_HEX_LENGTH) {
    throw new Error('The storage key must be 32 bytes given as 64 hex characters')
  }
  const master = Hex.parse(options.keyHex)
  // Separate keys for encryption and authentication, derived from the one master key.
  const encryptionKey = HmacSHA256('etc-storage/encrypt', master)
  const macKey = HmacSHA256('etc-storage/authenticate', master)
  const randomBytes = options.randomBytes ?? defaultRandomBytes
  const fullKey = (name: string): string => `${options.prefix}${name}`
  const mac = (key: string, iv: string, ciphertext: string): string =>
    HmacSHA256(`${VERSION}.${key}.${iv}.${ciphertext}`, macKey).toString(Hex)

  const decrypt = (key: string, stored: string): unknown => {
    const [version, iv, ciphertext, tag, ...extra] = stored.split('.')
    if (version !== VERSION || !iv || !ciphertext || !tag || extra.length) return undefined
    if (!sameText(mac(key, iv, ciphertext), tag)) return undefined
    const plain = AES.decrypt(ciphertext, encryptionKey, { iv: Base64.parse(iv) }).toString(Utf8)
    return JSON.parse(plain) as unknown
  }

  return {
    get<T>(name: string): T | undefined {
      const key = fullKey(name)
      const stored = options.backend.getString(key)
      if (stored === undefined) return undefined
      try {
        return decrypt(key, stored) as T | undefined
      } catch {
        // Not ours, truncated or corrupt: the value is absent, as the module contract says.
        return undefined
      }
    },
    set(name, value) {
      const key = fullKey(name)
      const iv = toWordArray(randomBytes(IV_BYTES))
      const ciphertext = AES.encrypt(JSON.stringify(value), encryptionKey, { iv }).toString()
      const ivText = Base64.stringify(iv)
      options.backend.setString(key, [VERSION, ivText, ciphertext, mac(key, ivText, ciphertext)].join('.'))
    },
    remove(name) {
      options.backend.remove(fullKey(name))
    },
  }
}
