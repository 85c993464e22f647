/**
 * Applies the SQL migrations of server/db/migrations with drizzle-orm's migrator for the open
 * driver. Applying them again is a no-op. On a PostgreSQL server an advisory lock makes server
 * processes that start together migrate one after the other.
 */
import path from 'node:path'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './database'

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations')
/** Any fixed 64-bit number; it names this application's migration lock. */
const MIGRATION_LOCK_ID = 7_305_014_211

/** `migrationsFolder`: another folder of migrations (tests build an older schema with it). */
export async function migrate(database: Database, migrationsFolder: string = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder, migrationsSchema: database.migrationsSchema }
  const { handle } = database
  if (handle.driver === 'pglite') {
    // One embedded database belongs to one process: no lock needed.
    await migratePglite(handle.db, config)
    return
  }
  // The lock belongs to one connection (the migrator uses others from the pool meanwhile);
  // closing that connection afterwards releases it, whatever happened.
  const lockConnection = await handle.pool.connect()
  try {
    await lockConnection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    await migrateNodePg(handle.db, config)
  } finally {
    lockConnection.release(true)
  }
}
