import type { Page } from 'playwright-core'
import { ROUTES, ROUTE_NAMES, routeTitle } from '../../src/config/routes'
import { MAX_LAYOUT_WIDTH_PX } from '../../src/domain/constants'
import { appUrl, describeBrowser, sharedBrowser, withPage } from './support/browser'

jest.setTimeout(120_000)

const cases = ROUTE_NAMES.flatMap((name) => ROUTES[name].urls.map((url) => [url, name] as const))

describeBrowser('every route of the table on H5', () => {
  const browser = sharedBrowser()

  it.each(cases)('%s opens the %s page with its title', async (url, name) => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl(url))
      await page.locator(`[data-testid="page-${name}"]`).waitFor({ state: 'visible' })
      const title = routeTitle(name)
      await page.waitForFunction((expected) => document.title === expected, title)
      expect(await page.title()).toBe(title)
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
      await page.goto(appUrl('/apply/pay'))
      await page.locator('[data-testid="page-pay"]').waitFor()
      await page.getByRole('button', { name: '返回首页' }).click()
      await page.locator('[data-testid="page-home"]').waitFor()
      await page.waitForFunction(() => document.title === 'ETC申办')
      expect(new URL(page.url()).hash).toBe('#/pages/index/index')
      expect(errors).toEqual([])
    })
  })
})
