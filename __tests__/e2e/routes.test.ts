import type { Page } from 'playwright-core'
import { SEED_NOTICES } from '../../server/catalogue/seed-data'
import { LANDINGS, LANDING_ROUTES } from '../../src/config/landings'
import type { LandingRoute } from '../../src/config/landings'
import { ROUTES, ROUTE_NAMES, routeTitle } from '../../src/config/routes'
import type { RouteName } from '../../src/config/routes'
import { MAX_LAYOUT_WIDTH_PX } from '../../src/domain/constants'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'

jest.setTimeout(120_000)

/** The routes that showed the "coming soon" placeholder before they were built. */
const FORMER_PLACEHOLDERS = [...LANDING_ROUTES, 'gaodeNotice', 'upgradeNotice', 'wxPark', 'toMpWx', 'toAlipays'] as const satisfies readonly RouteName[]
const PLACEHOLDER_TEXT = '功能即将开放'

/** A text each of them shows of its own (the jump pages opened without a target say they cannot jump). */
const OWN_TEXT: Readonly<Record<(typeof FORMER_PLACEHOLDERS)[number], string>> = {
  ...(Object.fromEntries(LANDING_ROUTES.map((route) => [route, LANDINGS[route].hero.title])) as Record<LandingRoute, string>),
  // The notices of the channel's remote configuration (this suite runs the bank build).
  gaodeNotice: SEED_NOTICES.bank.map((notice) => notice.noticeTitle)[1] ?? '',
  upgradeNotice: '办理新车辆',
  wxPark: '前往支付宝ETC办理',
  toMpWx: '跳转失败',
  toAlipays: '跳转失败',
}

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
    await withPage(browser(), centre, { viewport: wide })
  })

  it('navigates from a landing page to plate entry with the right title', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/apply/land'))
      await page.locator('[data-testid="page-land"]').waitFor()
      await page.getByRole('button', { name: LANDINGS.land.cta }).first().click()
      await page.locator('[data-testid="page-plateEntry"]').waitFor()
      await page.waitForFunction((title) => document.title === title, routeTitle('plateEntry'))
      expect(new URL(page.url()).hash).toBe('#/apply/basic')
      expect(errors).toEqual([])
    })
  })

  it.each(FORMER_PLACEHOLDERS)('%s shows its own content, not a placeholder', async (name) => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl(ROUTES[name].urls[0]))
      const frame = page.locator(`[data-testid="page-${name}"]`).last()
      await frame.waitFor()
      await frame.locator('[data-testid="page-services-loading"]').waitFor({ state: 'detached' })
      const expected = OWN_TEXT[name]
      await frame.getByText(expected).first().waitFor()
      expect(await frame.innerText()).not.toContain(PLACEHOLDER_TEXT)
      expect(errors).toEqual([])
    })
  })
})
