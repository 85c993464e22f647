/**
 * /readyz: a process takes traffic once its database answers and has every migration of its
 * build; Redis is reported, never a reason to stop taking traffic (its counters fall back).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Envelope } from '../../types/api/envelope'
import { queryRows } from '../../server/db/database'
import { MIGRATIONS_FOLDER } from '../../server/db/migrate'
import { READY_PATH } from '../../server/routes/health'
import type { Readiness } from '../../server/routes/health'
import { createTestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }

describeDb('readiness', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => database.dispose())

  const readiness = async (migrationsSchema: string) => {
    const test = await createTestApp(database.db, { migrationsSchema })
    try {
      const response = await test.inject({ method: 'GET', url: READY_PATH })
      return { status: response.statusCode, body: response.json<Envelope<Readiness>>().data }
    } finally {
      await test.close()
    }
  }

  it('is ready with every migration applied, reporting Redis as not configured', async () => {
    expect(await readiness(database.database.migrationsSchema)).toEqual({
      status: 200,
      body: { ready: true, database: 'ok', pendingMigrations: [], redis: 'not configured' },
    })
  })

  it('is not ready while the newest migration of the build is missing from the database, and names it', async () => {
    const schema = database.database.migrationsSchema
    const newest = journal.entries.at(-1)
    if (!newest) throw new Error('no migrations')
    const [row] = await queryRows<{ id: number }>(database.db, sql`select id from ${sql.identifier(schema)}.__drizzle_migrations where created_at = ${newest.when}`)
    expect(row).toBeDefined()
    await database.db.execute(sql`delete from ${sql.identifier(schema)}.__drizzle_migrations where created_at = ${newest.when}`)
    try {
      expect(await readiness(schema)).toEqual({ status: 503, body: { ready: false, database: 'ok', pendingMigrations: [newest.tag], redis: 'not configured' } })
    } finally {
      await database.db.execute(sql`insert into ${sql.identifier(schema)}.__drizzle_migrations (id, hash, created_at) values (${row?.id}, 'restored', ${newest.when})`)
    }
    // A database without drizzle's journal at all: nothing is applied.
    expect((await readiness('no_such_schema')).body.pendingMigrations).toEqual(journal.entries.map((entry) => entry.tag))
  })
})
