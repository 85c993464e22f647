/**
 * Against the real server's seeded data: the follow-up phone left only with the consent when the
 * form is left (back to the plate page), the service promise on the package detail and the pay page (seeded switched on),
 * and the order list's popup for a device waiting to be activated, once a day across reloads.
 */
import type { Page, Request } from 'playwright-core'
import { FOLLOW_UP_CONSENT } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { OWNER, acceptAgreements, applyAndPay, byTestId, fillInformation, onPage, sharedBrowserWithPhotos, startWithPlate, tap, uploadPhotos } from './support/journey'
import { freshPhone, lifecycle, screenshot } from './support/world'

jest.setTimeout(240_000)

/** Leaves the form the way a person does (back, to the plate page), then comes back to it with 下一步. */
async function leaveAndReturn(page: Page): Promise<void> {
  await page.goBack()
  await onPage(page, 'plateEntry')
  await tap(page, 'plate-submit')
  await onPage(page, 'upinfo')
}

describeBrowser('service promise, follow-up phone and the order popup', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('leaves the phone only with the consent; shows the service promise on the package detail and the pay page', async () => {
    await withPage(browser(), async (page, errors) => {
      const followUps: Request[] = []
      page.on('request', (request) => {
        if (request.url().includes(API.saveFollowUpPhone.path)) followUps.push(request)
      })
      await startWithPlate(page, '京F36925', freshPhone())
      await acceptAgreements(page)
      await fillInformation(page, 'onSite')

      // Without the consent, leaving the form sends nothing.
      await expect(byTestId(page, 'upinfo-follow-up').getAttribute('aria-checked')).resolves.toBe('false')
      await leaveAndReturn(page)
      await page.waitForTimeout(500)
      expect(followUps).toHaveLength(0)

      // With it, the typed mobile is left for a call back, with the consent.
      await tap(page, 'upinfo-follow-up')
      await expect(byTestId(page, 'upinfo-follow-up').getAttribute('aria-checked')).resolves.toBe('true')
      await screenshot(page, 'upinfo-follow-up-consent')
      const sent = page.waitForResponse((response) => response.url().includes(API.saveFollowUpPhone.path))
      await leaveAndReturn(page)
      const response = await sent
      expect((await response.json()) as unknown).toMatchObject({ code: 200 })
      const query = new URL(response.url()).searchParams
      expect(Object.fromEntries(query.entries())).toEqual({ mobile: OWNER.mobile, consent: FOLLOW_UP_CONSENT })

      await uploadPhotos(page, files())
      await tap(page, 'upinfo-next')
      await onPage(page, 'selectLand')
      await byTestId(page, 'packages').waitFor()
      await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
      await onPage(page, 'selectDetail')
      await byTestId(page, 'package-detail-promise').waitFor()
      await expect(byTestId(page, 'package-detail-promise-title').textContent()).resolves.toBe('服务承诺')
      await screenshot(page, 'select-detail-promise')
      await tap(page, 'package-detail-choose')
      await onPage(page, 'pay')
      await byTestId(page, 'pay-summary').waitFor()
      await byTestId(page, 'pay-tips').locator('[data-testid="pay-promise"]').waitFor()
      await expect(byTestId(page, 'pay-promise-title').textContent()).resolves.toBe('支付保障')
      await screenshot(page, 'pay-promise')
      // Going on from the form was not leaving it.
      expect(followUps).toHaveLength(1)
      expect(errors).toEqual([])
    })
  })

  it('reminds of a shipped device once, not again after a reload', async () => {
    await withPage(browser(), async (page, errors) => {
      const orderId = await applyAndPay(page, files(), '京G47036', freshPhone())
      await lifecycle(orderId, 'audit-pass')
      await lifecycle(orderId, 'ship')
      // A fresh load of the list (a hash change would show it inside the running app first, and a
      // reload after that would rightly show no popup: it was shown today).
      await page.goto('about:blank')
      await page.goto(appUrl('/apply/order-list'))
      await onPage(page, 'orderList')
      const popup = byTestId(page, 'order-popup')
      await popup.waitFor()
      await expect(popup.getAttribute('data-order-id')).resolves.toBe(orderId)
      await screenshot(page, 'order-list-popup')
      await tap(page, 'order-popup-close')
      await popup.waitFor({ state: 'detached' })

      await page.reload()
      await onPage(page, 'orderList')
      await byTestId(page, `order-row-${orderId}`).waitFor()
      await page.waitForTimeout(500)
      await expect(page.locator('[data-testid="order-popup"]').count()).resolves.toBe(0)
      expect(errors).toEqual([])
    })
  })
})
