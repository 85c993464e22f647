/**
 * Page navigation by route name. Pages are always addressed by their page path; on H5 the
 * router maps it onto the URL of the route table.
 */
import Taro from '@tarojs/taro'
import { ROUTES, ENTRY_ROUTE } from '../config/routes'
import type { RouteName } from '../config/routes'

export type Query = Record<string, string | number | boolean | undefined>

export function pageUrl(name: RouteName, query: Query = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return `/${ROUTES[name].page}${pairs.length ? `?${pairs.join('&')}` : ''}`
}

export function navigateTo(name: RouteName, query?: Query): Promise<unknown> {
  return Taro.navigateTo({ url: pageUrl(name, query) })
}

export function relaunch(name: RouteName, query?: Query): Promise<unknown> {
  return Taro.reLaunch({ url: pageUrl(name, query) })
}

/** Back one page, or to the entry page when this page was opened directly. */
export function goBack(): Promise<unknown> {
  return Taro.getCurrentPages().length > 1 ? Taro.navigateBack() : relaunch(ENTRY_ROUTE)
}

/** Loads the current page afresh: a real reload on H5, a relaunch of the page elsewhere. */
export function reloadCurrentPage(): Promise<unknown> {
  if (process.env.TARO_ENV === 'h5') {
    window.location.reload()
    return Promise.resolve()
  }
  const pages = Taro.getCurrentPages()
  const current = pages[pages.length - 1]
  return current?.route ? Taro.reLaunch({ url: `/${current.route}` }) : relaunch(ENTRY_ROUTE)
}
