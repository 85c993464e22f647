/**
 * Photos at rest: a FileStorage that encrypts every file with the field cipher (AES-256-GCM,
 * the storage key as associated data, so a file copied under another key does not decrypt) and
 * decrypts on read. buildApp wraps the configured storage with it; the bytes on disk or in an
 * object store are never the uploaded image.
 */
import type { FieldCipher } from '../crypto/field-cipher'
import type { FileStorage } from './file-storage'

export function createEncryptedFileStorage(inner: FileStorage, cipher: FieldCipher): FileStorage {
  return {
    put: (key, data) => inner.put(key, cipher.encryptBytes(data, key)),
    async get(key) {
      const stored = await inner.get(key)
      return stored === undefined ? undefined : cipher.decryptBytes(stored, key)
    },
    delete: (key) => inner.delete(key),
  }
}
