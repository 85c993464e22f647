/**
 * Navigation for pages: one navigation at a time (another one while it runs is rejected as
 * "jumping"), the bd_vid click id carried along, back from the entry page quits the app, the
 * link helper, customer service and the hand-over to the payment app's mini-program. The host's
 * APIs come in through NavigationHost, so all of it runs under test.
 */
import { HOTLINE } from '../domain/constants'
import { ENTRY_ROUTE, ROUTES } from '../config/routes'
import type { RouteName } from '../config/routes'
import { MESSAGES } from '../services/request/errors'
import { stringifyQuery, withQueryString } from './query'
import type { QueryObject } from './query'

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

export interface NavigationHost {
  navigateTo(url: string): Promise<unknown>
  redirectTo(url: string): Promise<unknown>
  reLaunch(url: string): Promise<unknown>
  navigateBack(delta: number): Promise<unknown>
  /** How many pages are on the stack. */
  stackDepth(): number
  /** Route of the page on top of the stack. */
  currentPage(): string | undefined
  /** Leaves the app (closes the host's web view or the mini-program). */
  exitApp(): Promise<unknown>
  downloadFile(url: string): Promise<string>
  openDocument(filePath: string): Promise<unknown>
  makePhoneCall(phoneNumber: string): Promise<unknown>
  toast(message: string): void
}

/** The click id of paid-search traffic, carried into every page so conversions are attributed. */
export const CLICK_ID_PARAM = 'bd_vid'

export type Link =
  | { type: 'page'; route: RouteName; query?: QueryObject }
  | { type: 'webview'; url: string }
  | { type: 'pdf'; url: string }
  | { type: string; [key: string]: unknown }

export interface PromotionChannelInfo {
  promotionSubject?: string
  /** The customer-service hall link, when the promotion has one. */
  call_link?: string | null
}

export interface Navigator {
  open(route: RouteName, query?: QueryObject): Promise<unknown>
  replace(route: RouteName, query?: QueryObject): Promise<unknown>
  relaunch(route: RouteName, query?: QueryObject): Promise<unknown>
  /** Back one page; on the entry page (or with nothing behind) the app is left. */
  back(): Promise<unknown>
  openLink(link: Link): Promise<unknown>
  customerService(info?: PromotionChannelInfo): Promise<unknown>
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

  const url = (route: RouteName, query: QueryObject = {}): string => {
    const id = clickId()
    const withClickId = id && query[CLICK_ID_PARAM] === undefined ? { ...query, [CLICK_ID_PARAM]: id } : query
    return withQueryString(`/${ROUTES[route].page}`, withClickId)
  }

  const open = (route: RouteName, query?: QueryObject) => exclusive(() => host.navigateTo(url(route, query)))

  return {
    open,
    replace: (route, query) => exclusive(() => host.redirectTo(url(route, query))),
    relaunch: (route, query) => exclusive(() => host.reLaunch(url(route, query))),
    back: () =>
      exclusive(() => {
        const onEntry = host.currentPage() === ROUTES[ENTRY_ROUTE].page
        return onEntry || host.stackDepth() <= 1 ? host.exitApp() : host.navigateBack(1)
      }),
    openLink(link) {
      if (link.type === 'page' && typeof link.route === 'string' && link.route in ROUTES) {
        return open(link.route as RouteName, link.query as QueryObject | undefined)
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

/** The deep link that opens a page of a payment-app mini-program from a web page. */
export function paymentAppDeepLink(appId: string, page: string, query: QueryObject = {}): string {
  const params: QueryObject = { appId, page }
  const search = stringifyQuery(query)
  if (search) params.query = search
  return withQueryString('alipays://platformapi/startapp', params)
}
