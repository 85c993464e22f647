/**
 * Every route of the table, opened by its canonical URL as a first-time visitor sees it, passes
 * axe-core's WCAG 2.0 and 2.1 level A and AA rules. One browser and one page visit the routes in
 * turn; axe is injected into every document the page loads. Then a logged-in applicant's states
 * that no first visit reaches: the information page before and after its photos, the pay page,
 * and the order list and order with that order in it.
 */
import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { ROUTES, ROUTE_NAMES } from '../../src/config/routes'
import type { RouteName } from '../../src/config/routes'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { openPage, sharedBrowser } from './support/browser'
import {
  acceptAgreements,
  byTestId,
  choosePackage,
  fillInformation,
  orderIdOfPayPage,
  photoFiles,
  startWithPlate,
  tap,
  uploadPhotos,
} from './support/journey'
import { freshPhone } from './support/world'

jest.setTimeout(60_000)

/** The applicant's walk: log in, consent, four photos through the camera pages, a package. */
const APPLICANT_TIMEOUT_MS = 120_000

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * The one exemption, by design: the webview page shows another site's page and has no title of
 * its own (the route table gives it none; the routes test holds it to an empty title).
 */
const EXEMPT: Partial<Record<RouteName, readonly string[]>> = { webview: ['document-title'] }

/** What a violation says, short enough to read in a failed expectation. */
interface Finding {
  rule: string
  targets: string[]
}

/** Recorded by an init script: every page frame that has appeared since the document loaded. */
const RECORD_PAGES = `(() => {
  window.__pages = []
  new MutationObserver(() => {
    for (const frame of document.querySelectorAll('[data-testid^="page-"]')) {
      const id = frame.getAttribute('data-testid')
      if (!window.__pages.includes(id)) window.__pages.push(id)
    }
  }).observe(document, { subtree: true, childList: true })
})()`

/** Loading states that are replaced by the page's content (or by the page it moves on to). */
const LOADING = '[data-testid="page-loading"], [data-testid="page-services-loading"]'

/**
 * Opens a route in a fresh document and waits until it has settled: its page has appeared (a page
 * that needs a login or an order then moves on to another, which is the one checked), nothing is
 * loading and the network is quiet.
 */
async function openSettled(page: Page, url: string, name: string): Promise<void> {
  // A hash change alone would stack the page onto the previous one: start from a new document.
  await page.goto('about:blank')
  await page.goto(appUrl(url))
  await page.waitForFunction((id) => (window as unknown as { __pages: string[] }).__pages.includes(id), `page-${name}`)
  await page.waitForLoadState('networkidle')
  await page.locator(LOADING).first().waitFor({ state: 'detached' })
}

async function violations(page: Page, name: RouteName): Promise<Finding[]> {
  const rules = Object.fromEntries((EXEMPT[name] ?? []).map((rule) => [rule, { enabled: false }]))
  const results = await page.evaluate(
    ({ tags, rules }) =>
      // Only the violations are read: axe skips collecting the nodes that pass.
      (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] }),
    { tags: WCAG_A_AA, rules },
  )
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

describeBrowser('WCAG 2 A and AA on every route (axe-core)', () => {
  const browser = sharedBrowser()
  let page: Page

  beforeAll(async () => {
    ;({ page } = await openPage(browser()))
    await page.addInitScript({ content: axe.source })
    await page.addInitScript({ content: RECORD_PAGES })
  })

  it.each(ROUTE_NAMES.map((name) => [ROUTES[name].urls[0], name] as const))('%s (%s) has no violation', async (url, name) => {
    await openSettled(page, url, name)
    expect(await violations(page, name)).toEqual([])
  })

  it(
    "a logged-in applicant's information page (photos missing, then received), pay page, order list and order have no violation",
    async () => {
      // The same page, logged in now: a new document, not a page stacked on the last route.
      await page.goto('about:blank')
      await startWithPlate(page, '京F97531', freshPhone())
      await acceptAgreements(page)
      await byTestId(page, 'photo-slot-idCardFront').waitFor()
      expect(await violations(page, 'upinfo')).toEqual([])

      await fillInformation(page, 'onSite')
      await uploadPhotos(page, await photoFiles(browser()))
      expect(await violations(page, 'upinfo')).toEqual([])

      await tap(page, 'upinfo-next')
      await choosePackage(page)
      await byTestId(page, 'pay-customer-service').waitFor()
      expect(await violations(page, 'pay')).toEqual([])
      const orderId = await orderIdOfPayPage(page)

      await openSettled(page, ROUTES.orderList.urls[0], 'orderList')
      await byTestId(page, `order-open-${orderId}`).waitFor()
      expect(await violations(page, 'orderList')).toEqual([])

      await openSettled(page, `${ROUTES.order.urls[0]}?orderId=${encodeURIComponent(orderId)}`, 'order')
      await byTestId(page, 'order-detail-status').waitFor()
      expect(await violations(page, 'order')).toEqual([])
    },
    APPLICANT_TIMEOUT_MS,
  )
})
