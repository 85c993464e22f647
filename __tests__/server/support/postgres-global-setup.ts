/**
 * server-pg setup: is the PostgreSQL server at TEST_DATABASE_URL reachable? If not, the suite is
 * skipped with a loud warning, or, with REQUIRE_POSTGRES=1 (CI), the run fails.
 */
import { Client } from 'pg'

const CONNECT_TIMEOUT_MS = 5000

export default async function postgresGlobalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? ''
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const message = `PostgreSQL at TEST_DATABASE_URL is unreachable (${reason}).`
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${message}`)
    const banner = '!'.repeat(78)
    console.warn(`\n${banner}\n!! SERVER TESTS ON POSTGRESQL SKIPPED: ${message}\n${banner}\n`)
    process.env.SERVER_PG_SKIP = '1'
  } finally {
    await client.end().catch(() => undefined)
  }
}
