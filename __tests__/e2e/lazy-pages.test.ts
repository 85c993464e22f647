import type { Page, Route } from 'playwright-core'
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../../src/domain/constants'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { chunkContaining } from './support/chunks'

jest.setTimeout(120_000)

/**
 * Requests are held by `page.route`: the pages here open without the app-shell worker (its own test
 * is app-shell.test.ts), as Playwright advises for interception, so that a worker taking control of
 * the page mid-test on a loaded machine cannot change what is seen.
 */
const NO_WORKER = { serviceWorkers: 'block' } as const
/** How long the navigation may take to ask for the held chunk on a loaded machine. */
const CHUNK_REQUEST_TIMEOUT_MS = 30_000

const LOADING = '[data-testid="page-loading"]'
const ERROR = '[data-testid="page-load-error"]'
const TARGET_PAGE = '[data-testid="page-testDemo"]'

/**
 * Holds requests for the diagnostics page's chunk until released, and says when one was made.
 * After `passThrough()` new requests go through while the held ones stay held.
 */
function holdChunk(page: Page) {
  const chunk = chunkContaining('诊断信息')
  let release: () => void = () => undefined
  let passing = false
  const released = new Promise<void>((resolve) => (release = resolve))
  const handler = async (route: Route) => {
    if (passing) return route.continue()
    await released
    // The page may have reloaded meanwhile, cancelling this request.
    await route.continue().catch(() => undefined)
  }
  return {
    install: () => page.route(`**/js/${chunk}`, handler),
    passThrough: () => {
      passing = true
    },
    /** Resolves once the chunk has been asked for (from now on); fails, saying so, after CHUNK_REQUEST_TIMEOUT_MS. */
    requested: () => page.waitForRequest((request) => request.url().endsWith(`/js/${chunk}`), { timeout: CHUNK_REQUEST_TIMEOUT_MS }),
    release: () => release(),
  }
}

/**
 * From the home page, with the clock paused, starts a navigation to the diagnostics page whose
 * chunk is held; resolves once the chunk has been requested.
 */
async function startHeldNavigation(page: Page) {
  const chunk = holdChunk(page)
  await page.clock.install()
  await openHome(page)
  await page.clock.pauseAt(Date.now() + 60_000)
  await chunk.install()
  const requested = chunk.requested()
  await navigateToDiagnostics(page)
  await requested
  return chunk
}

/** The home page with its content: the app's services, loaded after the first paint, are here. */
async function openHome(page: Page): Promise<void> {
  await page.goto(appUrl('/pages/index/index'))
  await page.locator('[data-testid="page-home"]').waitFor()
  await page.locator('[data-testid="page-services-loading"]').waitFor({ state: 'detached' })
}

function navigateToDiagnostics(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.location.hash = '#/pages/utils/testDemo'
  })
}

describeBrowser('lazy pages on H5', () => {
  const browser = sharedBrowser()
  const withTestPage = (test: Parameters<typeof withPage>[1]) => withPage(browser(), test, NO_WORKER)

  it('shows the loading indicator only once a page has taken 200 ms, and removes it when the page shows', async () => {
    await withTestPage(async (page, errors) => {
      const chunk = await startHeldNavigation(page)
      await page.clock.runFor(PAGE_LOAD_DELAY_MS - 1)
      expect(await page.locator(LOADING).count()).toBe(0)
      await page.clock.runFor(1)
      await page.locator(LOADING).waitFor({ state: 'visible' })
      expect(await page.locator(LOADING).textContent()).toContain('页面加载中')
      chunk.release()
      await page.clock.resume()
      await page.locator(TARGET_PAGE).waitFor({ state: 'visible' })
      await page.locator(LOADING).waitFor({ state: 'detached' })
      expect(errors).toEqual([])
    })
  })

  it('shows the error view after 60 s, and tapping it reloads the page', async () => {
    await withTestPage(async (page) => {
      const chunk = await startHeldNavigation(page)
      await page.clock.runFor(PAGE_LOAD_TIMEOUT_MS - 1)
      expect(await page.locator(ERROR).count()).toBe(0)
      await page.clock.runFor(1)
      await page.locator(ERROR).waitFor({ state: 'visible' })
      expect(await page.locator(LOADING).count()).toBe(0)
      // The held request never completes; only the reload can bring the page.
      chunk.passThrough()
      await page.clock.resume()
      await page.locator(ERROR).click()
      await page.locator(TARGET_PAGE).waitFor({ state: 'visible' })
      expect(await page.locator(ERROR).count()).toBe(0)
      chunk.release()
    })
  })

  it('shows the error view at once when a chunk fails to load, and recovers on tap', async () => {
    await withTestPage(async (page, errors) => {
      const chunk = chunkContaining('诊断信息')
      await openHome(page)
      await page.route(`**/js/${chunk}`, (route) => route.abort('failed'))
      await navigateToDiagnostics(page)
      const error = page.locator(ERROR)
      // "At once": long before the 60 s timeout could have produced it.
      await error.waitFor({ state: 'visible', timeout: 2000 })
      expect(await error.textContent()).toContain('页面加载失败')
      expect(await page.locator(`[role="alert"] ${ERROR}`).count()).toBe(1)
      expect(errors).toEqual([])
      await page.unroute(`**/js/${chunk}`)
      await error.click()
      await page.locator(TARGET_PAGE).waitFor({ state: 'visible' })
    })
  })
})
