/**
 * Browser suite setup: build the H5 app if it is missing or stale, then start the real server
 * (server/main.ts: migrations, seed, the app and its API on one ephemeral port) over a fresh
 * embedded database in a temporary folder, and hand the URL to the test workers. Without Chromium
 * the suite is skipped loudly, unless REQUIRE_BROWSER=1 makes that an error.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../../server/config'
import { startServer } from '../../../server/main'
import type { RunningServer } from '../../../server/main'
import { ensureH5Build, H5_DIST } from '../../../scripts/lib/h5-build'
import { CHROMIUM_PATH, INSTALL_HINT, browserRequired, chromiumAvailable } from '../../../scripts/lib/chromium'

declare global {
  // Shared with global-teardown, which runs in the same process.
  var __E2E_SERVER__: RunningServer | undefined
}

export default async function globalSetup(): Promise<void> {
  if (!chromiumAvailable()) {
    const message = `Chromium not found at ${CHROMIUM_PATH}. ${INSTALL_HINT}`
    if (browserRequired()) throw new Error(`REQUIRE_BROWSER=1 but ${message}`)
    const banner = '!'.repeat(78)
    console.warn(`\n${banner}\n!! BROWSER TESTS SKIPPED: ${message}\n${banner}\n`)
    process.env.E2E_SKIP = '1'
    return
  }
  ensureH5Build()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-e2e-'))
  // The suite's own server: a fresh database, its own port, the SMS simulator on, quiet logs, and
  // a per-IP limit no journey reaches (every test browses from the same address; the limit
  // itself is tested in the server suite).
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMS_SIMULATOR: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
  })
  globalThis.__E2E_SERVER__ = await startServer({ config, staticRoot: H5_DIST })
  process.env.E2E_BASE_URL = globalThis.__E2E_SERVER__.url
  process.env.E2E_DATA_DIR = dataDir
}
