/**
 * A database from before encryption at rest migrates at startup, after the SQL migrations: rows
 * still in plaintext (values without the ciphertext prefix) are encrypted, missing blind indexes
 * are filled, and photo files uploaded in clear are encrypted in place. Idempotent: it looks only
 * at what is not yet encrypted (one scan per table at each startup; nothing is written once all is
 * encrypted), and run again after a crash it finishes the job.
 *
 * Values are encrypted here directly with the cipher (not through the Drizzle column types) so
 * that plaintext can be read at all; the associated data is the column name, as in
 * server/db/encrypted-columns.ts.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CIPHERTEXT_PREFIX, isEncryptedBytes, isEncryptedText } from '../crypto/field-cipher'
import type { FieldCipher } from '../crypto/field-cipher'
import type { FileStorage } from '../storage/file-storage'
import { queryRows } from './database'
import { columnContext } from './encrypted-columns'
import type { Db } from './database'
import { uploads } from './schema'

/** Rows or files handled per query, so a large table never sits in memory at once. */
export const AT_REST_BATCH = 200

export interface EncryptedTable {
  readonly table: string
  readonly key: string
  /** Columns of the table declared with encryptedText/encryptedJson. */
  readonly columns: readonly string[]
  /** The encrypted phone column whose blind index lives in `phone_index`. */
  readonly indexed?: 'phone'
}

/** Every encrypted column of server/db/schema.ts (a test checks the list is complete). */
export const ENCRYPTED_TABLES: readonly EncryptedTable[] = [
  { table: 'users', key: 'id', columns: ['phone'], indexed: 'phone' },
  {
    table: 'orders',
    key: 'order_id',
    columns: ['owner_name', 'owner_id_number', 'owner_mobile', 'consignee_name', 'consignee_mobile', 'address', 'vehicle', 'cancel_reason'],
  },
  { table: 'order_events', key: 'id', columns: ['note'] },
  { table: 'follow_up_phones', key: 'id', columns: ['phone'], indexed: 'phone' },
  { table: 'offline_orders', key: 'offline_no', columns: ['phone'], indexed: 'phone' },
  { table: 'apply_drafts', key: 'user_id', columns: ['sealed_payload'] },
  { table: 'shared_credentials', key: 'key', columns: ['value'] },
]

export interface AtRestReport {
  rows: number
  photos: number
}

const PHONE_INDEX_COLUMN = 'phone_index'

type Row = Record<string, unknown>

function pending(spec: EncryptedTable): SQL {
  const plaintext = spec.columns.map(
    (column) => sql`(${sql.identifier(column)} is not null and left(${sql.identifier(column)}, ${CIPHERTEXT_PREFIX.length}) <> ${CIPHERTEXT_PREFIX})`,
  )
  if (spec.indexed) {
    plaintext.push(sql`(${sql.identifier(spec.indexed)} is not null and ${sql.identifier(PHONE_INDEX_COLUMN)} is null)`)
  }
  return sql.join(plaintext, sql` or `)
}

async function encryptRow(db: Db, cipher: FieldCipher, spec: EncryptedTable, row: Row): Promise<void> {
  const changes: SQL[] = []
  // Only a row still holding what was read is changed: a concurrent write wins over this step.
  const unchanged: SQL[] = [sql`${sql.identifier(spec.key)} = ${row[spec.key]}`]
  for (const column of spec.columns) {
    const value = row[column]
    if (typeof value !== 'string' || isEncryptedText(value)) continue
    changes.push(sql`${sql.identifier(column)} = ${cipher.encrypt(value, columnContext(spec.table, column))}`)
    unchanged.push(sql`${sql.identifier(column)} = ${value}`)
  }
  const phone = spec.indexed ? row[spec.indexed] : undefined
  if (spec.indexed && typeof phone === 'string' && row[PHONE_INDEX_COLUMN] === null) {
    const plain = isEncryptedText(phone) ? cipher.decrypt(phone, columnContext(spec.table, spec.indexed)) : phone
    changes.push(sql`${sql.identifier(PHONE_INDEX_COLUMN)} = ${cipher.blindIndex('phone', plain)}`)
  }
  if (changes.length === 0) return
  await db.execute(sql`update ${sql.identifier(spec.table)} set ${sql.join(changes, sql`, `)} where ${sql.join(unchanged, sql` and `)}`)
}

async function encryptTable(db: Db, cipher: FieldCipher, spec: EncryptedTable): Promise<number> {
  const selected = [spec.key, ...spec.columns, ...(spec.indexed ? [PHONE_INDEX_COLUMN] : [])].map((column) => sql.identifier(column))
  let done = 0
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select ${sql.join(selected, sql`, `)} from ${sql.identifier(spec.table)} where ${pending(spec)} limit ${AT_REST_BATCH}`,
    )
    if (rows.length === 0) return done
    for (const row of rows) await encryptRow(db, cipher, spec, row)
    done += rows.length
  }
}

async function encryptPhotos(db: Db, cipher: FieldCipher, storage: FileStorage, log: FastifyBaseLogger): Promise<number> {
  let done = 0
  for (;;) {
    const batch = await db
      .select({ id: uploads.id, key: uploads.storageKey })
      .from(uploads)
      .where(eq(uploads.storedEncrypted, false))
      .limit(AT_REST_BATCH)
    if (batch.length === 0) return done
    for (const { id, key } of batch) {
      const bytes = await storage.get(key)
      if (bytes === undefined) log.warn({ uploadId: id }, 'photo file missing while encrypting photos at rest')
      // Already encrypted: a previous run stopped between writing the file and marking the row.
      else if (!isEncryptedBytes(bytes)) await storage.put(key, cipher.encryptBytes(bytes, key))
      await db.update(uploads).set({ storedEncrypted: true }).where(and(eq(uploads.id, id), eq(uploads.storedEncrypted, false)))
      done += 1
    }
  }
}

/**
 * Encrypts what an older version stored in clear. `storage` is the raw file storage (not the
 * encrypting wrapper), since it must read plaintext files.
 */
export async function encryptExistingData(
  db: Db,
  cipher: FieldCipher,
  storage: FileStorage,
  log: FastifyBaseLogger,
): Promise<AtRestReport> {
  let rows = 0
  for (const spec of ENCRYPTED_TABLES) rows += await encryptTable(db, cipher, spec)
  const photos = await encryptPhotos(db, cipher, storage, log)
  if (rows > 0 || photos > 0) log.info({ rows, photos }, 'encrypted personal data stored before encryption at rest')
  return { rows, photos }
}
