/**
 * The mini-program builds list every page of the route table their platform ships (no page that
 * promotes the other platform's app, no diagnostic page), with its title, the entry page first and
 * the rest in subpackages; their app.json holds only keys the platform knows; WeChat loads code
 * lazily and Alipay's custom-header pages have a transparent title bar. Needs `npm run build:weapp` / `build:alipay` first; CI
 * builds them and sets REQUIRE_MINI_BUILD=1 so a missing build fails instead of skipping.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ENTRY_ROUTE, ROUTES, ROUTE_NAMES, routeTitle, shippedRoutes } from '../../src/config/routes'

const ROOT = path.resolve(__dirname, '../..')

interface MiniAppJson {
  pages: string[]
  animation?: unknown
  lazyCodeLoading?: string
  subPackages?: { root: string; pages: string[] }[]
  subpackages?: { root: string; pages: string[] }[]
}

const TARGETS = [
  { target: 'weapp', titleKey: 'navigationBarTitleText' },
  { target: 'alipay', titleKey: 'defaultTitle' },
] as const

for (const { target, titleKey } of TARGETS) {
  const appJsonPath = path.join(ROOT, 'dist', target, 'app.json')
  const built = existsSync(appJsonPath)
  if (!built && process.env.REQUIRE_MINI_BUILD === '1') {
    throw new Error(`REQUIRE_MINI_BUILD=1 but ${appJsonPath} is missing: run npm run build:${target}`)
  }
  if (!built) console.warn(`!! dist/${target} is not built: skipping its app.json checks (npm run build:${target})`)

  const describeBuilt = built ? describe : describe.skip
  describeBuilt(`dist/${target}/app.json`, () => {
    const appJson = (): MiniAppJson => JSON.parse(readFileSync(appJsonPath, 'utf8')) as MiniAppJson
    const allPages = (json: MiniAppJson): string[] => [
      ...json.pages,
      ...(json.subPackages ?? json.subpackages ?? []).flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`)),
    ]

    // The builds CI makes and the tests run are production builds.
    const shipped = shippedRoutes(target, true)

    it('lists every page the platform ships exactly once, the entry page first', () => {
      const json = appJson()
      const pages = allPages(json)
      expect([...pages].sort()).toEqual(shipped.map((name) => ROUTES[name].page).sort())
      expect(json.pages[0]).toBe(ROUTES[ENTRY_ROUTE].page)
      expect(shipped.length).toBeLessThan(ROUTE_NAMES.length)
      expect(pages).not.toContain(ROUTES.testDemo.page)
      expect(pages).not.toContain(target === 'weapp' ? ROUTES.toAlipays.page : ROUTES.toMpWx.page)
    })

    it('holds only keys the platform knows, and on WeChat loads components as pages need them', () => {
      const json = appJson()
      expect(json).not.toHaveProperty('animation')
      expect(json.lazyCodeLoading).toBe(target === 'weapp' ? 'requiredComponents' : undefined)
    })

    it('keeps only the entry pages in the main package', () => {
      expect(appJson().pages.every((page) => page.startsWith('pages/entry/'))).toBe(true)
    })

    it.each(shipped)('gives %s its title, and a custom header its own title bar', (name) => {
      const pageJson = JSON.parse(readFileSync(path.join(ROOT, 'dist', target, `${ROUTES[name].page}.json`), 'utf8')) as Record<string, unknown>
      expect(pageJson[titleKey]).toBe(routeTitle(name))
      const custom = 'customHeader' in ROUTES[name]
      if (target === 'alipay') expect([name, pageJson.transparentTitle]).toEqual([name, custom ? 'always' : undefined])
      else expect([name, pageJson.navigationStyle]).toEqual([name, custom ? 'custom' : undefined])
    })
  })
}
