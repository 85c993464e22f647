/**
 * A server started with another DATA_KEY_HEX than the one its data was encrypted with would answer
 * every logged-in request with 500 and write new rows under a second key. So the first start
 * stores a known value encrypted with the data key, and every later start must open it, or it
 * refuses to start (a ConfigError naming the variable).
 */
import { eq } from 'drizzle-orm'
import { ConfigError } from '../config'
import { FieldDecryptionError } from '../crypto/field-cipher'
import type { FieldCipher } from '../crypto/field-cipher'
import type { Db } from './database'
import { appConfigs } from './schema'

/**
 * The app_configs row of the check value: not a remote document, so it is named here, with the
 * data it guards, rather than among the catalogue's keys (issue 30: the database layer imports no
 * business folder).
 */
export const DATA_KEY_CHECK_KEY = 'system:dataKeyCheck'

/** What the check value holds once decrypted (no secret: only the key's ability to open it counts). */
export const DATA_KEY_CHECK_PLAINTEXT = 'etc-apply data key check v1'

export const DATA_KEY_MISMATCH = 'DATA_KEY_HEX does not open the data already stored: start with the key it was encrypted with'

interface DataKeyCheckDocument {
  check: string
}

function isCheckDocument(content: unknown): content is DataKeyCheckDocument {
  return typeof content === 'object' && content !== null && typeof (content as { check?: unknown }).check === 'string'
}

/** Stores the check value on a first start; throws a ConfigError when the key cannot open it. */
export async function verifyDataKey(db: Db, cipher: FieldCipher): Promise<void> {
  const key = DATA_KEY_CHECK_KEY
  const document: DataKeyCheckDocument = { check: cipher.encrypt(DATA_KEY_CHECK_PLAINTEXT, key) }
  // A concurrent first start of another process may win the insert: then its value is checked.
  await db.insert(appConfigs).values({ key, content: document }).onConflictDoNothing()
  const [row] = await db.select({ content: appConfigs.content }).from(appConfigs).where(eq(appConfigs.key, key)).limit(1)
  if (!row || !isCheckDocument(row.content)) throw new ConfigError([DATA_KEY_MISMATCH])
  try {
    if (cipher.decrypt(row.content.check, key) === DATA_KEY_CHECK_PLAINTEXT) return
  } catch (error) {
    if (!(error instanceof FieldDecryptionError)) throw error
  }
  throw new ConfigError([DATA_KEY_MISMATCH])
}
