/**
 * Attribution end to end on the bank build, in Chromium against the real server: a person lands
 * on the baidu landing page with promotion ids and a click id, logs in on the way, applies and
 * pays; the order carries those ids and every tracking event carried the click id. The map
 * build's run of the same journey is in map-channel.test.ts.
 */
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { walkAttributionJourney } from './support/attribution-journey'
import { photoFiles } from './support/journey'

jest.setTimeout(240_000)

describeBrowser('attribution from a landing page to the paid order', () => {
  const browser = sharedBrowser()

  it('carries the address’s promotion, partner and promoter into the order, and the click id on every event', async () => {
    const files = await photoFiles(browser())
    await withPage(browser(), async (page, errors) => {
      await walkAttributionJourney(page, {
        url: (hashPath) => appUrl(hashPath),
        // Partner and promoter are tags carried as given: these are seeded nowhere.
        arrival: { promotionChannelId: LANDING_PROMOTIONS.searchAd.promotionChannelId, partnerId: 'E2E-PARTNER-7', promoterId: 'E2E_PROMOTER_9', bd_vid: 'e2e.click.1186849746' },
        plate: '京A24680',
        login: true,
        payment: 'cashier',
        files,
        shots: 'attribution-bank',
      })
      expect(errors).toEqual([])
    })
  })
})
