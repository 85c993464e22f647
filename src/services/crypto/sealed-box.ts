/**
 * Sealing with crypto-js: AES-256-CBC under a random IV, then HMAC-SHA256 over the version,
 * context, IV and ciphertext (encrypt-then-MAC). The format is the API contract's
 * (types/api/sealed.ts); the server implements the same with node:crypto. Encrypted storage seals
 * under the storage purpose, API parameters under the payload purpose.
 */
import AES from 'crypto-js/aes'
import type CryptoJS from 'crypto-js/core'
import Base64 from 'crypto-js/enc-base64'
import Hex from 'crypto-js/enc-hex'
import Utf8 from 'crypto-js/enc-utf8'
import HmacSHA256 from 'crypto-js/hmac-sha256'
import { SEALED_VERSION } from '../../../types/api/sealed'
import type { SealPurpose } from '../../../types/api/sealed'
import { secureRandomBytes } from './random'

type WordArray = CryptoJS.lib.WordArray

export interface SealedBox {
  /** Seals text for a context (a storage key or a field name). */
  seal(context: string, plain: string): string
  /** The plaintext, or undefined when the text is not a valid seal for this context. */
  open(context: string, sealed: string): string | undefined
}

export type RandomBytes = (count: number) => Uint8Array

const IV_BYTES = 16
const KEY_HEX_LENGTH = 64

/** The platform's random source: WebCrypto, or the seeded generator on mini-programs. */
export const platformRandomBytes: RandomBytes = secureRandomBytes

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

export function isKeyHex(keyHex: string): boolean {
  return keyHex.length === KEY_HEX_LENGTH && /^[0-9a-fA-F]+$/.test(keyHex)
}

export function createSealedBox(keyHex: string, purpose: SealPurpose, randomBytes: RandomBytes = platformRandomBytes): SealedBox {
  if (!isKeyHex(keyHex)) throw new Error('The key must be 32 bytes given as 64 hex characters')
  const master = Hex.parse(keyHex)
  const encryptionKey = HmacSHA256(`${purpose}/encrypt`, master)
  const macKey = HmacSHA256(`${purpose}/authenticate`, master)
  const tag = (context: string, iv: string, ciphertext: string): string =>
    HmacSHA256(`${SEALED_VERSION}.${context}.${iv}.${ciphertext}`, macKey).toString(Hex)

  return {
    seal(context, plain) {
      const iv = toWordArray(randomBytes(IV_BYTES))
      const ciphertext = AES.encrypt(plain, encryptionKey, { iv }).toString()
      const ivText = Base64.stringify(iv)
      return [SEALED_VERSION, ivText, ciphertext, tag(context, ivText, ciphertext)].join('.')
    },
    open(context, sealed) {
      const [version, iv, ciphertext, mac, ...extra] = sealed.split('.')
      if (version !== SEALED_VERSION || !iv || !ciphertext || !mac || extra.length) return undefined
      if (!sameText(tag(context, iv, ciphertext), mac)) return undefined
      try {
        return AES.decrypt(ciphertext, encryptionKey, { iv: Base64.parse(iv) }).toString(Utf8)
      } catch {
        // Authentic but undecodable can only mean a foreign writer with our key: treat as absent.
        return undefined
      }
    },
  }
}
