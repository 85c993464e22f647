/**
 * Whether every migration of this build is applied to the database: a process started from a
 * newer build than the database (its migrations not yet run) must not take traffic (/readyz).
 * drizzle's journal (meta/_journal.json) names each migration by its `when`, which the migrator
 * records as `created_at` in `__drizzle_migrations`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './database'
import { queryRows } from './database'
import { MIGRATIONS_FOLDER } from './migrate'

interface Journal {
  readonly entries: readonly { readonly tag: string; readonly when: number }[]
}

/** The migrations of this build, read once. */
let journal: Journal | undefined
function migrationsOfBuild(): Journal['entries'] {
  journal ??= JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal
  return journal.entries
}

/** The tags of this build's migrations that the database has not applied (all of them when it has none). */
export async function pendingMigrations(db: Db, migrationsSchema: string): Promise<string[]> {
  const [table] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass(${`"${migrationsSchema}"."__drizzle_migrations"`}) is not null as exists`)
  const applied = table?.exists
    ? new Set((await queryRows<{ created_at: string | number }>(db, sql`select created_at from ${sql.identifier(migrationsSchema)}.__drizzle_migrations`)).map((row) => Number(row.created_at)))
    : new Set<number>()
  return migrationsOfBuild()
    .filter((entry) => !applied.has(entry.when))
    .map((entry) => entry.tag)
}
