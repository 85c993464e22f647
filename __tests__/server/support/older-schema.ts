/** Databases of before a change: the schema of the first migrations only, for the suites of the migrations that followed. */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '../../../server/db/database'
import { MIGRATIONS_FOLDER, migrate } from '../../../server/db/migrate'
import { openTestDatabase } from './test-database'
import type { TestDatabase } from './test-database'

/**
 * Migrates `target` with the first `count` migrations alone, copied with a journal of their own
 * into a new folder under the system's temporary one (named from `prefix`): the folder, for the
 * suite to remove once done.
 */
export async function migrateFirst(target: Database, count: number, prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix))
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const older = { ...journal, entries: journal.entries.slice(0, count) }
  await mkdir(path.join(folder, 'meta'))
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(older))
  for (const { tag } of older.entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  await migrate(target, folder)
  return folder
}

/**
 * The hooks of a migration's suite: a database of the first `count` migrations, which `fill`
 * writes the rows of that time into, then migrated to the present; opened before all tests,
 * removed after with its copy of the migrations. Call the answer inside tests and hooks.
 */
export function databaseFromMigrations(count: number, prefix: string, fill: (target: Database) => Promise<void>): () => TestDatabase {
  let folder: string | undefined
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = await openTestDatabase({
      beforeMigrate: async (target) => {
        folder = await migrateFirst(target, count, prefix)
        await fill(target)
      },
    })
  })
  afterAll(async () => {
    await database?.dispose()
    if (folder) await rm(folder, { recursive: true, force: true })
  })
  return () => {
    if (!database) throw new Error('The database is opened in beforeAll: use it inside hooks and tests')
    return database
  }
}
