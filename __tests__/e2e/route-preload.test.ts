/**
 * A page opened at its own address (a shared link to an order, a reload mid-journey) has index.html
 * ask, in the first round trip, for every script and stylesheet it needs before it can ask for its
 * data (src/platform/h5/route-preload.ts): none is found a chunk at a time after the app's scripts
 * have run (four round trips on a slow link). The data itself index.html asks for too
 * (src/platform/h5/early-order.ts), and the page takes that answer over: it is asked for once.
 */
import type { Page } from 'playwright-core'
import { API } from '../../types/api/paths'
import { EARLY_ORDER_KEY } from '../../src/config/first-screens'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { PHONE, sharedBrowser } from './support/browser'
import { holdScripts } from './support/held-scripts'
import { byTestId, loginWithSms, onPage } from './support/journey'
import { freshPhone } from './support/world'

jest.setTimeout(120_000)

const CHUNK = /\/(js|css)\/[^/?]+$/
const fileOf = (url: string): string => new URL(url).pathname.replace(/^.*\/(js|css)\//, '$1/')

/** How long the browser may take to send what index.html put in, on a loaded machine. */
const PRELOAD_SENT_TIMEOUT_MS = 10_000

/** Resolves once every one of `files` is among `requested` (filled as requests go out). */
async function untilRequested(requested: readonly string[], files: readonly string[]): Promise<void> {
  const deadline = Date.now() + PRELOAD_SENT_TIMEOUT_MS
  for (;;) {
    const missing = files.filter((file) => !requested.includes(file))
    if (missing.length === 0) return
    if (Date.now() > deadline) throw new Error(`index.html put in, but the browser never asked for: ${missing.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * The scripts and styles asked for while the app's scripts are held (index.html's), those asked
 * for after, until the page shows `shown`, and how often `dataCall` was made by then.
 */
async function chunksBeforeData(page: Page, hashPath: string, dataCall: (url: string) => boolean, shown: string): Promise<{ first: string[]; later: string[]; dataCalls: number }> {
  // A new document (from the app's own address, going to another hash would only change route).
  await page.goto('about:blank')
  const first: string[] = []
  const later: string[] = []
  let held = true
  let shownYet = false
  let dataCalls = 0
  page.on('request', (request) => {
    if (dataCall(request.url())) dataCalls += 1
    else if (CHUNK.test(request.url()) && !shownYet) (held ? first : later).push(fileOf(request.url()))
  })
  const release = await holdScripts(page)
  await page.goto(appUrl(hashPath), { waitUntil: 'commit' })
  // Parsed, its deferred scripts held back: index.html has put in everything it asks for, though
  // the browser may send low-priority requests a little later on a loaded machine.
  await page.waitForFunction(() => document.readyState === 'interactive')
  const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[fetchpriority="low"]')].map((link) => (link as HTMLLinkElement).href))
  await untilRequested(first, preloaded.map(fileOf))
  held = false
  release()
  await byTestId(page, shown).waitFor()
  shownYet = true
  expect(await page.evaluate((key) => (window as unknown as Record<string, { taken?: boolean } | undefined>)[key]?.taken, EARLY_ORDER_KEY)).toBe(true)
  return { first, later, dataCalls }
}

describeBrowser('pages opened at their own address', () => {
  const browser = sharedBrowser()

  it.each([
    ['the order list', '/apply/order-list', API.searchOrders.path, 'order-list-empty'],
    ['an order', '/apply/order?orderId=O-preload-unknown', '/orders/user/h5/handleOrders/O-preload-unknown', 'order-not-found'],
  ])('%s asks for its code with index.html, and for its data once', async (_name, hashPath, dataPath, shown) => {
    // Without the app-shell worker, as in a web view that has none (where shared links often open).
    const context = await browser().newContext({ viewport: PHONE, locale: 'zh-CN', serviceWorkers: 'block' })
    // The pages a person opens next are fetched once the page shows and the browser is idle
    // (use-prefetch-next.ts): not index.html's business, and on a loaded machine they could start
    // before the test has seen the page; held back here.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // Logged in on this phone (the session kept in its storage).
      await page.goto(appUrl('/apply/order-list'))
      await loginWithSms(page, freshPhone())
      await onPage(page, 'orderList')
      const { first, later, dataCalls } = await chunksBeforeData(page, hashPath, (url) => new URL(url).pathname.endsWith(dataPath), shown)
      expect(first.some((file) => file.startsWith('js/app-services.'))).toBe(true)
      expect(later.filter((file) => !first.includes(file))).toEqual([])
      // Asked for by index.html (platform/h5/early-order.ts): the app takes that answer over.
      expect(dataCalls).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
