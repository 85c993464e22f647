/**
 * Browser suite setup: build the H5 app if it is missing or stale, then start the real server
 * over a fresh embedded database (support/app-server.ts) and hand the URL to the test workers.
 * Without Chromium the suite is skipped loudly, unless REQUIRE_BROWSER=1 makes that an error.
 */
import { ensureH5Build, H5_DIST } from '../../../scripts/lib/h5-build'
import { CHROMIUM_PATH, INSTALL_HINT, browserRequired, chromiumAvailable } from '../../../scripts/lib/chromium'
import { startAppServer } from './app-server'
import type { AppServer } from './app-server'

declare global {
  // Shared with global-teardown, which runs in the same process.
  var __E2E_SERVER__: AppServer | undefined
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
  globalThis.__E2E_SERVER__ = await startAppServer(H5_DIST)
  process.env.E2E_BASE_URL = globalThis.__E2E_SERVER__.url
  process.env.E2E_DATA_DIR = globalThis.__E2E_SERVER__.dataDir
}
