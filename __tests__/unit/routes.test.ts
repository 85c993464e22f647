import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { appConfig, h5CustomRoutes, mainPages, pageConfig, preloadRule, subPackages } from '../../src/config/app-config'
import {
  DEFAULT_TITLE,
  ENTRY_ROUTE,
  MAIN_AREA,
  ROUTES,
  ROUTE_NAMES,
  pageArea,
  routeTitle,
  shippedRoutes,
} from '../../src/config/routes'
import type { Build, RouteName } from '../../src/config/routes'

const ROOT = path.resolve(__dirname, '../..')

/** Section 2 of the specification: every route with its title (undefined = the default title). */
const SPEC_ROUTES: [string, string | undefined][] = [
  ['/', '填写资料'],
  ['/apply/basic', '填写资料'],
  ['/pages/index/index', undefined],
  ['/apply/pay', undefined],
  ['/apply/upinfo', '填写资料'],
  ['/apply/order-list', undefined],
  ['/apply/order', undefined],
  ['/apply/orderJh', undefined],
  ['/apply/order-cancel', undefined],
  ['/apply/payResult', undefined],
  ['/pages/agreement/etc/index', 'ETC用户服务协议'],
  ['/pages/agreement/privacy/index', 'ETC个人信息授权书'],
  ['/pages/to-alipays', '跳转中'],
  ['/apply/land', undefined],
  ['/apply/jh-land', undefined],
  ['/apply/jhsh-land', undefined],
  ['/apply/baidu-land', undefined],
  ['/apply/baidu2-land', undefined],
  ['/apply/baidu3-land', undefined],
  ['/apply/chelun', undefined],
  ['/apply/qishi', undefined],
  ['/apply/select-land', '套餐选择'],
  ['/apply/select-detail', '套餐详情'],
  ['/apply/long-pay-guide', '查看教程'],
  ['/pages/utils/clearStorage', '清缓存'],
  ['/apply/land/gaode-notice', '公告'],
  ['/pages/webview/webview', ''],
  ['/pages/transfer/toMpWx', '跳转中'],
  ['/pages/utils/testDemo', 'test'],
  ['/pages/notice/upgrade', '公告'],
  ['/pages/promotion/wxPark', undefined],
  ['/pages/camera/selectImage', '上传图片'],
  ['/pages/camera/confirmSelect', '确认上传图片'],
  ['/apply/guide-reapply', '历史订单处理'],
  ['/pages/redirect-order-list', '订单'],
  ['/pages/login/index', '登录'],
  ['/pages/agree', undefined],
]

/** The product's own steps beyond section 2 (each documented in src/config/routes.ts), with their titles. */
const PRODUCT_ROUTES: [string, string | undefined][] = [['/apply/province-verify', '发行方短信验证']]

const allUrls = ROUTE_NAMES.flatMap((name) => ROUTES[name].urls.map((url) => ({ name, url })))

describe('route table', () => {
  it("serves every URL of the specification and the product's own steps with their titles, and nothing else", () => {
    expect(allUrls.map(({ url }) => url).sort()).toEqual([...SPEC_ROUTES, ...PRODUCT_ROUTES].map(([url]) => url).sort())
    for (const [url, title] of [...SPEC_ROUTES, ...PRODUCT_ROUTES]) {
      const route = allUrls.find((entry) => entry.url === url)
      expect(route).toBeDefined()
      expect(routeTitle(route!.name)).toBe(title ?? DEFAULT_TITLE)
    }
  })

  it('gives the default title ETC申办 to pages without their own', () => {
    expect(DEFAULT_TITLE).toBe('ETC申办')
    expect(routeTitle('pay')).toBe('ETC申办')
    expect(routeTitle('webview')).toBe('')
  })

  it('has unique page paths and URLs', () => {
    const pages = ROUTE_NAMES.map((name) => ROUTES[name].page)
    expect(new Set(pages).size).toBe(pages.length)
    expect(new Set(allUrls.map(({ url }) => url)).size).toBe(allUrls.length)
  })

  it('points every page path at a page component and a page config', () => {
    for (const name of ROUTE_NAMES) {
      const { page } = ROUTES[name]
      expect(page).toMatch(/^pages\/[a-z0-9-]+\/[a-z0-9-]+\/index$/)
      expect(existsSync(path.join(ROOT, 'src', `${page}.tsx`))).toBe(true)
      const config = readFileSync(path.join(ROOT, 'src', `${page}.config.ts`), 'utf8')
      expect(config).toContain(`pageConfig('${name}')`)
    }
  })

  it('marks only the package pages as custom-header routes', () => {
    const custom = ROUTE_NAMES.filter((name) => pageConfig(name).navigationStyle === 'custom')
    expect(custom.sort()).toEqual(['selectDetail', 'selectLand'])
  })

  it('opens on the plate entry page at / and /apply/basic', () => {
    expect(ENTRY_ROUTE).toBe('plateEntry')
    expect(ROUTES.plateEntry.urls).toEqual(['/apply/basic', '/'])
  })

  it('rejects a malformed page path', () => {
    expect(() => pageArea('index')).toThrow('Malformed page path')
  })
})

describe('derived app config', () => {
  it('puts the entry page first and only entry-area pages in the main package', () => {
    const pages = mainPages()
    expect(pages[0]).toBe(ROUTES[ENTRY_ROUTE].page)
    expect(pages.every((page) => pageArea(page) === MAIN_AREA)).toBe(true)
  })

  it('lists every other page exactly once in a subpackage under its area root', () => {
    const packages = subPackages()
    const listed = packages.flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`))
    const expected = ROUTE_NAMES.map((name) => ROUTES[name].page).filter((page) => pageArea(page) !== MAIN_AREA)
    expect(listed.sort()).toEqual(expected.sort())
    expect(packages.every(({ root }) => root.startsWith('pages/') && root !== `pages/${MAIN_AREA}`)).toBe(true)
    expect(mainPages().length + listed.length).toBe(ROUTE_NAMES.length)
  })

  describe('each build ships what its platform allows', () => {
    const pagesOf = (build: Build): string[] => [
      ...mainPages(build),
      ...subPackages(build).flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`)),
    ]
    const without = (...names: RouteName[]) => ROUTE_NAMES.filter((name) => !names.includes(name)).map((name) => ROUTES[name].page).sort()

    it.each([
      [{ target: 'weapp', production: true }, ['wxPark', 'toAlipays', 'testDemo']],
      [{ target: 'alipay', production: true }, ['toMpWx', 'testDemo']],
      [{ target: 'weapp', production: false }, ['wxPark', 'toAlipays']],
      [{ target: 'alipay', production: false }, ['toMpWx']],
      [{ target: 'h5', production: true }, []],
    ] as [Build, RouteName[]][])('%j leaves out %j', (build, left) => {
      expect(pagesOf(build).sort()).toEqual(without(...left))
      expect(shippedRoutes(build.target, build.production).map((name) => ROUTES[name].page).sort()).toEqual(without(...left))
    })

    it('preloads no page a build leaves out', () => {
      for (const build of [{ target: 'weapp', production: true }, { target: 'alipay', production: true }] as Build[]) {
        const shipped = new Set(pagesOf(build))
        for (const [page, { packages }] of Object.entries(preloadRule(build))) {
          expect([page, shipped.has(page)]).toEqual([page, true])
          for (const root of packages) expect([...shipped].some((shippedPage) => shippedPage.startsWith(`${root}/`))).toBe(true)
        }
      }
    })

    it('keys each platform knows only: the H5 router\'s animation on H5, lazy code loading on WeChat', () => {
      expect(appConfig({ target: 'h5', production: true })).toMatchObject({ animation: false })
      expect(appConfig({ target: 'weapp', production: true })).toMatchObject({ lazyCodeLoading: 'requiredComponents' })
      expect(appConfig({ target: 'weapp', production: true })).not.toHaveProperty('animation')
      expect(appConfig({ target: 'alipay', production: true })).not.toHaveProperty('animation')
      expect(appConfig({ target: 'alipay', production: true })).not.toHaveProperty('lazyCodeLoading')
    })

    it('gives custom-header pages a transparent, tap-through title bar on Alipay and the custom style elsewhere', () => {
      expect(pageConfig('selectLand', { target: 'alipay', production: true })).toEqual({ navigationBarTitleText: '套餐选择', transparentTitle: 'always', titlePenetrate: 'YES' })
      expect(pageConfig('selectLand', { target: 'weapp', production: true })).toEqual({ navigationBarTitleText: '套餐选择', navigationStyle: 'custom' })
      expect(pageConfig('pay', { target: 'alipay', production: true })).toEqual({ navigationBarTitleText: routeTitle('pay') })
    })
  })

  it('maps every page path to its URL (with aliases) for the H5 router', () => {
    const routes = h5CustomRoutes()
    expect(Object.keys(routes)).toHaveLength(ROUTE_NAMES.length)
    expect(routes['/pages/entry/plate/index']).toEqual(['/apply/basic', '/'])
    expect(routes['/pages/apply/pay/index']).toBe('/apply/pay')
  })

  it('preloads, on each page with next routes, the subpackages holding them (never its own or the main package)', () => {
    const rule = preloadRule()
    expect(rule['pages/entry/plate/index']).toEqual({ network: 'all', packages: ['pages/apply'] })
    expect(rule['pages/apply/upinfo/index']).toEqual({ network: 'all', packages: ['pages/camera'] })
    expect(rule['pages/apply/pay-result/index']).toEqual({ network: 'all', packages: ['pages/order'] })
    // Next routes all in the page's own package: nothing to preload.
    expect(rule['pages/apply/select-land/index']).toBeUndefined()
    const roots = new Set(subPackages().map(({ root }) => root))
    for (const [page, { packages }] of Object.entries(rule)) {
      expect(packages.length).toBeGreaterThan(0)
      expect(packages.every((root) => roots.has(root) && !page.startsWith(`${root}/`))).toBe(true)
    }
    expect(appConfig().preloadRule).toEqual(rule)
  })

  it('sets the default title on the app window', () => {
    const config = appConfig()
    expect(config.window?.navigationBarTitleText).toBe(DEFAULT_TITLE)
    expect(config.pages).toEqual(mainPages())
  })
})
