/**
 * The Alipay build's JavaScript side, run without a renderer (none exists offline for Alipay):
 * the app launches, every page of dist/alipay/app.json loads and sets its data without a page
 * error, a tap on the plate page navigates, requests go out through my.request, and every node
 * type the pages put in their data has a template in base.axml. The harness is in
 * alipay-support/; the README ("Previewing the mini-programs") says what this does not cover.
 * Needs `npm run build:alipay` first; CI builds it and sets REQUIRE_MINI_BUILD=1 so a missing
 * build fails instead of skipping.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROUTES } from '../../src/config/routes'
import { noticeOn } from '../support/notice-fixtures'
import { AlipayApp, UNAVAILABLE, parsePageUrl } from './alipay-support/alipay-app'
import type { PageInstance } from './alipay-support/alipay-app'
import { nodes, pageText } from './alipay-support/data-tree'
import type { FakeRequest, FakeResponse } from './alipay-support/fake-my'

const DIST = path.resolve(__dirname, '../../dist/alipay')
const built = existsSync(path.join(DIST, 'app.json'))
if (!built && process.env.REQUIRE_MINI_BUILD === '1') {
  throw new Error(`REQUIRE_MINI_BUILD=1 but ${DIST}/app.json is missing: run npm run build:alipay`)
}
if (!built) console.warn('!! dist/alipay is not built: skipping its JavaScript-side run (npm run build:alipay)')

interface AppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
}

const readAppJson = (): AppJson => JSON.parse(readFileSync(path.join(DIST, 'app.json'), 'utf8')) as AppJson

/** Every page of the build, main package first, as app.json lists them. */
function buildPages(): string[] {
  if (!built) return []
  const json = readAppJson()
  return [...json.pages, ...(json.subPackages ?? []).flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`))]
}

/** What a page shows when it crashed (src/components/error-boundary/ErrorBoundary.tsx). */
const CRASH_TITLE = '页面出错了'

/** The notice the fake server publishes for the plate page: its title on the page proves the answer arrived. */
const PLATE_NOTICE = noticeOn(ROUTES.plateEntry.urls.join(','))('alipay-run')

/** The server's answer envelope. */
const envelope = (data: unknown): FakeResponse => ({ status: 200, data: { code: 200, msg: 'ok', data } })

/** A small fake server: the notices configuration; every other call is unavailable. */
function fakeServer(request: FakeRequest): FakeResponse {
  if (request.method === 'GET' && request.url.includes('/config/notices/')) return envelope([PLATE_NOTICE])
  return UNAVAILABLE
}

/** Template names base.axml defines; a node `nn` renders with template `tmpl_0_<nn>`. */
function baseTemplates(): Set<string> {
  const axml = readFileSync(path.join(DIST, 'base.axml'), 'utf8')
  return new Set(Array.from(axml.matchAll(/<template name="([^"]+)"/g), ([, name]) => name))
}

const describeBuilt = built ? describe : describe.skip

describeBuilt('dist/alipay, JavaScript side', () => {
  let app: AlipayApp
  let restoreConsole: () => void

  beforeAll(async () => {
    app = new AlipayApp({ distDir: DIST, respond: fakeServer })
    restoreConsole = app.captureConsole()
    await app.launch()
  })
  afterAll(() => restoreConsole())

  /** Opens `route` as the only page and waits until it has rendered and gone quiet. */
  async function load(route: string): Promise<PageInstance> {
    const openedBefore = app.opened.length
    await app.reLaunch(`/${route}`)
    const page = app.opened[openedBefore]
    await app.waitFor(() => page.setDataCount > 0, `${route} to set its data`)
    await app.settle()
    return page
  }

  it('launches the app', async () => {
    const registered = app.registeredApp()
    expect(registered?.config?.pages).toEqual(readAppJson().pages)
    // Taro's onLaunch sets $app once the app's root component has mounted.
    await app.waitFor(() => registered && '$app' in registered, 'the app to finish launching')
    expect(app.errors).toEqual([])
  })

  it.each(buildPages())('loads %s without a page error and sets data', async (route) => {
    const errorsBefore = app.errors.length
    const page = await load(route)
    expect(page.route).toBe(route)
    expect(app.errors.slice(errorsBefore)).toEqual([])
    expect([...nodes(page.data)].length).toBeGreaterThan(0)
    expect(pageText(app.current().data)).not.toContain(CRASH_TITLE)
  })

  it('shows what the server answered through my.request on the plate page', async () => {
    await load(ROUTES.plateEntry.page)
    const sent = app.host.requests
    expect(sent.some((request) => request.method === 'GET' && request.url.includes('/config/notices/'))).toBe(true)
    expect(sent.every((request) => /^https?:\/\/[^/]+\//.test(request.url))).toBe(true)
    await app.waitFor(() => pageText(app.current().data).includes(PLATE_NOTICE.noticeTitle), 'the notice to show')
  })

  it('navigates to the order list when 我的订单 is tapped on the plate page', async () => {
    const errorsBefore = app.errors.length
    await load(ROUTES.plateEntry.page)
    const navigationsBefore = app.host.callsOf('navigateTo').length
    app.tap(await app.findTappable('我的订单'))
    const navigation = await app.waitFor(() => app.host.callsOf('navigateTo')[navigationsBefore], 'my.navigateTo')
    expect(parsePageUrl(String(navigation.url)).route).toBe(ROUTES.orderList.page)
    await app.waitFor(() => app.opened.some((page) => page.route === ROUTES.orderList.page), 'the order list to open')
    await app.settle()
    expect(app.errors.slice(errorsBefore)).toEqual([])
  })

  it('has a template in base.axml for every node type the pages rendered', async () => {
    // The pages the tests above loaded; any they did not (a filtered run) load here.
    for (const route of buildPages()) {
      if (!app.opened.some((page) => page.route === route)) await load(route)
    }
    const templates = baseTemplates()
    expect(app.nodeNames.size).toBeGreaterThan(0)
    const missing = [...app.nodeNames]
      .filter(([name]) => !templates.has(`tmpl_0_${name}`))
      .map(([name, routes]) => `tmpl_0_${name}, used by ${[...routes].join(', ')}`)
    expect(missing).toEqual([])
  })
})
