/**
 * The mini-program builds stay within the vendors' upload limits: each package listed in app.json
 * (the main package: every file outside a subpackage root; a subpackage: the files under its
 * root), source maps left out. Needs `npm run build:weapp` / `build:alipay` first; CI builds them
 * and sets REQUIRE_MINI_BUILD=1 so a missing build fails instead of skipping. The README
 * ("Previewing the mini-programs") records the figures.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { packageSizes } from '../../scripts/lib/mini-package-sizes'
import type { PackageSizes } from '../../scripts/lib/mini-package-sizes'

const ROOT = path.resolve(__dirname, '../..')
const MB = 1024 * 1024

/** Upload limits (TOOLCHAIN.md): 2 MB per package on both; in all, 20 MB on WeChat (as a service provider) and 8 MB on Alipay. */
const LIMITS = {
  weapp: { perPackage: 2 * MB, total: 20 * MB },
  alipay: { perPackage: 2 * MB, total: 8 * MB },
} as const

type Target = keyof typeof LIMITS

const KB = 1024
/**
 * The production main package may not grow back (issue 26): today's size with about 2 % to spare.
 * The goal is 450 KB on both; lower these as it comes closer, never raise them without a reason in
 * the commit. Raised once, 2026-11-29 (issue 31): the photos' readings in the application's store
 * and the elder mode on every page took the main package from 589 KB to 602 KB on WeChat and from
 * 535 KB to 548 KB on Alipay.
 */
const MAIN_PACKAGE_RATCHET: Record<Target, number> = { weapp: 614 * KB, alipay: 559 * KB }

describe('packageSizes', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mini-sizes-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const write = (file: string, bytes: number): void => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), 'x'.repeat(bytes))
  }

  it('puts files under a subpackage root in that subpackage, the rest in the main package, and leaves out maps', () => {
    writeFileSync(path.join(dir, 'app.json'), JSON.stringify({ subPackages: [{ root: 'pages/apply' }, { root: 'pages/order/' }] }))
    write('app.js', 100)
    write('app.js.map', 5000)
    write('pages/entry/plate/index.js', 20)
    write('pages/applyx/index.js', 7)
    write('pages/apply/pay/index.js', 30)
    write('pages/apply/pay/index.js.map', 5000)
    write('pages/order/list/index.js', 40)
    const appJsonBytes = statSync(path.join(dir, 'app.json')).size
    expect(packageSizes(dir)).toEqual({
      main: appJsonBytes + 100 + 20 + 7,
      subpackages: { 'pages/apply': 30, 'pages/order': 40 },
      total: appJsonBytes + 100 + 20 + 7 + 30 + 40,
    })
  })
})

for (const target of Object.keys(LIMITS) as Target[]) {
  const dir = path.join(ROOT, 'dist', target)
  const built = existsSync(path.join(dir, 'app.json'))
  if (!built && process.env.REQUIRE_MINI_BUILD === '1') {
    throw new Error(`REQUIRE_MINI_BUILD=1 but ${dir}/app.json is missing: run npm run build:${target}`)
  }
  if (!built) console.warn(`!! dist/${target} is not built: skipping its package size checks (npm run build:${target})`)

  const describeBuilt = built ? describe : describe.skip
  describeBuilt(`dist/${target} package sizes`, () => {
    const limits = LIMITS[target]
    const sizes = (): PackageSizes => packageSizes(dir)

    it(`keeps the main package within ${limits.perPackage / MB} MB`, () => {
      expect(sizes().main).toBeLessThanOrEqual(limits.perPackage)
    })

    it(`keeps the main package within ${MAIN_PACKAGE_RATCHET[target] / KB} KB, no larger than it has come down to`, () => {
      expect(sizes().main).toBeLessThanOrEqual(MAIN_PACKAGE_RATCHET[target])
    })

    it(`keeps every subpackage within ${limits.perPackage / MB} MB`, () => {
      const { subpackages } = sizes()
      expect(Object.keys(subpackages).length).toBeGreaterThan(0)
      const over = Object.entries(subpackages).filter(([, bytes]) => bytes > limits.perPackage)
      expect(over).toEqual([])
    })

    it(`keeps the whole build within ${limits.total / MB} MB`, () => {
      expect(sizes().total).toBeLessThanOrEqual(limits.total)
    })
  })
}
