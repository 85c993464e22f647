/**
 * A fresh, migrated database per test file: PGlite in memory (the "server" project), or a
 * throwaway schema on the PostgreSQL server at TEST_DATABASE_URL ("server-pg"), dropped
 * afterwards. `reset()` empties every table and re-seeds, between tests.
 */
import { randomBytes } from 'node:crypto'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { Client } from 'pg'
import { createFieldCipher, installFieldCipher } from '../../../server/crypto/field-cipher'
import { createConfiguredKeyProvider } from '../../../server/crypto/key-provider'
import { MEMORY_DATA_DIR, openDatabase } from '../../../server/db/database'
import type { Database, Db } from '../../../server/db/database'
import { migrate } from '../../../server/db/migrate'
import * as schema from '../../../server/db/schema'
import { seed } from '../../../server/seed'
import { TEST_DATA_KEY_HEX } from './test-keys'

export type TestDriver = 'pglite' | 'pg'

export function testDriver(): TestDriver {
  return process.env.SERVER_TEST_DRIVER === 'pg' ? 'pg' : 'pglite'
}

/** `describe`, or `describe.skip` when the PostgreSQL server was wanted but is unreachable. */
export const describeDb: jest.Describe = process.env.SERVER_PG_SKIP === '1' ? describe.skip : describe

export interface TestDatabase {
  readonly driver: TestDriver
  readonly database: Database
  readonly db: Db
  /** The PostgreSQL schema the tables live in ('public' for PGlite). */
  readonly schemaName: string
  /** Empties every table (identities restarted) and applies the seed again. */
  reset(): Promise<void>
  dispose(): Promise<void>
}

export const TABLE_NAMES: readonly string[] = Object.values(schema).flatMap((value) =>
  is(value, PgTable) ? [getTableName(value)] : [],
)

export interface TestDatabaseOptions {
  /** Runs on the empty database before the migrations (e.g. to build and fill an older schema). */
  beforeMigrate?: (database: Database) => Promise<void>
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const driver = testDriver()
  // The seed and direct test writes go through the encrypted columns: the test data key, the one
  // createTestApp's configuration installs too.
  installFieldCipher(createFieldCipher(createConfiguredKeyProvider(TEST_DATA_KEY_HEX)))
  let database: Database
  let schemaName = 'public'
  if (driver === 'pg') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('server-pg tests need TEST_DATABASE_URL')
    schemaName = `test_${process.pid}_${randomBytes(4).toString('hex')}`
    database = await openDatabase({ driver: 'pg', url }, { schema: schemaName })
    await database.db.execute(sql.raw(`create schema "${schemaName}"`))
  } else {
    database = await openDatabase({ driver: 'pglite', dataDir: MEMORY_DATA_DIR })
  }
  await options.beforeMigrate?.(database)
  await migrate(database)
  await seed(database.db)
  const tables = TABLE_NAMES.map((name) => `"${schemaName}"."${name}"`).join(', ')
  return {
    driver,
    database,
    db: database.db,
    schemaName,
    async reset() {
      await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`))
      await seed(database.db)
    },
    async dispose() {
      if (driver === 'pg') await database.db.execute(sql.raw(`drop schema "${schemaName}" cascade`))
      await database.close()
    },
  }
}

/**
 * The hooks most suites start with: one database for the file (opened before all tests, disposed
 * after) and reset before each test. Register it first in a describe block, so its reset runs
 * before the suite's own beforeEach. The answer delegates to the open database.
 */
export function databasePerFile(): TestDatabase {
  let current: TestDatabase | undefined
  const open = (): TestDatabase => {
    if (!current) throw new Error('The test database is opened in beforeAll: use it inside hooks and tests')
    return current
  }
  beforeAll(async () => {
    current = await openTestDatabase()
  })
  afterAll(async () => current?.dispose())
  beforeEach(async () => open().reset())
  return {
    get driver() {
      return open().driver
    },
    get database() {
      return open().database
    },
    get db() {
      return open().db
    },
    get schemaName() {
      return open().schemaName
    },
    reset: () => open().reset(),
    dispose: () => open().dispose(),
  }
}

/** An empty database of its own on the PostgreSQL server at TEST_DATABASE_URL, for servers started as processes (they migrate `public`). */
export interface ServerDatabase {
  readonly url: string
  drop(): Promise<void>
}

async function onServer(statement: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL ?? '' })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export async function createServerDatabase(prefix: string): Promise<ServerDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  await onServer(`create database ${name}`)
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) }
}
