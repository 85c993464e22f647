/**
 * A landing page opened from an ad, in the built app behind the real server (and its CSP), on a
 * link so slow that no script of the app has arrived: index.html's copy of the page's hero shows,
 * and its call to action answers at once with the plate page's copy, whose keyboard works. Once
 * the scripts come, the app carries on from there as if the page's own button had been tapped:
 * the page's promotion in use (the packages of the plate page are its) and the click tracked on
 * the landing page. Without a tap, the app's landing page takes the copy's place.
 */
import type { Page, Request } from 'playwright-core'
import { LANDINGS, LANDING_APPLY_TARGET } from '../../src/config/landings'
import { TRACKING_FLUSH_MS } from '../../src/domain/constants'
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { cspRefusals, holdScripts } from './support/held-scripts'
import { recordTracking } from './support/attribution-journey'
import { byTestId, onPage } from './support/journey'

jest.setTimeout(90_000)

/** The page's next ask for the packages of the promotion `promotionChannelId` (the public catalogue's). */
const packagesAskedFor = (page: Page, promotionChannelId: string): Promise<Request> =>
  page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(`/promotion_channel/listCommodity/${promotionChannelId}`), { timeout: 30_000 })

const boxes = (page: Page): Promise<string> =>
  page
    .locator('[data-testid^="plate-box-"]')
    .allTextContents()
    .then((texts) => texts.join(''))

const HERO = LANDINGS.baiduLand.hero
const CTA = LANDINGS.baiduLand.cta
const CLICK_ID = 'e2e.early.landing.1'

describeBrowser("index.html's copy of a landing page", () => {
  const browser = sharedBrowser()

  it('answers its call to action before the scripts arrive, and the app goes on with the landing’s promotion and the click tracked', () =>
    withPage(browser(), async (page, errors) => {
      const refused = cspRefusals(page)
      const events = recordTracking(page)
      const release = await holdScripts(page)
      await page.goto(appUrl(`/apply/baidu-land?bd_vid=${CLICK_ID}`), { waitUntil: 'commit' })

      await page.getByRole('heading', { name: HERO.title }).waitFor()
      for (const text of [HERO.subtitle, HERO.offer, ...HERO.highlights]) await page.getByText(text, { exact: true }).waitFor()
      // The hero is drawn with the page's own rules (inlined): the theme's colour, white text.
      const hero = page.locator('.landing-hero').first()
      expect(await hero.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)')
      expect(await hero.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('linear-gradient')
      // Only this page's copy: no other landing's, and the plate page's out of sight.
      expect(await page.getByRole('button', { name: CTA }).count()).toBe(1)
      expect(await page.getByRole('button', { name: LANDINGS.land.cta }).count()).toBe(0)
      expect(await page.getByText('请输入车牌号').isVisible()).toBe(false)

      await page.getByRole('button', { name: CTA }).click()
      // The document never finishes loading while its scripts are held: the address is what counts.
      await page.waitForURL((url) => url.hash === `#/apply/basic?bd_vid=${CLICK_ID}`, { waitUntil: 'commit' })
      await page.getByText('请输入车牌号').waitFor()
      expect(await page.getByRole('button', { name: CTA }).count()).toBe(0)
      for (const key of ['京', 'A', '1']) await page.getByRole('button', { name: key, exact: true }).click()
      expect(await boxes(page)).toBe('京A1')
      // Only the static first screens are here: no page of the app has rendered.
      expect(await page.locator('[data-testid^="page-"]').count()).toBe(0)

      // The landing's promotion is the one the app takes up: the plate page loads its packages.
      const landingPackages = packagesAskedFor(page, LANDING_PROMOTIONS.searchAd.promotionChannelId)
      release()
      await onPage(page, 'plateEntry')
      expect(await boxes(page)).toBe('京A1')
      await landingPackages
      await page.waitForTimeout(TRACKING_FLUSH_MS * 2)
      expect(events.filter((event) => event.type === 'click' && event.page === '/apply/baidu-land')).toEqual([
        expect.objectContaining({ target: LANDING_APPLY_TARGET, bd_vid: CLICK_ID }),
      ])
      expect(events.filter((event) => event.type === 'pageView').map((event) => event.page)).toContain('/apply/basic')
      expect(refused).toEqual([])
      expect(errors).toEqual([])
    }))

  it('gives way to the app’s landing page once it has come, and its button leads on', () =>
    withPage(browser(), async (page, errors) => {
      const release = await holdScripts(page)
      await page.goto(appUrl('/apply/baidu-land'), { waitUntil: 'commit' })
      await page.getByRole('heading', { name: HERO.title }).waitFor()
      release()
      await onPage(page, 'baiduLand')
      await byTestId(page, 'landing-section-packages').waitFor()
      // One hero and one button: the copy is gone, the page's own are there.
      expect(await page.getByRole('heading', { name: HERO.title }).count()).toBe(1)
      expect(await page.locator('[data-landing-skeleton]').count()).toBe(0)
      expect(await page.locator('#entry-skeleton').count()).toBe(0)
      await page.getByRole('button', { name: CTA }).click()
      await onPage(page, 'plateEntry')
      expect(new URL(page.url()).hash).toMatch(/^#\/apply\/basic/)
      expect(errors).toEqual([])
    }))
})
