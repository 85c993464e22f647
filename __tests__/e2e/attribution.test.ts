/**
 * Attribution end to end, in Chromium against the real server: a person arrives from a search ad
 * on the baidu landing page with promotion ids and a click id, applies and pays; the order (as
 * the server answers it, and as its detail page shows it) carries those ids, and every tracking
 * event of the visit carried the click id.
 */
import type { Page, Request } from 'playwright-core'
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import type { OrderDetail } from '../../types/api/orders'
import type { TrackEvent } from '../../types/api/tracking'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { TRACKING_FLUSH_MS } from '../../src/domain/constants'
import { appUrl, describeBrowser, sharedBrowser, withPage } from './support/browser'
import {
  acceptAgreements,
  byTestId,
  choosePackage,
  fillInformation,
  loginWithSms,
  onPage,
  orderIdOfPayPage,
  payOnCashier,
  photoFiles,
  tap,
  typePlate,
  uploadPhotos,
} from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(240_000)

const AD = {
  promotionChannelId: LANDING_PROMOTIONS.searchAd.promotionChannelId,
  // Tags are carried as given: these are not seeded anywhere.
  partnerId: 'E2E-PARTNER-7',
  promoterId: 'E2E_PROMOTER_9',
  bd_vid: 'e2e.click.1186849746',
}

/** Every event of every tracking batch the page sends. */
function recordTracking(page: Page): TrackEvent[] {
  const events: TrackEvent[] = []
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(API.trackingEvents.path)) return
    const body = request.postDataJSON() as { events?: TrackEvent[] } | null
    events.push(...(body?.events ?? []))
  })
  return events
}

describeBrowser('attribution from a landing page to the paid order', () => {
  const browser = sharedBrowser()

  it('carries the address’s promotion, partner and promoter into the order, and the click id on every event', async () => {
    const files = await photoFiles(browser())
    await withPage(browser(), async (page, errors) => {
      const events = recordTracking(page)
      const query = new URLSearchParams(AD).toString()
      await page.goto(appUrl(`/apply/baidu-land?${query}`))
      await onPage(page, 'baiduLand')
      await page.getByRole('button', { name: '立即申请' }).first().click()

      await onPage(page, 'plateEntry')
      await typePlate(page, '京A24680')
      await page.getByRole('button', { name: '下一步' }).click()
      await loginWithSms(page, freshPhone())
      // The tap that asked for the login goes on by itself.
      await acceptAgreements(page)
      await fillInformation(page, 'onSite')
      await uploadPhotos(page, files)
      await tap(page, 'upinfo-next')
      await choosePackage(page)
      const orderId = await orderIdOfPayPage(page)
      await payOnCashier(page, '支付成功')
      await byTestId(page, 'pay-result-success').waitFor()

      const detailAnswer = page.waitForResponse((response) => response.url().includes(`/handleOrders/${orderId}`))
      await tap(page, 'pay-result-view-order')
      await onPage(page, 'order')
      const served = ((await (await detailAnswer).json()) as Envelope<OrderDetail>).data
      expect({ promotionChannelId: served.promotionChannelId, partnerId: served.partnerId, promoterId: served.promoterId }).toEqual({
        promotionChannelId: AD.promotionChannelId,
        partnerId: AD.partnerId,
        promoterId: AD.promoterId,
      })
      await expect(byTestId(page, 'order-detail-promotion').textContent()).resolves.toContain(AD.promotionChannelId)
      await expect(byTestId(page, 'order-detail-partner').textContent()).resolves.toContain(AD.partnerId)
      await expect(byTestId(page, 'order-detail-promoter').textContent()).resolves.toContain(AD.promoterId)
      await screenshot(page, 'attribution-order-detail')

      // What is still queued goes out after the flush delay.
      await page.waitForTimeout(TRACKING_FLUSH_MS * 2)
      expect(events.filter((event) => event.bd_vid !== AD.bd_vid)).toEqual([])
      expect(events.map((event) => event.page)).toEqual(expect.arrayContaining(['/apply/baidu-land', '/apply/basic', '/apply/pay', '/apply/order']))
      expect(errors).toEqual([])
    })
  })
})
