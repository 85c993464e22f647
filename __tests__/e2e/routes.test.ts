import type { Browser } from 'playwright-core'
import { ROUTES, ROUTE_NAMES, routeTitle } from '../../src/config/routes'
import { MAX_LAYOUT_WIDTH_PX } from '../../src/domain/constants'
import { appUrl, describeBrowser, launchBrowser, openPage } from './support/browser'

jest.setTimeout(120_000)

const cases = ROUTE_NAMES.flatMap((name) => ROUTES[name].urls.map((url) => [url, name] as const))

describeBrowser('every route of the table on H5', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each(cases)('%s opens the %s page with its title', async (url, name) => {
    const { page, errors } = await openPage(browser)
    try {
      await page.goto(appUrl(url))
      await page.locator(`[data-testid="page-${name}"]`).waitFor({ state: 'visible' })
      const title = routeTitle(name)
      await page.waitForFunction((expected) => document.title === expected, title)
      expect(await page.title()).toBe(title)
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('lands / on its alias /apply/basic', async () => {
    const { page } = await openPage(browser)
    try {
      await page.goto(appUrl('/'))
      await page.locator('[data-testid="page-plateEntry"]').waitFor()
      expect(new URL(page.url()).hash).toBe('#/apply/basic')
    } finally {
      await page.close()
    }
  })

  it('centres the content at most 960 px wide on a wide screen', async () => {
    const { page } = await openPage(browser, { width: 1440, height: 900 })
    try {
      await page.goto(appUrl('/pages/utils/testDemo'))
      const body = page.locator('[data-testid="page-testDemo"] .page-shell__body')
      await body.waitFor()
      const box = await body.boundingBox()
      expect(box?.width).toBe(MAX_LAYOUT_WIDTH_PX)
      expect(Math.abs((box?.x ?? 0) * 2 + MAX_LAYOUT_WIDTH_PX - 1440)).toBeLessThanOrEqual(1)
    } finally {
      await page.close()
    }
  })

  it('navigates between pages with the right title and back again', async () => {
    const { page, errors } = await openPage(browser)
    try {
      await page.goto(appUrl('/apply/pay'))
      await page.locator('[data-testid="page-pay"]').waitFor()
      await page.getByRole('button', { name: '返回首页' }).click()
      await page.locator('[data-testid="page-home"]').waitFor()
      await page.waitForFunction(() => document.title === 'ETC申办')
      expect(new URL(page.url()).hash).toBe('#/pages/index/index')
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})
