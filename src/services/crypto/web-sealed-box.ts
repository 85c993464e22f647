/**
 * Opening a sealed text (types/api/sealed.ts) with the browser's WebCrypto, where crypto-js has
 * not arrived yet: index.html's first script reads the stored session with it on the order pages
 * (platform/h5/early-order.ts). The same keys and checks as sealed-box.ts: the tag is verified
 * (in constant time, by WebCrypto) before anything is decrypted.
 */
import { SEALED_VERSION } from '../../../types/api/sealed'
import type { SealPurpose } from '../../../types/api/sealed'

const HMAC = { name: 'HMAC', hash: 'SHA-256' }
const HEX_BYTE = /^(?:[0-9a-fA-F]{2})+$/

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!HEX_BYTE.test(hex)) return undefined
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    // Not base64: not a seal of ours.
    return undefined
  }
}

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text)

/** The plaintext of `sealed` for `context`, or undefined when it is not a valid seal for it under this key. */
export async function openSealedText(subtle: SubtleCrypto, keyHex: string, purpose: SealPurpose, context: string, sealed: string): Promise<string | undefined> {
  const [version, iv, ciphertext, mac, ...extra] = sealed.split('.')
  if (version !== SEALED_VERSION || !iv || !ciphertext || !mac || extra.length) return undefined
  const master = hexBytes(keyHex)
  const tag = hexBytes(mac)
  const ivBytes = base64Bytes(iv)
  const cipherBytes = base64Bytes(ciphertext)
  if (!master || !tag || !ivBytes || !cipherBytes) return undefined
  const masterKey = await subtle.importKey('raw', master, HMAC, false, ['sign'])
  const [encryptionKey, macKey] = await Promise.all(['encrypt', 'authenticate'].map((use) => subtle.sign('HMAC', masterKey, utf8(`${purpose}/${use}`))))
  const verifier = await subtle.importKey('raw', macKey, HMAC, false, ['verify'])
  if (!(await subtle.verify('HMAC', verifier, tag, utf8(`${SEALED_VERSION}.${context}.${iv}.${ciphertext}`)))) return undefined
  const decrypter = await subtle.importKey('raw', encryptionKey, { name: 'AES-CBC' }, false, ['decrypt'])
  try {
    return new TextDecoder().decode(await subtle.decrypt({ name: 'AES-CBC', iv: ivBytes }, decrypter, cipherBytes))
  } catch {
    // Authentic but undecryptable can only mean a foreign writer with our key: treat as absent.
    return undefined
  }
}
