/**
 * `npm run db:generate [-- --name <label>]`: drizzle-kit writes a migration for the changes to
 * server/db/schema.ts; then the tables its foreign keys reference are unqualified
 * (`REFERENCES "users"`, not `"public"."users"`), so the migrations build the schema wherever
 * the connection's search_path points: `public` in a deployment, a throwaway schema per test file.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..')
const MIGRATIONS = path.join(ROOT, 'server/db/migrations')
const QUALIFIED_REFERENCE = /REFERENCES "public"\./g

const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' })
if (result.status !== 0) process.exit(result.status ?? 1)

for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
  const target = path.join(MIGRATIONS, file)
  const sql = readFileSync(target, 'utf8')
  const unqualified = sql.replace(QUALIFIED_REFERENCE, 'REFERENCES ')
  if (unqualified !== sql) writeFileSync(target, unqualified)
}
