/**
 * Rotating the key of personal data at rest. The operator sets DATA_KEY_HEX to a new key and
 * DATA_KEY_PREVIOUS_HEX to the old one and restarts: before the server serves, every encrypted
 * column and photo is resealed under the new key, phone blind indexes are recomputed with the new
 * index key, and the data key's check value moves last. Until then the cipher opens both keys, so
 * old rows stay readable throughout the move; a crash midway is finished by the next start (what is
 * already under the new key is skipped). Once the check value is under the new key the rotation is
 * done: later starts do nothing, and DATA_KEY_PREVIOUS_HEX can be removed.
 *
 * Login tickets and SMS codes keep only a phone's blind index, not the phone: they cannot be
 * re-indexed, so a rotation deletes them (a remembered phone logs in by SMS once more; a code in
 * flight is asked for again). Both live a day at most.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { FieldCipher } from '../crypto/field-cipher'
import type { FileStorage } from '../storage/file-storage'
import { DATA_KEY_CHECK_KEY } from './data-key-check'
import { queryRows } from './database'
import type { Db } from './database'
import { AT_REST_BATCH, ENCRYPTED_TABLES } from './encrypt-at-rest'
import type { EncryptedTable } from './encrypt-at-rest'
import { columnContext } from './encrypted-columns'
import { appConfigs, loginTickets, smsCodes, uploads } from './schema'

export interface RotationReport {
  /** False when the data was already under the current key (nothing to do). */
  rotated: boolean
  rows: number
  photos: number
}

const PHONE_INDEX_COLUMN = 'phone_index'

type Row = Record<string, unknown>

/** The check value's document, resealed under the current key; undefined when it already is. */
async function resealedCheck(db: Db, cipher: FieldCipher): Promise<{ check: string } | undefined> {
  const key = DATA_KEY_CHECK_KEY
  const [row] = await db.select({ content: appConfigs.content }).from(appConfigs).where(eq(appConfigs.key, key)).limit(1)
  const stored = (row?.content as { check?: unknown } | undefined)?.check
  if (typeof stored !== 'string') return undefined
  const check = cipher.reseal(stored, key)
  return check === undefined ? undefined : { check }
}

async function rotateRow(db: Db, cipher: FieldCipher, spec: EncryptedTable, row: Row): Promise<boolean> {
  const changes: SQL[] = []
  // Only a row still holding what was read is changed.
  const unchanged: SQL[] = [sql`${sql.identifier(spec.key)} = ${row[spec.key]}`]
  for (const column of spec.columns) {
    const value = row[column]
    if (typeof value !== 'string') continue
    const context = columnContext(spec.table, column)
    const resealed = cipher.reseal(value, context)
    if (resealed === undefined) continue
    changes.push(sql`${sql.identifier(column)} = ${resealed}`)
    unchanged.push(sql`${sql.identifier(column)} = ${value}`)
    if (column === spec.indexed) changes.push(sql`${sql.identifier(PHONE_INDEX_COLUMN)} = ${cipher.blindIndex('phone', cipher.decrypt(value, context))}`)
  }
  if (changes.length === 0) return false
  await db.execute(sql`update ${sql.identifier(spec.table)} set ${sql.join(changes, sql`, `)} where ${sql.join(unchanged, sql` and `)}`)
  return true
}

/** Walks the table in key order, a batch at a time, so a large table never sits in memory. */
async function rotateTable(db: Db, cipher: FieldCipher, spec: EncryptedTable): Promise<number> {
  const selected = [spec.key, ...spec.columns].map((column) => sql.identifier(column))
  const key = sql.identifier(spec.key)
  let after: unknown
  let done = 0
  for (;;) {
    const from = after === undefined ? sql`true` : sql`${key} > ${after}`
    const rows = await queryRows<Row>(
      db,
      sql`select ${sql.join(selected, sql`, `)} from ${sql.identifier(spec.table)} where ${from} order by ${key} limit ${AT_REST_BATCH}`,
    )
    if (rows.length === 0) return done
    for (const row of rows) if (await rotateRow(db, cipher, spec, row)) done += 1
    after = rows[rows.length - 1]?.[spec.key]
  }
}

async function rotatePhotos(db: Db, cipher: FieldCipher, storage: FileStorage, log: FastifyBaseLogger): Promise<number> {
  let after: string | undefined
  let done = 0
  for (;;) {
    const batch = await db
      .select({ id: uploads.id, key: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.storedEncrypted, true), after === undefined ? undefined : gt(uploads.id, after)))
      .orderBy(asc(uploads.id))
      .limit(AT_REST_BATCH)
    if (batch.length === 0) return done
    for (const { id, key } of batch) {
      const bytes = await storage.get(key)
      const resealed = bytes && cipher.resealBytes(bytes, key)
      if (bytes === undefined) log.warn({ uploadId: id }, 'photo file missing while rotating the data key')
      else if (resealed) {
        await storage.put(key, resealed)
        done += 1
      }
      after = id
    }
  }
}

/**
 * Reseals everything under the current key when the check value shows a rotation pending.
 * `storage` is the raw file storage (not the encrypting wrapper).
 */
export async function rotateDataKey(db: Db, cipher: FieldCipher, storage: FileStorage, log: FastifyBaseLogger): Promise<RotationReport> {
  const check = await resealedCheck(db, cipher)
  if (check === undefined) return { rotated: false, rows: 0, photos: 0 }
  log.info('rotating the data key: resealing personal data under DATA_KEY_HEX')
  let rows = 0
  for (const spec of ENCRYPTED_TABLES) rows += await rotateTable(db, cipher, spec)
  const photos = await rotatePhotos(db, cipher, storage, log)
  await db.delete(loginTickets)
  await db.delete(smsCodes)
  // Last: until here a restart must still hold the previous key, and finishes the job.
  await db.update(appConfigs).set({ content: check }).where(eq(appConfigs.key, DATA_KEY_CHECK_KEY))
  log.info({ rows, photos }, 'data key rotated: DATA_KEY_PREVIOUS_HEX can be removed')
  return { rotated: true, rows, photos }
}
