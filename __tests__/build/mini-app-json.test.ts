/**
 * The mini-program builds list every page of the route table, with its title, the entry page
 * first and the rest in subpackages. Needs `npm run build:weapp` / `build:alipay` first; CI
 * builds them and sets REQUIRE_MINI_BUILD=1 so a missing build fails instead of skipping.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ENTRY_ROUTE, ROUTES, ROUTE_NAMES, routeTitle } from '../../src/config/routes'

const ROOT = path.resolve(__dirname, '../..')

interface MiniAppJson {
  pages: string[]
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

    it('lists every page of the route table exactly once, the entry page first', () => {
      const json = appJson()
      const pages = allPages(json)
      expect([...pages].sort()).toEqual(ROUTE_NAMES.map((name) => ROUTES[name].page).sort())
      expect(json.pages[0]).toBe(ROUTES[ENTRY_ROUTE].page)
    })

    it('keeps only the entry pages in the main package', () => {
      expect(appJson().pages.every((page) => page.startsWith('pages/entry/'))).toBe(true)
    })

    it.each(ROUTE_NAMES)('gives %s its title', (name) => {
      const pageJson = JSON.parse(readFileSync(path.join(ROOT, 'dist', target, `${ROUTES[name].page}.json`), 'utf8'))
      expect(pageJson[titleKey]).toBe(routeTitle(name))
    })
  })
}
