/**
 * The app's one navigation module. Pages and components navigate by route name through a
 * Navigator: one navigation at a time (another one while it runs is rejected as "jumping"), the
 * bd_vid click id carried along, back from the entry page quits the app, the link helper,
 * hand-overs to other mini-programs and customer service. The request layer's redirects (to the
 * login page, reloading the page after a new login) go through it too. The host's APIs come in
 * through NavigationHost, so all of it runs under test (src/platform/taro-hosts.ts binds Taro).
 *
 * Page queries are flat (key → string): the mini-program and H5 routers hand pages flat
 * parameters, so page addresses are built here without qs, which keeps qs (about 17 KB gzip) off
 * the entry page. Nested query strings (the page address a host app opens us with, deep links
 * into other apps) go through src/platform/query.ts.
 */
import { ATTRIBUTION_PARAM } from '../domain/attribution'
import { HOTLINE } from '../domain/constants'
import { DEEP_LINK_TIMEOUT_MS } from '../config/handover'
import { ENTRY_ROUTE, ROUTES, ROUTE_NAMES, currentBuild, routeShipped } from '../config/routes'
import type { RouteDef, RouteName } from '../config/routes'
import type { MiniProgramEnvVersion, PromotionChannelInfo } from '../../types/api/catalogue'
import { MESSAGES } from '../services/request/errors'

export const NAVIGATION_MESSAGES = {
  jumping: MESSAGES.jumping,
  unknownLinkType: '未知类型',
  notOpened: '未能打开目标应用',
  unsupported: '当前环境不支持打开其他小程序',
  /** A mini-program of the other platform, asked for inside a mini-program (neither host opens the other's). */
  otherPlatform: { wechat: '当前环境无法打开微信小程序', alipay: '当前环境无法打开支付宝小程序' },
} as const

export class NavigationError extends Error {
  override readonly name = 'NavigationError'

  constructor(readonly kind: 'jumping' | 'unknownLinkType' | 'notOpened' | 'unsupported', message: string) {
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

/** The platforms whose mini-programs the app hands over to: WeChat's and the payment app's (Alipay). */
export type MiniProgramPlatform = 'wechat' | 'alipay'

/** A page of another mini-program to open. */
export interface MiniProgramTarget {
  /** The platform it runs on: a mini-program host opens only its own platform's mini-programs. */
  platform: MiniProgramPlatform
  appId: string
  /** Its page path without a query; empty for its home page. */
  path: string
  /** Its query string (`a=1&b=2`); empty for none. */
  query: string
  /** Which version of it to open (WeChat's env_version); the released one when absent. */
  envVersion?: MiniProgramEnvVersion
}

export interface NavigationHost {
  navigateTo(url: string): Promise<unknown>
  redirectTo(url: string): Promise<unknown>
  reLaunch(url: string): Promise<unknown>
  navigateBack(delta: number): Promise<unknown>
  /** How many pages are on the stack. */
  stackDepth(): number
  /** How many pages the host keeps at most (the mini-programs' ten); none on H5. */
  pageLimit?: number
  currentPage(): CurrentPage | undefined
  /** Leaves the app (closes the host's web view or the mini-program). */
  exitApp(): Promise<unknown>
  /** Reloads the whole document; only where the app is a web page (H5). */
  reloadDocument?: () => void
  downloadFile(url: string): Promise<string>
  openDocument(filePath: string): Promise<unknown>
  makePhoneCall(phoneNumber: string): Promise<unknown>
  toast(message: string): void
  /** Hands the window over to `url`, a web address or another app's deep link; only where the app is a web page (H5). */
  openUrl?: (url: string) => void
  /** Whether the page was hidden (the browser went to another app or page) within `ms` from now; H5 only. */
  leavesWithin?: (ms: number) => Promise<boolean>
  /** The platform the app runs on as a mini-program; undefined where it is a web page (H5). */
  miniProgramPlatform?: MiniProgramPlatform
  /** Opens another mini-program of its own platform; only where the app is a mini-program. */
  navigateToMiniProgram?: (target: MiniProgramTarget) => Promise<unknown>
}

/** The click id of paid-search traffic, carried into every page so conversions are attributed. */
export const CLICK_ID_PARAM = ATTRIBUTION_PARAM.clickId
/** The login page's parameter naming the page to return to (URL-encoded once). */
export const REDIRECT_PARAM = 'redirect'
/** Where the request layer sends the user when no silent login works. */
export const LOGIN_ROUTE: RouteName = 'login'
/**
 * The return address's parameter naming the tap a login interrupted (its intent key): the page
 * carries the tap on by itself once the person is logged in (useResumeIntent).
 */
export const RESUME_PARAM = 'resume'

export type Link =
  | { type: 'page'; route: RouteName; query?: PageQuery }
  | { type: 'webview'; url: string }
  | { type: 'pdf'; url: string }
  | { type: string; [key: string]: unknown }


/** Where a tap goes on once a login it led to is done, and how it carries on meanwhile (beginIntent). */
export interface AfterLogin {
  route: RouteName
  run(): void
}

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
  /**
   * Opens the login page over the current page (back leaves the login for it), which returns to it
   * after the login (leaveLogin). `by` 'call': a call of the page needed a login the person did
   * not ask for; a page that already sent them and got them back (no tap since) is not sent again,
   * or back could never leave it. A tap ('tap', the default, or a call made for a tap under way,
   * beginIntent) always opens it.
   */
  toLogin(by?: 'tap' | 'call'): Promise<unknown>
  /**
   * Leaves the login page for the page it returns to: back to the page it was opened over when
   * that is the one (as it was left: typed values, scroll), else in its place. A tap that named
   * where it goes on after the login (beginIntent's `after`) goes there instead, in the login
   * page's place over the page it was opened over, and carries the tap on (`after.run`).
   */
  leaveLogin(route: RouteName, query?: PageQuery): Promise<unknown>
  /**
   * Names the tap under way (`key`, a URL-safe word naming an intent of the page on screen) until
   * the answered function is called: a login page opened meanwhile returns to the page with
   * `resume=<key>`, or, with `after`, leads on to `after.route` while the page carries the tap
   * on beneath it (`after.run`, at once: no resumeIntent then).
   */
  beginIntent(key: string, after?: AfterLogin): () => void
  /**
   * Whether the page on screen is back from that login to carry on the tap `key`: this navigator
   * sent the person to log in for it, and the login went back to the page (or opened it with an
   * address that names the intent). True once (not again on a later show, nor after a reload,
   * which starts a new navigator).
   */
  resumeIntent(key: string): boolean
  openLink(link: Link): Promise<unknown>
  /**
   * Opens another mini-program: directly where the app is a mini-program of the target's platform;
   * on H5 by handing the window to the address `webLink` answers (a URL link, or a deep link into
   * another app). A deep link that leaves the page on screen for DEEP_LINK_TIMEOUT_MS did not open
   * (NavigationError 'notOpened'); a mini-program of the other platform, or a host that can do
   * neither, rejects with 'unsupported' (another try cannot open it).
   */
  openMiniProgram(target: MiniProgramTarget, webLink: () => Promise<string>): Promise<unknown>
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

/**
 * The route whose page path or H5 URL is `path` (with or without a leading slash or a query),
 * among those this build ships (a link to a page of another platform's package is no route here).
 */
export function routeOfPath(path: string): RouteName | undefined {
  const wanted = trimSlashes(path)
  const { target, production } = currentBuild()
  return ROUTE_NAMES.find((name) => {
    if (!routeShipped(name, target, production)) return false
    const def: RouteDef = ROUTES[name]
    return trimSlashes(def.page) === wanted || def.urls.some((url) => trimSlashes(url) === wanted)
  })
}

const WEB_ADDRESS = /^https?:\/\//i

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
  /** The tap under way that a login would interrupt (beginIntent); one object per tap. */
  let intent: { key: string; after?: AfterLogin } | undefined
  /** The intent the last login page was opened for, until its page carries it on. */
  let loginFor: string | undefined
  /** Where that intent goes on after the login, when it named a page (beginIntent's `after`). */
  let loginAfter: AfterLogin | undefined
  /** The page the login page was opened over, and the stack's depth then: the login goes back to it. */
  let loginOver: { route: RouteName; depth: number } | undefined
  /** The page the login went back to, until it carries its intent on. */
  let backFromLogin: RouteName | undefined
  /** The page a call last sent to the login page: sent once, not again when the person comes back. */
  let callSentFrom: RouteName | undefined
  /** The tap the login page was last opened for: its calls open it once. */
  let openedForTap: { key: string } | undefined

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
   * encoded, so they are joined, not encoded again), naming the intent `resume` in place of any
   * it was opened with. Undefined when the page is not in the route table.
   */
  const currentPageUrl = (resume?: string): { route: RouteName; url: string } | undefined => {
    const current = host.currentPage()
    const route = current && routeOfPath(current.path)
    if (!current || !route) return undefined
    const entries = Object.entries(current.query).filter(([key]) => key !== RESUME_PARAM)
    if (resume !== undefined) entries.push([RESUME_PARAM, encodeURIComponent(resume)])
    const search = entries.map(([key, value]) => `${key}=${value}`).join('&')
    return { route, url: search ? `/${ROUTES[route].page}?${search}` : `/${ROUTES[route].page}` }
  }

  // A full stack refuses another page: the new page then takes the top one's place (one back step
  // fewer, but the person gets where they tapped).
  const open = (route: RouteName, query?: PageQuery) =>
    exclusive(() => {
      const full = host.pageLimit !== undefined && host.stackDepth() >= host.pageLimit
      return full ? host.redirectTo(url(route, query)) : host.navigateTo(url(route, query))
    })

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
    toLogin(by = 'tap') {
      const current = currentPageUrl(intent?.key)
      if (current?.route === LOGIN_ROUTE) return Promise.resolve()
      if (intent !== undefined && openedForTap === intent) return Promise.resolve()
      const byCall = by === 'call' && intent === undefined
      if (byCall && current !== undefined && callSentFrom === current.route) return Promise.resolve()
      callSentFrom = byCall ? current?.route : undefined
      openedForTap = intent
      loginFor = current ? intent?.key : undefined
      loginAfter = current ? intent?.after : undefined
      loginOver = current ? { route: current.route, depth: host.stackDepth() } : undefined
      backFromLogin = undefined
      return host.navigateTo(url(LOGIN_ROUTE, current ? { [REDIRECT_PARAM]: current.url } : {}))
    },
    leaveLogin: (route, query) =>
      exclusive(() => {
        const over = loginOver
        const after = loginAfter
        loginOver = undefined
        loginAfter = undefined
        if (over?.route === route && host.stackDepth() === over.depth + 1) {
          if (after) {
            // The tap goes on beneath, from here: the page it was made on does not resume it again.
            loginFor = undefined
            after.run()
            return host.redirectTo(url(after.route))
          }
          backFromLogin = route
          return host.navigateBack(1)
        }
        return host.redirectTo(url(route, query))
      }),
    beginIntent(key, after) {
      const mine = after ? { key, after } : { key }
      intent = mine
      return () => {
        if (intent === mine) intent = undefined
      }
    },
    resumeIntent(key) {
      if (loginFor !== key) return false
      const current = host.currentPage()
      const back = backFromLogin !== undefined && current !== undefined && routeOfPath(current.path) === backFromLogin
      if (!back && current?.query[RESUME_PARAM] !== encodeURIComponent(key)) return false
      loginFor = undefined
      backFromLogin = undefined
      return true
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
    openMiniProgram(target, webLink) {
      return exclusive(async () => {
        const platform = host.miniProgramPlatform
        if (platform === target.platform && host.navigateToMiniProgram) return host.navigateToMiniProgram(target)
        // Neither WeChat nor the payment app opens the other's mini-programs.
        if (platform !== undefined && platform !== target.platform) {
          throw new NavigationError('unsupported', NAVIGATION_MESSAGES.otherPlatform[target.platform])
        }
        if (!host.openUrl) throw new NavigationError('unsupported', NAVIGATION_MESSAGES.unsupported)
        const address = await webLink()
        host.openUrl(address)
        // A web address replaces the page; a deep link no app takes leaves it on screen.
        if (WEB_ADDRESS.test(address) || !host.leavesWithin) return undefined
        if (!(await host.leavesWithin(DEEP_LINK_TIMEOUT_MS))) throw new NavigationError('notOpened', NAVIGATION_MESSAGES.notOpened)
        return undefined
      })
    },
    customerService(info) {
      return info?.call_link ? open('webview', { src: info.call_link }) : host.makePhoneCall(HOTLINE)
    },
  }
}
