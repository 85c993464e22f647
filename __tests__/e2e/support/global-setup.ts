/**
 * Browser suite setup: build the H5 app if it is missing or stale, serve it on an ephemeral
 * port and hand the URL to the test workers. Without Chromium the suite is skipped loudly,
 * unless REQUIRE_BROWSER=1 makes that an error.
 */
import { ensureH5Build, H5_DIST } from '../../../scripts/lib/h5-build'
import { startStaticServer } from '../../../scripts/lib/static-server'
import type { StaticServer } from '../../../scripts/lib/static-server'
import { CHROMIUM_PATH, INSTALL_HINT, browserRequired, chromiumAvailable } from '../../../scripts/lib/chromium'

declare global {
  // Shared with global-teardown, which runs in the same process.
  var __E2E_SERVER__: StaticServer | undefined
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
  globalThis.__E2E_SERVER__ = await startStaticServer(H5_DIST)
  process.env.E2E_BASE_URL = globalThis.__E2E_SERVER__.url
}
