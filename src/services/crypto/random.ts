/**
 * Random bytes for IVs on every target. H5 has WebCrypto. The mini-programs' JavaScript engines
 * have no synchronous CSPRNG (no `crypto`, and no `TextEncoder` either): there, bytes come from an
 * HMAC-SHA256 generator (counter mode) whose key is seed material gathered at launch, before the
 * app's services exist (platform/taro-entropy.ts). An unseeded generator refuses to answer, so
 * nothing is ever sealed under an IV made without that entropy.
 */
import type CryptoJS from 'crypto-js/core'
import Hex from 'crypto-js/enc-hex'
import HmacSHA256 from 'crypto-js/hmac-sha256'

type WordArray = CryptoJS.lib.WordArray

interface WebCryptoLike {
  getRandomValues?: (array: Uint8Array) => Uint8Array
}

export const UNSEEDED_MESSAGE = 'The random generator has no entropy yet: nothing may be sealed before the launch gathered it'

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

/**
 * Mixes seed material into the generator: each call keys it with HMAC(previous key, material), so
 * a later source adds to the earlier ones and never replaces them. Bytes (a CSPRNG's) or text
 * (the time and Math.random).
 */
export function seedRandom(material: Uint8Array | string): void {
  const previous = generatorKey ? generatorKey.toString(Hex) : ''
  const key = typeof material === 'string' ? `text.${material}` : Hex.parse(toHex(material))
  generatorKey = HmacSHA256(`seed.${previous}`, key)
}

/** Whether the generator has been seeded (WebCrypto needs no seed). */
export function randomSeeded(): boolean {
  return generatorKey !== undefined
}

function generated(count: number): Uint8Array {
  const key = generatorKey
  if (!key) throw new Error(UNSEEDED_MESSAGE)
  let hex = ''
  while (hex.length < count * 2) hex += HmacSHA256(`block.${counter++}`, key).toString(Hex)
  return hexToBytes(hex.slice(0, count * 2))
}

export function secureRandomBytes(count: number): Uint8Array {
  const webCrypto = (globalThis as { crypto?: WebCryptoLike }).crypto
  if (webCrypto?.getRandomValues) return webCrypto.getRandomValues(new Uint8Array(count))
  return generated(count)
}
