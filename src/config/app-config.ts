/**
 * Everything the build needs from the route table: the app's page list, its mini-program
 * subpackages, the H5 router's custom routes and each page's config. `src/app.config.ts`,
 * `config/index.ts` and every `index.config.ts` call these, so a route is declared once.
 */
import type { AppConfig, PageConfig } from '@tarojs/taro'
import { DEFAULT_TITLE, ENTRY_ROUTE, ROUTES, ROUTE_NAMES, isMainPackagePage, pageArea, routeTitle } from './routes'
import type { RouteDef, RouteName } from './routes'

export interface SubPackage {
  readonly root: string
  readonly pages: string[]
}

/** Main-package pages, the entry route first (a mini-program opens its first page). */
export function mainPages(): string[] {
  const entry = ROUTES[ENTRY_ROUTE].page
  const others = ROUTE_NAMES.map((name) => ROUTES[name].page).filter((page) => isMainPackagePage(page) && page !== entry)
  return [entry, ...others]
}

/** One subpackage per area outside the main package, rooted at `pages/<area>`. */
export function subPackages(): SubPackage[] {
  const byRoot = new Map<string, string[]>()
  for (const name of ROUTE_NAMES) {
    const { page } = ROUTES[name]
    if (isMainPackagePage(page)) continue
    const root = `pages/${pageArea(page)}`
    const pages = byRoot.get(root) ?? []
    pages.push(page.slice(root.length + 1))
    byRoot.set(root, pages)
  }
  return [...byRoot].map(([root, pages]) => ({ root, pages }))
}

/** H5 `router.customRoutes`: page path → its URL, or its URL plus aliases. */
export function h5CustomRoutes(): Record<string, string | string[]> {
  const routes: Record<string, string | string[]> = {}
  for (const name of ROUTE_NAMES) {
    const { page, urls }: RouteDef = ROUTES[name]
    routes[`/${page}`] = urls.length === 1 ? urls[0] : [...urls]
  }
  return routes
}

export function pageConfig(name: RouteName): PageConfig {
  const def: RouteDef = ROUTES[name]
  return def.customHeader
    ? { navigationBarTitleText: routeTitle(name), navigationStyle: 'custom' }
    : { navigationBarTitleText: routeTitle(name) }
}

export function appConfig(): AppConfig {
  return {
    pages: mainPages(),
    subPackages: subPackages(),
    window: {
      navigationBarTitleText: DEFAULT_TITLE,
      navigationBarBackgroundColor: '#ffffff',
      navigationBarTextStyle: 'black',
      backgroundTextStyle: 'dark',
      backgroundColor: '#f5f6f7',
    },
    animation: false,
  }
}
