/**
 * The apply journey on the throttled phone (warm cache, as a person going on from the entry page),
 * walked with the browser suite's own steps, recording every route change: from the tap that led
 * to it, and from the navigation itself, to the first frame in which the new page shows its
 * content (no loading state left in it), with the API calls made in between.
 */
import type { Browser, Page } from 'playwright-core'
import {
  acceptAgreements,
  choosePackage,
  fillInformation,
  payOnCashier,
  photoFiles,
  startWithPlate,
  tap,
  uploadPhotos,
} from '../../../__tests__/e2e/support/journey'
import { freshPhone } from '../../../__tests__/e2e/support/world'
import { throttledPage } from './phone'

export interface RouteChange {
  readonly route: string
  /** From the tap that led here (undefined for a page the browser loaded). */
  readonly fromTapMs?: number
  /** From the address change (the app's navigation, after any call the tap waited for). */
  readonly fromNavigationMs: number
  readonly apiCalls: number
  /** API addresses called more than once during this change. */
  readonly repeatedCalls: readonly string[]
}

const LOG = '__benchRoutes'
/** The app's calls as sent (address and body), to tell a repeated call from two calls to one path with different bodies. */
const SENT = '__benchSent'

/** A page is showing its content when no loading state (the page's or the lazy-page layer's) is left. */
const RECORD_ROUTE_CHANGES = `(() => {
  const log = (window[${JSON.stringify(LOG)}] = [])
  const sent = (window[${JSON.stringify(SENT)}] = [])
  const record = (url, body) => sent.push({ call: new URL(url, location.href).href + ' ' + (typeof body === 'string' ? body : ''), start: performance.now() })
  const originalFetch = window.fetch
  window.fetch = function (input, init) {
    record(input instanceof Request ? input.url : String(input), init && init.body)
    return originalFetch.apply(this, arguments)
  }
  const open = XMLHttpRequest.prototype.open
  const send = XMLHttpRequest.prototype.send
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__benchUrl = url
    return open.apply(this, arguments)
  }
  XMLHttpRequest.prototype.send = function (body) {
    record(this.__benchUrl, body)
    return send.apply(this, arguments)
  }
  const LOADING_TEXT = ['加载中', '正在加载']
  let lastTap
  addEventListener('click', (event) => { if (event.isTrusted) lastTap = performance.now() }, true)
  const visiblePage = () => [...document.querySelectorAll('.page-shell[data-testid^="page-"]')].filter((element) => element.checkVisibility()).pop()
  const ready = (element) => {
    const layer = document.getElementById('page-load-layer')
    if (layer && !layer.hidden) return false
    if (element.querySelector('[role="status"][aria-busy]:not([aria-busy="false"])')) return false
    const text = element.textContent || ''
    return !LOADING_TEXT.some((loading) => text.includes(loading))
  }
  let pending = { from: undefined, navigationAt: 0, tapAt: undefined }
  const navigated = () => {
    pending = { from: pending ? pending.from : visiblePage(), navigationAt: performance.now(), tapAt: lastTap }
  }
  // The router moves forward with the History API (no hashchange event) and back with popstate.
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method].bind(history)
    history[method] = (...args) => {
      navigated()
      return original(...args)
    }
  }
  addEventListener('popstate', navigated)
  const check = () => {
    if (pending) {
      const page = visiblePage()
      if (page && page !== pending.from && ready(page)) {
        log.push({ route: page.dataset.testid.slice('page-'.length), tapAt: pending.tapAt, navigationAt: pending.navigationAt, shownAt: performance.now() })
        pending = undefined
      }
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

interface SentCall {
  call: string
  start: number
}

interface LoggedChange {
  route: string
  tapAt?: number
  navigationAt: number
  shownAt: number
}

async function collect(page: Page, into: RouteChange[]): Promise<void> {
  const { changes, calls, sent } = await page.evaluate(
    ([logKey, sentKey]) => {
      const windowLog = window as unknown as Record<string, unknown[]>
      const logged = ((windowLog[logKey] ?? []) as LoggedChange[]).splice(0)
      const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
        .map((entry) => ({ url: entry.name, start: entry.startTime }))
      const requests = ((windowLog[sentKey] ?? []) as SentCall[]).splice(0)
      return { changes: logged, calls: api, sent: requests }
    },
    [LOG, SENT] as const,
  )
  for (const change of changes) {
    const from = change.tapAt ?? change.navigationAt
    const within = (start: number) => start >= from && start <= change.shownAt
    // The same address with the same body: a call made twice (two issuers' agreements are not).
    const repeated = sent.filter((request) => within(request.start)).map((request) => request.call)
    into.push({
      route: change.route,
      fromTapMs: change.tapAt === undefined ? undefined : change.shownAt - change.tapAt,
      fromNavigationMs: change.shownAt - change.navigationAt,
      apiCalls: calls.filter((call) => within(call.start)).length,
      repeatedCalls: [...new Set(repeated.filter((call, index) => repeated.indexOf(call) !== index).map((call) => new URL(call.split(' ')[0]!).pathname))],
    })
  }
}

/**
 * Walks plate → login → consent → information and photos → package → pay → result once on
 * `baseUrl` (a fresh plate and phone) and answers the route changes in the order they happened.
 * The entry page is loaded once unmeasured first, so the journey starts with a warm cache.
 */
export async function walkJourney(browser: Browser, baseUrl: string, plate: string): Promise<RouteChange[]> {
  process.env.E2E_BASE_URL = baseUrl
  const files = await photoFiles(browser)
  const { context, page } = await throttledPage(browser, { cache: true })
  const changes: RouteChange[] = []
  try {
    await page.addInitScript({ content: RECORD_ROUTE_CHANGES })
    await page.goto(`${baseUrl}/#/`)
    await page.locator('[data-testid="plate-submit"]').waitFor()
    await startWithPlate(page, plate, freshPhone())
    await acceptAgreements(page)
    await fillInformation(page, 'onSite')
    await uploadPhotos(page, files)
    await tap(page, 'upinfo-next')
    await choosePackage(page)
    await collect(page, changes)
    // The cashier is the server's page: the app loads again on the way back.
    await payOnCashier(page, '支付成功')
    await page.locator('[data-testid="pay-result-success"]').waitFor()
    await collect(page, changes)
  } finally {
    await context.close()
  }
  return changes.filter((change) => change.fromTapMs !== undefined)
}
