/**
 * Column types that encrypt on the way to the database and decrypt on the way back, with the
 * process's field cipher (server/crypto/field-cipher.ts). Chosen over encrypting in each
 * repository function because every read and write of these columns goes through Drizzle: no
 * route can forget to encrypt, and route code keeps working with plain values. The price: an
 * encrypted column cannot be compared in SQL (each encryption differs); lookups use the blind
 * index columns next to them (`phone_index`).
 */
import { customType } from 'drizzle-orm/pg-core'
import { installedFieldCipher } from '../crypto/field-cipher'

/** Text encrypted at rest; the column name is the associated data of its ciphertext. */
export function encryptedText(name: string) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => installedFieldCipher().encrypt(value, name),
    fromDriver: (value) => installedFieldCipher().decrypt(value, name),
  })(name)
}

/** A JSON document encrypted at rest (stored as text, so its content is not queryable). */
export function encryptedJson<T>(name: string) {
  return customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => installedFieldCipher().encrypt(JSON.stringify(value), name),
    fromDriver: (value) => JSON.parse(installedFieldCipher().decrypt(value, name)) as T,
  })(name)
}
