import type { RouteName } from '../../../config/routes'
import { routeOfPath } from '../../../platform/navigator'
import type { PageQuery } from '../../../platform/navigator'

export interface PageTarget {
  route: RouteName
  query: PageQuery
}

/**
 * The app page an address names (`/pages/apply/upinfo/index?orderId=1`, or an H5 URL such as
 * `/apply/upinfo?orderId=1`), with its query decoded; undefined for anything that is not a page
 * of the route table, so an address from outside can never lead out of the app.
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

/**
 * A page parameter that carries an address (the login page's `redirect`): encoded once by the
 * navigator, and handed over by the router as it came. One decoding when it still is encoded.
 */
export function addressParam(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (raw.startsWith('/')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}
