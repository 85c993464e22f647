/**
 * The link helper's addresses: what a notice's or a banner's redirect path leads to, for
 * `navigator.openLink` (a page of the app, a web page in the web view, a PDF, or an unknown type).
 */
import { parseExternalUrl } from '../domain/external-url'
import type { RouteName } from '../config/routes'
import { routeOfPath } from './navigator'
import type { Link, PageQuery } from './navigator'

export interface PageTarget {
  route: RouteName
  query: PageQuery
}

/**
 * The app page an address names (`/pages/apply/upinfo/index?orderId=1`, or an H5 URL such as
 * `/apply/upinfo?orderId=1`, with or without the hash), with its query decoded; undefined for
 * anything that is not a page of the route table, so an address from outside can never lead out
 * of the app.
 */
export function pageTarget(address: string | undefined): PageTarget | undefined {
  const trimmed = (address ?? '').trim().replace(/^#/, '')
  if (!trimmed.startsWith('/')) return undefined
  const mark = trimmed.indexOf('?')
  const path = mark < 0 ? trimmed : trimmed.slice(0, mark)
  const search = mark < 0 ? '' : trimmed.slice(mark + 1)
  const route = routeOfPath(path)
  if (!route) return undefined
  const query: PageQuery = {}
  new URLSearchParams(search).forEach((value, key) => {
    query[key] = value
  })
  return { route, query }
}

/** The link type of an address the helper cannot open: `openLink` says "未知类型". */
export const UNKNOWN_LINK_TYPE = 'unknown'

const PDF_PATH = /\.pdf$/i

/** Whether a web address names a PDF document (its path, before any query or fragment, ends in .pdf). */
function isPdf(url: string): boolean {
  return PDF_PATH.test(url.split(/[?#]/)[0] ?? '')
}

/**
 * The link a redirect path names: a page of the app (page path or H5 URL) → page; an http(s)
 * address of a PDF → pdf; any other http(s) address → webview; anything else (another scheme, a
 * path outside the route table, nothing) → the unknown type.
 */
export function linkOf(redirectPath: string | null | undefined): Link {
  const address = (redirectPath ?? '').trim()
  const page = pageTarget(address)
  if (page) return { type: 'page', route: page.route, query: page.query }
  const external = parseExternalUrl(address)
  if (external.ok) return isPdf(external.url) ? { type: 'pdf', url: external.url } : { type: 'webview', url: external.url }
  return { type: UNKNOWN_LINK_TYPE, address }
}
