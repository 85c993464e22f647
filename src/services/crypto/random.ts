/**
 * Random bytes for IVs on every target. H5 has WebCrypto; WeChat and Alipay mini-programs have no
 * synchronous CSPRNG, only an asynchronous one. There, bytes come from an HMAC-SHA256 generator
 * (counter mode) keyed by seed material: the host's CSPRNG output once `seedRandom` receives it at
 * launch, mixed with time and Math.random before that. IVs must be unique and unpredictable to
 * an outsider, not secret; the generator gives both once seeded.
 */
import type CryptoJS from 'crypto-js/core'
import Hex from 'crypto-js/enc-hex'
import HmacSHA256 from 'crypto-js/hmac-sha256'

type WordArray = CryptoJS.lib.WordArray

interface WebCryptoLike {
  getRandomValues?: (array: Uint8Array) => Uint8Array
}

let generatorKey: WordArray | undefined
let counter = 0

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** Mixes host entropy into the generator (each call adds to what was there). */
export function seedRandom(bytes: Uint8Array): void {
  const previous = generatorKey ? generatorKey.toString(Hex) : ''
  generatorKey = HmacSHA256(`seed.${previous}`, Hex.parse(toHex(bytes)))
}

function generated(count: number): Uint8Array {
  if (!generatorKey) seedRandom(new TextEncoder().encode(`${Date.now()}.${Math.random()}.${Math.random()}`))
  let hex = ''
  while (hex.length < count * 2) hex += HmacSHA256(`block.${counter++}`, generatorKey as WordArray).toString(Hex)
  return hexToBytes(hex.slice(0, count * 2))
}

export function secureRandomBytes(count: number): Uint8Array {
  const webCrypto = (globalThis as { crypto?: WebCryptoLike }).crypto
  if (webCrypto?.getRandomValues) return webCrypto.getRandomValues(new Uint8Array(count))
  return generated(count)
}
