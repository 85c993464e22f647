/**
 * Attribution end to end, as a person arriving from a search ad walks it: the baidu landing page
 * with promotion ids and a click id in its address, its call to action, the plate (a login where
 * the channel asks for one), the application, the package, paying (or the free package's
 * 无需支付), the result and the order. Used on the bank build (attribution.test.ts) and on the
 * map-channel build (map-channel.test.ts).
 */
import type { Page, Request } from 'playwright-core'
import { TRACKING_FLUSH_MS } from '../../../src/domain/constants'
import type { Envelope } from '../../../types/api/envelope'
import type { OrderDetail } from '../../../types/api/orders'
import { API } from '../../../types/api/paths'
import type { TrackEvent } from '../../../types/api/tracking'
import {
  acceptAgreements,
  byTestId,
  choosePackage,
  fillInformation,
  loginWithSms,
  onPage,
  orderIdOfPayPage,
  payOnCashier,
  tap,
  typePlate,
  uploadPhotos,
} from './journey'
import { freshPhone, screenshot } from './world'

export interface AdArrival {
  promotionChannelId: string
  partnerId: string
  promoterId: string
  bd_vid: string
}

export interface AttributionJourney {
  /** The app's address of a hash path, on the server under test. */
  url(hashPath: string): string
  arrival: AdArrival
  /** Further address parameters (the map app's authorisation code). */
  extraParams?: Record<string, string>
  plate: string
  /** Whether the channel sends the person to the phone login on the way. */
  login: boolean
  /** 'cashier': a paid package through the cashier; 'free': the free package's 无需支付. */
  payment: 'cashier' | 'free'
  files: Record<string, Buffer>
  shots: string
}

/** The search-ad landing page's call to action (src/config/landings.ts, baiduLand). */
const SEARCH_AD_CTA = '立即申请'
const NOTHING_TO_PAY = '无需支付，继续'

/** Every event of every tracking batch the page sends. */
export function recordTracking(page: Page): TrackEvent[] {
  const events: TrackEvent[] = []
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(API.trackingEvents.path)) return
    const body = request.postDataJSON() as { events?: TrackEvent[] } | null
    events.push(...(body?.events ?? []))
  })
  return events
}

/** Every order detail the server answers the page with (the result page's and the order page's). */
function recordOrderDetails(page: Page): OrderDetail[] {
  const details: OrderDetail[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/handleOrders/')) return
    const body = (await response.json().catch(() => undefined)) as Envelope<OrderDetail | null> | undefined
    if (body?.data) details.push(body.data)
  })
  return details
}

/**
 * Walks the journey on `page` and checks that the order the server answers, and its detail page,
 * carry the arrival's promotion, partner and promoter, and that every tracking event of the visit
 * carried its click id.
 */
export async function walkAttributionJourney(page: Page, journey: AttributionJourney): Promise<void> {
  const { arrival } = journey
  const events = recordTracking(page)
  const answered = recordOrderDetails(page)
  const query = new URLSearchParams({ ...arrival, ...journey.extraParams }).toString()
  await page.goto(journey.url(`/apply/baidu-land?${query}`))
  await onPage(page, 'baiduLand')
  await byTestId(page, 'landing-section-packages').waitFor()
  await screenshot(page, `${journey.shots}-landing`)
  await page.getByRole('button', { name: SEARCH_AD_CTA }).first().click()

  await onPage(page, 'plateEntry')
  await typePlate(page, journey.plate)
  await page.getByRole('button', { name: '下一步' }).click()
  // The tap that asked for the login goes on by itself after it.
  if (journey.login) await loginWithSms(page, freshPhone())
  await acceptAgreements(page)
  await fillInformation(page, 'onSite')
  await uploadPhotos(page, journey.files)
  await tap(page, 'upinfo-next')
  await choosePackage(page)
  const orderId = await orderIdOfPayPage(page)
  if (journey.payment === 'cashier') {
    await payOnCashier(page, '支付成功')
    await byTestId(page, 'pay-result-success').waitFor()
  } else {
    await page.getByRole('button', { name: NOTHING_TO_PAY }).click()
    await onPage(page, 'payResult')
  }

  await page.locator('[data-testid="page-payResult"]').last().getByRole('button', { name: '查看订单' }).click()
  await onPage(page, 'order')
  await byTestId(page, 'order-detail-promotion').waitFor()
  const served = answered.find((order) => order.orderId === orderId)
  if (!served) throw new Error(`the server never answered the detail of order ${orderId}`)
  expect({ promotionChannelId: served.promotionChannelId, partnerId: served.partnerId, promoterId: served.promoterId }).toEqual({
    promotionChannelId: arrival.promotionChannelId,
    partnerId: arrival.partnerId,
    promoterId: arrival.promoterId,
  })
  // The customer reads the promotion and the partner by name, never the ids they are kept by.
  const shown = (await byTestId(page, 'order-detail').textContent()) ?? ''
  await expect(byTestId(page, 'order-detail-promotion').textContent()).resolves.toMatch(/\p{Script=Han}/u)
  for (const id of [arrival.promotionChannelId, arrival.partnerId, arrival.promoterId]) expect(shown).not.toContain(id)
  await screenshot(page, `${journey.shots}-order`)

  // What is still queued goes out after the flush delay.
  await page.waitForTimeout(TRACKING_FLUSH_MS * 2)
  expect(events.filter((event) => event.bd_vid !== arrival.bd_vid)).toEqual([])
  expect([...new Set(events.map((event) => event.page))]).toEqual(expect.arrayContaining(['/apply/baidu-land', '/apply/basic', '/apply/pay', '/apply/order']))
}
