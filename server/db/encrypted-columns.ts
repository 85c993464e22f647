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

/**
 * The associated data of a column's ciphertexts: table and column, so a value copied into another
 * column, or into the same-named column of another table, does not decrypt.
 */
export function columnContext(table: string, column: string): string {
  return `${table}.${column}`
}

/** Text encrypted at rest. */
export function encryptedText(table: string, name: string) {
  const context = columnContext(table, name)
  return customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => installedFieldCipher().encrypt(value, context),
    fromDriver: (value) => installedFieldCipher().decrypt(value, context),
  })(name)
}

/** A JSON document encrypted at rest (stored as text, so its content is not queryable). */
export function encryptedJson<T>(table: string, name: string) {
  const context = columnContext(table, name)
  return customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => installedFieldCipher().encrypt(JSON.stringify(value), context),
    fromDriver: (value) => JSON.parse(installedFieldCipher().decrypt(value, context)) as T,
  })(name)
}
