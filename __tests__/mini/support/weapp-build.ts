/**
 * The WeChat build under test (dist/weapp) and its pages. Like the other build suites, a suite
 * over it skips loudly when the build is missing and fails instead when REQUIRE_MINI_BUILD=1 (CI).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const WEAPP_DIST = path.resolve(__dirname, '../../../dist/weapp')

interface WeappAppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
}

export function weappBuilt(): boolean {
  return existsSync(path.join(WEAPP_DIST, 'app.json'))
}

/** `describe` when dist/weapp exists; else `describe.skip` with a warning, or an error under REQUIRE_MINI_BUILD=1. */
export function describeWeapp(): jest.Describe {
  if (weappBuilt()) return describe
  if (process.env.REQUIRE_MINI_BUILD === '1') {
    throw new Error(`REQUIRE_MINI_BUILD=1 but ${WEAPP_DIST}/app.json is missing: run npm run build:weapp`)
  }
  console.warn('!! dist/weapp is not built: skipping the WeChat runtime suite (npm run build:weapp)')
  return describe.skip
}

/** Every page path of app.json, the main package first, then each subpackage's. */
export function weappPages(): string[] {
  if (!weappBuilt()) return []
  const json = JSON.parse(readFileSync(path.join(WEAPP_DIST, 'app.json'), 'utf8')) as WeappAppJson
  return [...json.pages, ...(json.subPackages ?? []).flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`))]
}
