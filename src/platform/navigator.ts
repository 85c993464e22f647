/**
 * The app's one navigation module. Pages and components navigate by route name through a
 * Navigator: one navigation at a time (another one while it runs is rejected as "jumping"), the
 * bd_vid click id carried along, back from the entry page quits the app, the link helper and
 * customer service. The request layer's redirects (to the login page, reloading the page after a
 * new login) go through it too. The host's APIs come in through NavigationHost, so all of it runs
 * under test (src/platform/taro-hosts.ts binds Taro).
 *
 * Page queries are flat (key → string): the mini-program and H5 routers hand pages flat
 * parameters, so page addresses are built here without qs, which keeps qs (about 17 KB gzip) off
 * the entry page. Nested query strings (the page address a host app opens us with, deep links
 * into other apps) go through src/platform/query.ts.
 */
import { HOTLINE } from '../domain/constants'
import { ENTRY_ROUTE, ROUTES, ROUTE_NAMES } from '../config/routes'
import type { RouteDef, RouteName } from '../config/routes'
import type { PromotionChannelInfo } from '../../types/api/catalogue'
import { MESSAGES } from '../services/request/errors'

export const NAVIGATION_MESSAGES = {
  jumping: MESSAGES.jumping,
  unknownLinkType: '未知类型',
} as const

export class NavigationError extends Error {
  override readonly name = 'NavigationError'

  constructor(readonly kind: 'jumping' | 'unknownLinkType', message: string) {
    super(message)
  }
}

/** Lets a navigation the double-jump lock refused go (the one under way wins); rethrows anything else. */
export function ignoreRefusedJump(cause: unknown): void {
  if (!(cause instanceof NavigationError && cause.kind === 'jumping')) throw cause
}

/** Starts a navigation from a tap: a refused one needs no handling, any other failure is not hidden. */
export function navigateFromTap(navigation: Promise<unknown>): void {
  void navigation.catch(ignoreRefusedJump)
}

/** A page's query: flat values; undefined ones are left out. */
export type PageQuery = Record<string, string | number | boolean | undefined>

/** The page on screen: its path (a page path or, on H5, one of its URLs) and its raw parameters. */
export interface CurrentPage {
  path: string
  /** Parameter values as the router hands them over (not decoded). */
  query: Record<string, string>
}

export interface NavigationHost {
  navigateTo(url: string): Promise<unknown>
  redirectTo(url: string): Promise<unknown>
  reLaunch(url: string): Promise<unknown>
  navigateBack(delta: number): Promise<unknown>
  /** How many pages are on the stack. */
  stackDepth(): number
  currentPage(): CurrentPage | undefined
  /** Leaves the app (closes the host's web view or the mini-program). */
  exitApp(): Promise<unknown>
  /** Reloads the whole document; only where the app is a web page (H5). */
  reloadDocument?: () => void
  downloadFile(url: string): Promise<string>
  openDocument(filePath: string): Promise<unknown>
  makePhoneCall(phoneNumber: string): Promise<unknown>
  toast(message: string): void
}

/** The click id of paid-search traffic, carried into every page so conversions are attributed. */
export const CLICK_ID_PARAM = 'bd_vid'
/** The login page's parameter naming the page to return to (URL-encoded once). */
export const REDIRECT_PARAM = 'redirect'
/** Where the request layer sends the user when no silent login works. */
export const LOGIN_ROUTE: RouteName = 'login'

export type Link =
  | { type: 'page'; route: RouteName; query?: PageQuery }
  | { type: 'webview'; url: string }
  | { type: 'pdf'; url: string }
  | { type: string; [key: string]: unknown }


export interface Navigator {
  open(route: RouteName, query?: PageQuery): Promise<unknown>
  replace(route: RouteName, query?: PageQuery): Promise<unknown>
  relaunch(route: RouteName, query?: PageQuery): Promise<unknown>
  /**
   * Back one page. The entry page quits the app; a page opened directly (nothing behind it)
   * goes to the entry page.
   */
  back(): Promise<unknown>
  /** Loads the current page afresh with its query: a document reload on H5, a relaunch elsewhere. */
  reload(): Promise<unknown>
  /** Replaces the current page by the login page, which returns to it after the login. */
  toLogin(): Promise<unknown>
  openLink(link: Link): Promise<unknown>
  customerService(info?: Pick<PromotionChannelInfo, 'call_link'>): Promise<unknown>
}

/** `path?a=1&b=2` with every value URL-encoded; the bare path when there is nothing to add. */
export function withQuery(path: string, query: PageQuery = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return pairs.length ? `${path}${path.includes('?') ? '&' : '?'}${pairs.join('&')}` : path
}

export function pageUrl(route: RouteName, query?: PageQuery): string {
  return withQuery(`/${ROUTES[route].page}`, query)
}

const trimSlashes = (path: string): string => path.replace(/^\/+/, '').split('?')[0] ?? ''

/** The route whose page path or H5 URL is `path` (with or without a leading slash or a query). */
export function routeOfPath(path: string): RouteName | undefined {
  const wanted = trimSlashes(path)
  return ROUTE_NAMES.find((name) => {
    const def: RouteDef = ROUTES[name]
    return trimSlashes(def.page) === wanted || def.urls.some((url) => trimSlashes(url) === wanted)
  })
}

/** A query's primitive values; anything else (a remote link's nested data) has no place in a page address. */
function flatQuery(value: unknown): PageQuery {
  if (typeof value !== 'object' || value === null) return {}
  const query: PageQuery = {}
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') query[key] = item
  }
  return query
}

export function createNavigator(host: NavigationHost, clickId: () => string | undefined): Navigator {
  let busy = false

  /** Runs one navigation at a time; a second one while it runs is rejected. */
  const exclusive = async (go: () => Promise<unknown>): Promise<unknown> => {
    if (busy) throw new NavigationError('jumping', NAVIGATION_MESSAGES.jumping)
    busy = true
    try {
      return await go()
    } finally {
      busy = false
    }
  }

  const url = (route: RouteName, query: PageQuery = {}): string => {
    const id = clickId()
    return pageUrl(route, id && query[CLICK_ID_PARAM] === undefined ? { ...query, [CLICK_ID_PARAM]: id } : query)
  }

  /**
   * The current page's address as its page path and its parameters as they came (already
   * encoded, so they are joined, not encoded again). Undefined when the page is not in the route table.
   */
  const currentPageUrl = (): { route: RouteName; url: string } | undefined => {
    const current = host.currentPage()
    const route = current && routeOfPath(current.path)
    if (!current || !route) return undefined
    const search = Object.entries(current.query)
      .map(([key, value]) => `${key}=${value}`)
      .join('&')
    return { route, url: search ? `/${ROUTES[route].page}?${search}` : `/${ROUTES[route].page}` }
  }

  const open = (route: RouteName, query?: PageQuery) => exclusive(() => host.navigateTo(url(route, query)))

  return {
    open,
    replace: (route, query) => exclusive(() => host.redirectTo(url(route, query))),
    relaunch: (route, query) => exclusive(() => host.reLaunch(url(route, query))),
    back: () =>
      exclusive(() => {
        if (currentPageUrl()?.route === ENTRY_ROUTE) return host.exitApp()
        return host.stackDepth() > 1 ? host.navigateBack(1) : host.reLaunch(url(ENTRY_ROUTE))
      }),
    // Reload and the login redirect are the request layer's answers to an expired or failed
    // login: they bypass the one-at-a-time lock, because losing one to a tap in flight would
    // leave the user on a page that cannot work.
    reload() {
      if (host.reloadDocument) {
        host.reloadDocument()
        return Promise.resolve()
      }
      return host.reLaunch(currentPageUrl()?.url ?? url(ENTRY_ROUTE))
    },
    toLogin() {
      const current = currentPageUrl()
      if (current?.route === LOGIN_ROUTE) return Promise.resolve()
      return host.redirectTo(url(LOGIN_ROUTE, current ? { [REDIRECT_PARAM]: current.url } : {}))
    },
    openLink(link) {
      if (link.type === 'page' && typeof link.route === 'string' && link.route in ROUTES) {
        return open(link.route as RouteName, flatQuery(link.query))
      }
      if (link.type === 'webview' && typeof link.url === 'string') return open('webview', { src: link.url })
      if (link.type === 'pdf' && typeof link.url === 'string') {
        const pdfUrl = link.url
        return exclusive(async () => host.openDocument(await host.downloadFile(pdfUrl)))
      }
      host.toast(NAVIGATION_MESSAGES.unknownLinkType)
      return Promise.reject(new NavigationError('unknownLinkType', NAVIGATION_MESSAGES.unknownLinkType))
    },
    customerService(info) {
      return info?.call_link ? open('webview', { src: info.call_link }) : host.makePhoneCall(HOTLINE)
    },
  }
}
