/**
 * The Alipay build under test (dist/alipay). Like the other build suites, a suite over it skips
 * loudly when the build is missing and fails instead when REQUIRE_MINI_BUILD=1 (CI).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'

export const ALIPAY_DIST = path.resolve(__dirname, '../../../dist/alipay')

export function alipayBuilt(): boolean {
  return existsSync(path.join(ALIPAY_DIST, 'app.json'))
}

/** `describe` when dist/alipay exists; else `describe.skip` with a warning naming `what`, or an error under REQUIRE_MINI_BUILD=1. */
export function describeAlipay(what: string): jest.Describe {
  if (alipayBuilt()) return describe
  if (process.env.REQUIRE_MINI_BUILD === '1') {
    throw new Error(`REQUIRE_MINI_BUILD=1 but ${ALIPAY_DIST}/app.json is missing: run npm run build:alipay`)
  }
  console.warn(`!! dist/alipay is not built: skipping ${what} (npm run build:alipay)`)
  return describe.skip
}
