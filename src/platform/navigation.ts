/**
 * Page navigation by route name. Pages are always addressed by their page path; on H5 the
 * router maps it onto the URL of the route table.
 */
import Taro from '@tarojs/taro'
import { ROUTES, ENTRY_ROUTE } from '../config/routes'
import type { RouteName } from '../config/routes'

export type Query = Record<string, string | number | boolean | undefined>

/**
 * Flat queries for the pages' own links. Deliberately not `qs` (platform/query.ts): this module
 * is on the entry page, where qs would add about 17 KB gzip to the first load.
 */
export function withQuery(path: string, query: Query = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return pairs.length ? `${path}?${pairs.join('&')}` : path
}

export function pageUrl(name: RouteName, query?: Query): string {
  return withQuery(`/${ROUTES[name].page}`, query)
}

export function relaunch(name: RouteName, query?: Query): Promise<unknown> {
  return Taro.reLaunch({ url: pageUrl(name, query) })
}

/** Back one page, or to the entry page when this page was opened directly. */
export function goBack(): Promise<unknown> {
  return Taro.getCurrentPages().length > 1 ? Taro.navigateBack() : relaunch(ENTRY_ROUTE)
}

/** Loads the current page afresh, with its query: a real reload on H5, a relaunch elsewhere. */
export function reloadCurrentPage(): Promise<unknown> {
  if (process.env.TARO_ENV === 'h5') {
    window.location.reload()
    return Promise.resolve()
  }
  const pages = Taro.getCurrentPages()
  const current = pages[pages.length - 1]
  if (!current?.route) return relaunch(ENTRY_ROUTE)
  return Taro.reLaunch({ url: withQuery(`/${current.route}`, current.options as Query) })
}
