/**
 * Everything the build needs from the route table: the app's page list, its mini-program
 * subpackages, the H5 router's custom routes and each page's config. `src/app.config.ts`,
 * `config/index.ts` and every `index.config.ts` call these, so a route is declared once.
 */
import type { AppConfig, PageConfig } from '@tarojs/taro'
import { NEXT_ROUTES } from './next-routes'
import { DEFAULT_TITLE, ENTRY_ROUTE, ROUTES, currentBuild, isMainPackagePage, pageArea, routeTitle, shippedRoutes } from './routes'
import type { Build, RouteDef, RouteName } from './routes'


const routesOf = (build: Build): RouteName[] => shippedRoutes(build.target, build.production)

export interface SubPackage {
  readonly root: string
  readonly pages: string[]
}

/** Main-package pages, the entry route first (a mini-program opens its first page). */
export function mainPages(build: Build = currentBuild()): string[] {
  const entry = ROUTES[ENTRY_ROUTE].page
  const others = routesOf(build)
    .map((name) => ROUTES[name].page)
    .filter((page) => isMainPackagePage(page) && page !== entry)
  return [entry, ...others]
}

/** The subpackage root of a page outside the main package. */
const packageRoot = (page: string): string => `pages/${pageArea(page)}`

/** One subpackage per area outside the main package, rooted at `pages/<area>`. */
export function subPackages(build: Build = currentBuild()): SubPackage[] {
  const byRoot = new Map<string, string[]>()
  for (const name of routesOf(build)) {
    const { page } = ROUTES[name]
    if (isMainPackagePage(page)) continue
    const root = packageRoot(page)
    const pages = byRoot.get(root) ?? []
    pages.push(page.slice(root.length + 1))
    byRoot.set(root, pages)
  }
  return [...byRoot].map(([root, pages]) => ({ root, pages }))
}

/**
 * The mini-programs' `preloadRule`: on each page with NEXT_ROUTES, the subpackages holding those
 * routes (other than the page's own) are downloaded while it shows, on any network.
 */
export function preloadRule(build: Build = currentBuild()): NonNullable<AppConfig['preloadRule']> {
  const shipped = new Set(routesOf(build))
  const rule: NonNullable<AppConfig['preloadRule']> = {}
  for (const [name, next] of Object.entries(NEXT_ROUTES) as [RouteName, readonly RouteName[]][]) {
    if (!shipped.has(name)) continue
    const { page } = ROUTES[name]
    const own = isMainPackagePage(page) ? undefined : packageRoot(page)
    const roots = next
      .filter((route) => shipped.has(route))
      .map((route) => ROUTES[route].page).filter((target) => !isMainPackagePage(target)).map(packageRoot)
    const packages = [...new Set(roots)].filter((root) => root !== own)
    if (packages.length > 0) rule[page] = { network: 'all', packages }
  }
  return rule
}

/** H5 `router.customRoutes`: page path → its URL, or its URL plus aliases. */
export function h5CustomRoutes(): Record<string, string | string[]> {
  const routes: Record<string, string | string[]> = {}
  for (const name of routesOf({ target: 'h5', production: true })) {
    const { page, urls }: RouteDef = ROUTES[name]
    routes[`/${page}`] = urls.length === 1 ? urls[0] : [...urls]
  }
  return routes
}

/**
 * A page's config. A custom-header page draws its own title bar: on Alipay, whose pages take no
 * `navigationStyle`, the host's title bar is made transparent and lets taps through instead.
 */
export function pageConfig(name: RouteName, build: Build = currentBuild()): PageConfig {
  const def: RouteDef = ROUTES[name]
  const title = { navigationBarTitleText: routeTitle(name) }
  if (!def.customHeader) return title
  return build.target === 'alipay' ? { ...title, transparentTitle: 'always', titlePenetrate: 'YES' } : { ...title, navigationStyle: 'custom' }
}

export function appConfig(build: Build = currentBuild()): AppConfig {
  return {
    pages: mainPages(build),
    subPackages: subPackages(build),
    preloadRule: preloadRule(build),
    window: {
      navigationBarTitleText: DEFAULT_TITLE,
      navigationBarBackgroundColor: '#ffffff',
      navigationBarTextStyle: 'black',
      backgroundTextStyle: 'dark',
      backgroundColor: '#f5f6f7',
    },
    // The H5 router's page transitions (a key only H5 knows); WeChat loads each page's code and
    // components when they are needed.
    ...(build.target === 'h5' ? { animation: false } : {}),
    ...(build.target === 'weapp' ? { lazyCodeLoading: 'requiredComponents' } : {}),
  }
}
