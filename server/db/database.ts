/**
 * Opens the database: embedded PostgreSQL (PGlite, a data directory or `memory://`) or a
 * PostgreSQL server through a `pg` pool. Both give the same Drizzle type, `Db`, so every query is
 * written once. `close()` ends the pool or shuts the embedded database down cleanly.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { Pool } from 'pg'
import type { DatabaseConfig } from '../config'
import * as schema from './schema'

export type Schema = typeof schema
/** The one query interface for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The rows of a raw SQL query (`db.execute` types its result per driver; both drivers answer
 * with `{ rows }`). Prefer the query builder; this is for what it cannot express.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  if (typeof result !== 'object' || result === null || !Array.isArray((result as { rows?: unknown }).rows)) {
    throw new Error('Unexpected result shape from the database driver')
  }
  return (result as { rows: T[] }).rows
}

export const MEMORY_DATA_DIR = 'memory://'
/** Where drizzle's migrator keeps its journal unless a schema is given. */
export const DEFAULT_MIGRATIONS_SCHEMA = 'drizzle'
/** Connections per server process; PostgreSQL's default allows 100 in total. */
const POOL_MAX = 10

export type DriverHandle =
  | { readonly driver: 'pglite'; readonly db: PgliteDatabase<Schema>; readonly client: PGlite }
  | { readonly driver: 'pg'; readonly db: NodePgDatabase<Schema>; readonly pool: Pool }

export interface Database {
  readonly driver: DriverHandle['driver']
  readonly db: Db
  /** The driver-specific handle, for what differs between drivers (migrations). */
  readonly handle: DriverHandle
  /** The schema of drizzle's migration journal. */
  readonly migrationsSchema: string
  close(): Promise<void>
}

export interface OpenOptions {
  /**
   * PostgreSQL server only: the schema to work in (its search_path, and also where the migration
   * journal lives). Tests use one throwaway schema per file.
   */
  readonly schema?: string
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

function openPglite(dataDir: string): Database {
  if (dataDir !== MEMORY_DATA_DIR) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(dataDir)
  const db = drizzlePglite({ client, schema })
  return {
    driver: 'pglite',
    db,
    handle: { driver: 'pglite', db, client },
    migrationsSchema: DEFAULT_MIGRATIONS_SCHEMA,
    close: () => client.close(),
  }
}

function openPg(url: string, options: OpenOptions): Database {
  const searchPath = options.schema
  if (searchPath !== undefined && !SCHEMA_NAME.test(searchPath)) throw new Error(`Invalid schema name "${searchPath}"`)
  const pool = new Pool({
    connectionString: url,
    max: POOL_MAX,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  })
  const db = drizzlePg({ client: pool, schema })
  return {
    driver: 'pg',
    db,
    handle: { driver: 'pg', db, pool },
    migrationsSchema: searchPath ?? DEFAULT_MIGRATIONS_SCHEMA,
    close: () => pool.end(),
  }
}

/** The server's address without credentials, for messages. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`
  } catch {
    return 'the DATABASE_URL server'
  }
}

/** Opens and checks the connection, so a wrong DATABASE_URL fails at startup, not at the first call. */
export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.driver === 'pglite') {
    const database = openPglite(config.dataDir)
    if (database.handle.driver === 'pglite') await database.handle.client.waitReady
    return database
  }
  const database = openPg(config.url, options)
  try {
    await database.db.execute(sql`select 1`)
  } catch (error) {
    await database.close()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Cannot reach PostgreSQL at ${describeServer(config.url)}: ${reason}`, { cause: error })
  }
  return database
}
