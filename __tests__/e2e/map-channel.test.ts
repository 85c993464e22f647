/**
 * The map channel's build (dist/h5-map) in Chromium against its own real server over a fresh
 * database: a person who comes from the map app (its authorisation code in the address) applies
 * for the free package, and the result page stays on screen. The pages still in the stack below
 * it (the form) see the application cleared and must not navigate while hidden.
 */
import { ensureH5Build, H5_MAP_DIST } from '../../scripts/lib/h5-build'
import { MAP_AUTH_CODE_PARAM } from '../../src/platform/authorization'
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import { walkAttributionJourney } from './support/attribution-journey'
import { spawnAppServer } from './support/spawn-server'
import type { SpawnedServer } from './support/spawn-server'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { acceptAgreements, byTestId, choosePackage, fillInformation, onPage, orderIdOfPayPage, photoFiles, tap, typePlate, uploadPhotos } from './support/journey'
import { screenshot } from './support/world'

jest.setTimeout(240_000)

/** The map build may have to be made first (a few minutes on a small machine). */
const BUILD_TIMEOUT_MS = 20 * 60_000
/** How long the result page is watched for a navigation it must not make. */
const RESULT_WATCH_MS = 4000
/** The free package's pay button. */
const NOTHING_TO_PAY = '无需支付，继续'

describeBrowser('the map channel: from the map app to the free package', () => {
  const browser = sharedBrowser()
  let mapServer: SpawnedServer | undefined
  let files: Record<string, Buffer>

  beforeAll(async () => {
    ensureH5Build('map')
    mapServer = await spawnAppServer(H5_MAP_DIST)
    files = await photoFiles(browser())
  }, BUILD_TIMEOUT_MS)

  afterAll(async () => {
    await mapServer?.stop()
  })

  const mapUrl = (hashPath: string): string => {
    if (!mapServer) throw new Error('the map server is not running')
    return appUrl(hashPath, mapServer.url)
  }

  it('the free package ends on its result page, which stays, and leads to the order', async () => {
    await withPage(browser(), async (page, errors) => {
      // The map app opens the app with its authorisation code: no login page on the way.
      await page.goto(mapUrl(`/?${MAP_AUTH_CODE_PARAM}=sim-map-driver`))
      await onPage(page, 'plateEntry')
      await typePlate(page, '京A12345')
      await page.getByRole('button', { name: '下一步' }).click()
      await acceptAgreements(page)
      await fillInformation(page, 'onSite')
      await uploadPhotos(page, files)
      await tap(page, 'upinfo-next')
      await choosePackage(page)
      await screenshot(page, 'map-pay-free')
      const orderId = await orderIdOfPayPage(page)

      await page.getByRole('button', { name: NOTHING_TO_PAY }).click()
      await onPage(page, 'payResult')
      const result = page.locator('[data-testid="page-payResult"]').last()
      const submitted = result.getByRole('heading', { name: '申请已提交' })
      await submitted.waitFor()
      // Settled, the application is cleared: the form below in the stack must not take over.
      await page.waitForTimeout(RESULT_WATCH_MS)
      await expect(result.isVisible()).resolves.toBe(true)
      await expect(submitted.isVisible()).resolves.toBe(true)
      await expect(page.locator('[data-testid="page-plateEntry"]:visible').count()).resolves.toBe(0)
      await screenshot(page, 'map-pay-result')

      await result.getByRole('button', { name: '查看订单' }).click()
      await onPage(page, 'order')
      await expect(byTestId(page, 'order-detail-id').textContent()).resolves.toContain(orderId)
      expect(errors).toEqual([])
    })
  })

  it('a search-ad visit with promotion ids and a click id reaches the order with them (map authorisation, no login page)', async () => {
    await withPage(browser(), async (page, errors) => {
      await walkAttributionJourney(page, {
        url: mapUrl,
        arrival: { promotionChannelId: LANDING_PROMOTIONS.mapSearchAd.promotionChannelId, partnerId: 'E2E-MAP-PARTNER', promoterId: 'E2E_MAP_PROMOTER', bd_vid: 'e2e.map.click.42' },
        extraParams: { [MAP_AUTH_CODE_PARAM]: 'sim-map-ad-driver' },
        plate: '粤BF13579',
        login: false,
        payment: 'free',
        files,
        shots: 'attribution-map',
      })
      expect(errors).toEqual([])
    })
  })
})
