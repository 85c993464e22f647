/**
 * The server's side of sealed parameters (format in types/api/sealed.ts), with node:crypto: the
 * app seals the apply payload, its draft, the token and SMS parameters with crypto-js, and the
 * server opens them with the same key. Anything not sealed for the given context with this key
 * opens as undefined.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { SEALED_VERSION, SEAL_PURPOSE } from '../../types/api/sealed'
import type { SealPurpose } from '../../types/api/sealed'

const IV_BYTES = 16
const KEY_BYTES = 32
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const HEX_TAG = /^[0-9a-f]{64}$/

interface Keys {
  encryption: Buffer
  mac: Buffer
}

function deriveKeys(keyHex: string, purpose: SealPurpose): Keys {
  const master = Buffer.from(keyHex, 'hex')
  if (master.length !== KEY_BYTES || master.toString('hex') !== keyHex.toLowerCase()) {
    throw new Error('The key must be 32 bytes given as 64 hex characters')
  }
  return {
    encryption: createHmac('sha256', master).update(`${purpose}/encrypt`).digest(),
    mac: createHmac('sha256', master).update(`${purpose}/authenticate`).digest(),
  }
}

function tag(keys: Keys, context: string, iv: string, ciphertext: string): Buffer {
  return createHmac('sha256', keys.mac).update(`${SEALED_VERSION}.${context}.${iv}.${ciphertext}`).digest()
}

export function seal(keyHex: string, context: string, plain: string, purpose: SealPurpose = SEAL_PURPOSE.payload): string {
  const keys = deriveKeys(keyHex, purpose)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-cbc', keys.encryption, iv)
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64')
  const ivText = iv.toString('base64')
  return [SEALED_VERSION, ivText, ciphertext, tag(keys, context, ivText, ciphertext).toString('hex')].join('.')
}

export function openSealed(
  keyHex: string,
  context: string,
  sealed: string,
  purpose: SealPurpose = SEAL_PURPOSE.payload,
): string | undefined {
  const [version, iv, ciphertext, mac, ...extra] = sealed.split('.')
  if (version !== SEALED_VERSION || !iv || !ciphertext || !mac || extra.length) return undefined
  if (!BASE64.test(iv) || !BASE64.test(ciphertext) || !HEX_TAG.test(mac)) return undefined
  const keys = deriveKeys(keyHex, purpose)
  if (!timingSafeEqual(tag(keys, context, iv, ciphertext), Buffer.from(mac, 'hex'))) return undefined
  const ivBytes = Buffer.from(iv, 'base64')
  if (ivBytes.length !== IV_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-cbc', keys.encryption, ivBytes)
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()])
    return new TextDecoder('utf-8', { fatal: true }).decode(plain)
  } catch {
    // Authentic yet undecodable: sealed by a foreign writer with our key. Treated as not sealed.
    return undefined
  }
}
