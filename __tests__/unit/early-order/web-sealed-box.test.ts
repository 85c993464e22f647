/**
 * WebCrypto opens what the app's sealed box (crypto-js) seals, and nothing else: another context,
 * another key, a changed byte, a malformed text.
 */
import { webcrypto } from 'node:crypto'
import { SEAL_PURPOSE } from '../../../types/api/sealed'
import { createSealedBox } from '../../../src/services/crypto/sealed-box'
import { openSealedText } from '../../../src/services/crypto/web-sealed-box'

const KEY = '0e4c7a1f93b2d5e86a0f1c3b5d7e9f2a4c6e8b0d2f4a6c8e1b3d5f7a9c0e2b4d'
const OTHER_KEY = 'f'.repeat(64)
const subtle = webcrypto.subtle as SubtleCrypto
let counter = 0
const randomBytes = (count: number) => Uint8Array.from({ length: count }, () => (counter++ * 37) & 0xff)
const box = createSealedBox(KEY, SEAL_PURPOSE.storage, randomBytes)
const open = (sealed: string, context = 'etc_bank_session', key = KEY, purpose: typeof SEAL_PURPOSE.storage | typeof SEAL_PURPOSE.payload = SEAL_PURPOSE.storage) =>
  openSealedText(subtle, key, purpose, context, sealed)

describe('opening a sealed text with WebCrypto', () => {
  it('opens what the app sealed, Chinese text and all', async () => {
    const plain = JSON.stringify({ accessToken: 't-1', nickname: '张三', expiresAt: 1 })
    await expect(open(box.seal('etc_bank_session', plain))).resolves.toBe(plain)
    await expect(open(box.seal('etc_bank_session', ''))).resolves.toBe('')
  })

  it('refuses a seal of another context, key or purpose', async () => {
    const sealed = box.seal('etc_bank_session', '{"a":1}')
    await expect(open(sealed, 'etc_bank_other')).resolves.toBeUndefined()
    await expect(open(sealed, 'etc_bank_session', OTHER_KEY)).resolves.toBeUndefined()
    await expect(open(sealed, 'etc_bank_session', KEY, SEAL_PURPOSE.payload)).resolves.toBeUndefined()
  })

  it('refuses a seal changed in its IV, ciphertext or tag', async () => {
    const [version, iv, ciphertext, tag] = box.seal('etc_bank_session', '{"a":1}').split('.') as [string, string, string, string]
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1)
    for (const changed of [[version, flip(iv), ciphertext, tag], [version, iv, flip(ciphertext), tag], [version, iv, ciphertext, flip(tag)]]) {
      await expect(open(changed.join('.'))).resolves.toBeUndefined()
    }
  })

  it('refuses malformed text without throwing', async () => {
    const sealed = box.seal('etc_bank_session', '{"a":1}')
    const [, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string]
    for (const text of ['', 'v1', `v2.${iv}.${ciphertext}.${tag}`, `${sealed}.extra`, `v1.${iv}.${ciphertext}.xyz`, `v1.%%%.${ciphertext}.${tag}`, `v1.${iv}.${ciphertext}.`]) {
      await expect(open(text)).resolves.toBeUndefined()
    }
    await expect(open(sealed, 'etc_bank_session', 'not-hex')).resolves.toBeUndefined()
  })
})
