/**
 * The apply journey in Chromium against the real server (fresh database), as a new user walks it:
 * plate → login → consent → information and photos → package → cashier → result. Each page is
 * photographed at 375 px (test-results/screenshots).
 */
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import {
  OWNER,
  acceptAgreements,
  byTestId,
  choosePackage,
  fill,
  fillInformation,
  onPage,
  orderIdOfPayPage,
  payOnCashier,
  sharedBrowserWithPhotos,
  startWithPlate,
  tap,
  uploadPhotos,
  valueOf,
} from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(240_000)

describeBrowser('the apply journey, as a new user walks it', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('blue plate: an invalid ID number corrected, a reload restores the form, photos, package, paid', async () => {
    await withPage(browser(), async (page, errors) => {
      const mobile = freshPhone()
      await page.goto(appUrl('/'))
      await onPage(page, 'plateEntry')
      await byTestId(page, 'plate-submit').waitFor()
      await screenshot(page, 'blue-plate-entry')
      await startWithPlate(page, '京A12345', mobile)
      await acceptAgreements(page, 'blue')
      await expect(byTestId(page, 'upinfo-plate').textContent()).resolves.toContain('京A12345')

      await fillInformation(page, 'onSite')
      // A wrong check digit: the field says what is wrong, and nothing else is lost.
      await fill(page, 'field-idNumber', '110105194912310021')
      await byTestId(page, 'field-idNumber-error').waitFor()
      await screenshot(page, 'blue-upinfo-invalid-id')
      await fill(page, 'field-idNumber', OWNER.idNumber)
      await byTestId(page, 'field-idNumber-error').waitFor({ state: 'detached' })

      await page.reload()
      await onPage(page, 'upinfo')
      for (const [field, value] of Object.entries(OWNER)) await expect(valueOf(page, `field-${field}`)).resolves.toBe(value)
      await expect(byTestId(page, 'field-deliveryMethod-2').getAttribute('aria-checked')).resolves.toBe('true')

      await uploadPhotos(page, files(), 'blue')
      await screenshot(page, 'blue-upinfo-filled')
      await tap(page, 'upinfo-next')
      await choosePackage(page, 'blue')
      await screenshot(page, 'blue-pay')
      const orderId = await orderIdOfPayPage(page)
      await payOnCashier(page, '支付成功')
      await byTestId(page, 'pay-result-success').waitFor()
      await page.locator('[data-kind="paid"]').first().waitFor()
      await screenshot(page, 'blue-pay-result')

      await tap(page, 'pay-result-view-order')
      await onPage(page, 'order')
      await expect(byTestId(page, 'order-detail-status').textContent()).resolves.toContain('待审核')
      await expect(byTestId(page, 'order-detail-id').textContent()).resolves.toContain(orderId)
      // Pushed after the final commit: the issuer has the order, as the server says.
      await expect(byTestId(page, 'order-detail-issuer-received').textContent()).resolves.toContain('已提交至发行方')
      // The order page's own timeline (the result page under it in the stack has one too, hidden).
      await page.locator('[data-testid="page-order"]').last().locator('[data-kind="issuerReceived"]').first().waitFor()
      expect(errors).toEqual([])
    })
  })

  it('green plate by mail: a failed payment is retried on the same order, never a second one', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '粤BF23456', freshPhone())
      await acceptAgreements(page)
      await expect(byTestId(page, 'upinfo-plate').textContent()).resolves.toContain('粤BF23456')
      await fillInformation(page, 'mail')
      await uploadPhotos(page, files())
      await tap(page, 'upinfo-next')
      await choosePackage(page)
      const orderId = await orderIdOfPayPage(page)

      await payOnCashier(page, '支付失败')
      await byTestId(page, 'pay-result-failed').waitFor()
      await screenshot(page, 'green-pay-failed')
      await tap(page, 'pay-result-retry')
      await onPage(page, 'pay')
      await expect(orderIdOfPayPage(page)).resolves.toBe(orderId)
      await payOnCashier(page, '支付成功')
      await byTestId(page, 'pay-result-success').waitFor()

      await page.goto(appUrl('/apply/order-list'))
      await onPage(page, 'orderList')
      await byTestId(page, 'order-list').waitFor()
      await expect(page.locator('[data-testid^="order-row-"]').count()).resolves.toBe(1)
      await expect(byTestId(page, `order-plate-${orderId}`).getAttribute('data-plate-colour')).resolves.toBe('green')
      expect(errors).toEqual([])
    })
  })

  it('a plate that already has ETC is told so, with the way to customer service', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京A00001', freshPhone())
      await byTestId(page, 'plate-taken').waitFor()
      await expect(byTestId(page, 'plate-taken').textContent()).resolves.toContain('该车辆已办理ETC')
      await expect(byTestId(page, 'plate-taken').textContent()).resolves.toContain('如需重新办理请联系客服')
      await byTestId(page, 'plate-taken-service').waitFor()
      await screenshot(page, 'plate-taken')
      expect(errors).toEqual([])
    })
  })

  it('the login page and the product home look finished at phone width', async () => {
    await withPage(browser(), async (page) => {
      await page.goto(appUrl('/pages/login/index'))
      await onPage(page, 'login')
      await byTestId(page, 'login-submit').waitFor()
      await screenshot(page, 'login')
      await page.goto(appUrl('/pages/index/index'))
      await onPage(page, 'home')
      await byTestId(page, 'home-packages-login').waitFor()
      await screenshot(page, 'home')
    })
  })
})
