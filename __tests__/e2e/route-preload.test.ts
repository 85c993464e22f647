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

/**
 * The scripts and styles asked for while the app's scripts are held (index.html's), those asked
 * for after, until the page asks for its data (and takes index.html's answer over), and how often
 * `dataCall` was made by the time the page shows `shown`.
 */
async function chunksBeforeData(page: Page, hashPath: string, dataCall: (url: string) => boolean, shown: string): Promise<{ first: string[]; later: string[]; dataCalls: number }> {
  // A new document (from the app's own address, going to another hash would only change route).
  await page.goto('about:blank')
  const first: string[] = []
  const later: string[] = []
  let held = true
  let asking = false
  let dataCalls = 0
  page.on('request', (request) => {
    if (dataCall(request.url())) dataCalls += 1
    else if (CHUNK.test(request.url()) && !asking) (held ? first : later).push(fileOf(request.url()))
  })
  const release = await holdScripts(page)
  await page.goto(appUrl(hashPath), { waitUntil: 'commit' })
  // Parsed, its deferred scripts held back: everything index.html asks for has been asked for.
  await page.waitForFunction(() => document.readyState === 'interactive')
  held = false
  release()
  await page.waitForFunction((key) => (window as unknown as Record<string, { taken?: boolean } | undefined>)[key]?.taken === true, EARLY_ORDER_KEY)
  asking = true
  await byTestId(page, shown).waitFor()
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
