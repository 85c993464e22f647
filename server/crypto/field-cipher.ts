/**
 * Personal data at rest: AES-256-GCM for fields (names, ID numbers, phones, addresses, vehicle
 * data, drafts) and photo files, and an HMAC-SHA256 blind index for the values the server looks
 * up (a phone finds its user without the phone being stored in clear).
 *
 * Formats (versioned, so a later key or algorithm can sit beside this one):
 * - text: `enc:v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext)
 * - bytes: the ASCII bytes `enc:v1:` + iv | tag | ciphertext (no base64: photos stay compact)
 * The associated data binds a ciphertext to its place (a table and column, a storage key): a value
 * copied into another column or file does not decrypt.
 *
 * During a key rotation the cipher also holds the previous keys: it encrypts and indexes with the
 * current ones only, and opens what the previous data key sealed until server/db/rotate-data-key.ts
 * has resealed it (GCM's tag tells the keys apart).
 *
 * One cipher is installed per process (`installFieldCipher`, by buildApp and server/main.ts)
 * because the encrypted column types of server/db/schema.ts read it; without one, every
 * encrypted read or write throws instead of touching plaintext.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { KeyProvider } from './key-provider'

export const CIPHERTEXT_PREFIX = 'enc:v1:'
const PREFIX_BYTES = Buffer.from(CIPHERTEXT_PREFIX, 'ascii')
const ALGORITHM = 'aes-256-gcm'
const IV_BYTES = 12
const TAG_BYTES = 16

/** What a blind index is of: the same value under two purposes gives unrelated indexes. */
export type BlindIndexPurpose = 'phone'

export interface FieldCipher {
  /** `context` is the associated data (e.g. `orders.owner_name`); decrypt must be given the same. */
  encrypt(plain: string, context: string): string
  /** Throws FieldDecryptionError on a wrong key, a wrong context, tampering or a plaintext value. */
  decrypt(stored: string, context: string): string
  encryptBytes(plain: Buffer, context: string): Buffer
  decryptBytes(stored: Buffer, context: string): Buffer
  /** Deterministic HMAC-SHA256 (hex) for equality lookups. */
  blindIndex(purpose: BlindIndexPurpose, value: string): string
  /** The value sealed under the current key; undefined when it already is. Throws as decrypt does. */
  reseal(stored: string, context: string): string | undefined
  resealBytes(stored: Buffer, context: string): Buffer | undefined
}

export class FieldDecryptionError extends Error {
  override readonly name = 'FieldDecryptionError'
}

export class FieldCipherMissingError extends Error {
  override readonly name = 'FieldCipherMissingError'
}

export function isEncryptedText(value: string): boolean {
  return value.startsWith(CIPHERTEXT_PREFIX)
}

export function isEncryptedBytes(value: Buffer): boolean {
  return value.length >= PREFIX_BYTES.length && value.subarray(0, PREFIX_BYTES.length).equals(PREFIX_BYTES)
}

export function createFieldCipher(keys: KeyProvider, previous?: KeyProvider): FieldCipher {
  const dataKey = keys.dataKey()
  const indexKey = keys.indexKey()
  const previousDataKey = previous?.dataKey()

  const seal = (plain: Buffer, context: string): Buffer => {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv(ALGORITHM, dataKey, iv)
    cipher.setAAD(Buffer.from(context, 'utf8'))
    const body = Buffer.concat([cipher.update(plain), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }

  /** The plaintext, or undefined when `key` did not seal it (or it was altered). */
  const openWith = (key: Buffer, sealed: Buffer, context: string): Buffer | undefined => {
    const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    try {
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
    } catch {
      return undefined
    }
  }

  /** Opens with the current key, else the previous one; `current` says which did. */
  const open = (sealed: Buffer, context: string): { plain: Buffer; current: boolean } => {
    if (sealed.length < IV_BYTES + TAG_BYTES) throw new FieldDecryptionError(`Encrypted value of ${context} is truncated`)
    const plain = openWith(dataKey, sealed, context)
    if (plain) return { plain, current: true }
    const old = previousDataKey && openWith(previousDataKey, sealed, context)
    if (old) return { plain: old, current: false }
    throw new FieldDecryptionError(`Encrypted value of ${context} does not decrypt: wrong data key or altered data`)
  }

  const textBody = (stored: string, context: string): Buffer => {
    if (!isEncryptedText(stored)) throw new FieldDecryptionError(`Value of ${context} is not encrypted`)
    return Buffer.from(stored.slice(CIPHERTEXT_PREFIX.length), 'base64')
  }
  const bytesBody = (stored: Buffer, context: string): Buffer => {
    if (!isEncryptedBytes(stored)) throw new FieldDecryptionError(`File ${context} is not encrypted`)
    return stored.subarray(PREFIX_BYTES.length)
  }
  const encrypt = (plain: string, context: string): string => CIPHERTEXT_PREFIX + seal(Buffer.from(plain, 'utf8'), context).toString('base64')
  const encryptBytes = (plain: Buffer, context: string): Buffer => Buffer.concat([PREFIX_BYTES, seal(plain, context)])

  return {
    encrypt,
    decrypt: (stored, context) => open(textBody(stored, context), context).plain.toString('utf8'),
    encryptBytes,
    decryptBytes: (stored, context) => open(bytesBody(stored, context), context).plain,
    blindIndex: (purpose, value) => createHmac('sha256', indexKey).update(`${purpose}:${value}`).digest('hex'),
    reseal: (stored, context) => {
      const { plain, current } = open(textBody(stored, context), context)
      return current ? undefined : encrypt(plain.toString('utf8'), context)
    },
    resealBytes: (stored, context) => {
      const { plain, current } = open(bytesBody(stored, context), context)
      return current ? undefined : encryptBytes(plain, context)
    },
  }
}

let installed: FieldCipher | undefined

/** The process's cipher for the encrypted columns; installing again replaces it. */
export function installFieldCipher(cipher: FieldCipher): void {
  installed = cipher
}

export function installedFieldCipher(): FieldCipher {
  if (!installed) throw new FieldCipherMissingError('No field cipher installed: call installFieldCipher before using the database')
  return installed
}

/** The blind index of a phone number (users, SMS codes, login tickets, follow-up and offline phones). */
export function phoneIndex(phone: string): string {
  return installedFieldCipher().blindIndex('phone', phone)
}
