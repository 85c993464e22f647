import type { Page } from 'playwright-core'
import { ROUTES, ROUTE_NAMES, routeTitle } from '../../src/config/routes'
import { MAX_LAYOUT_WIDTH_PX } from '../../src/domain/constants'
import { appUrl, describeBrowser, sharedBrowser, withPage } from './support/browser'

jest.setTimeout(120_000)

const cases = ROUTE_NAMES.flatMap((name) => ROUTES[name].urls.map((url) => [url, name] as const))

/**
 * Records every document title the page has had, and every page frame that has appeared: a page
 * whose data needs a login (or an order) shows with its own title and then, rightly, moves on to
 * the login page (or the plate page), perhaps before a locator could see it.
 */
const RECORD_PAGES = `(() => {
  window.__titles = []
  window.__pages = []
  const record = () => {
    if (document.title && window.__titles[window.__titles.length - 1] !== document.title) window.__titles.push(document.title)
    for (const frame of document.querySelectorAll('[data-testid^="page-"]')) {
      const id = frame.getAttribute('data-testid')
      if (!window.__pages.includes(id)) window.__pages.push(id)
    }
  }
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
})()`

interface Recorded {
  __titles: string[]
  __pages: string[]
}

describeBrowser('every route of the table on H5', () => {
  const browser = sharedBrowser()

  it.each(cases)('%s opens the %s page with its title', async (url, name) => {
    await withPage(browser(), async (page, errors) => {
      await page.addInitScript({ content: RECORD_PAGES })
      await page.goto(appUrl(url))
      await page.waitForFunction((id) => (window as unknown as Recorded).__pages.includes(id), `page-${name}`)
      const title = routeTitle(name)
      if (title === '') {
        // A page without a title of its own (the webview) shows with none, and stays so.
        await page.locator(`[data-testid="page-${name}"], taro-web-view-core, iframe`).first().waitFor()
        expect(await page.title()).toBe('')
      } else {
        await page.waitForFunction((expected) => (window as unknown as Recorded).__titles.includes(expected), title)
      }
      expect(errors).toEqual([])
    })
  })

  it('lands / on its alias /apply/basic', async () => {
    await withPage(browser(), async (page) => {
      await page.goto(appUrl('/'))
      await page.locator('[data-testid="page-plateEntry"]').waitFor()
      expect(new URL(page.url()).hash).toBe('#/apply/basic')
    })
  })

  it('centres the content at most 960 px wide on a wide screen', async () => {
    const wide = { width: 1440, height: 900 }
    const centre = async (page: Page) => {
      await page.goto(appUrl('/pages/utils/testDemo'))
      const body = page.locator('[data-testid="page-testDemo"] .page-shell__body')
      await body.waitFor()
      const box = await body.boundingBox()
      expect(box?.width).toBe(MAX_LAYOUT_WIDTH_PX)
      expect(Math.abs((box?.x ?? 0) * 2 + MAX_LAYOUT_WIDTH_PX - wide.width)).toBeLessThanOrEqual(1)
    }
    await withPage(browser(), centre, wide)
  })

  it('navigates from a page to the home page with the right title', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/apply/land'))
      await page.locator('[data-testid="page-land"]').waitFor()
      await page.getByRole('button', { name: '返回首页' }).click()
      await page.locator('[data-testid="page-home"]').waitFor()
      await page.waitForFunction(() => document.title === 'ETC申办')
      expect(new URL(page.url()).hash).toBe('#/pages/index/index')
      expect(errors).toEqual([])
    })
  })
})
