/**
 * The province flow in Chromium against the real server: a 豫 (Henan) plate's application goes
 * through the issuer's own SMS verification before its final commit. A wrong code is refused in the
 * server's words, the code button counts down and keeps counting after a reload, and the right
 * code (read from the SMS simulator) submits the application and opens the pay page.
 */
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import {
  byTestId,
  fill,
  onPage,
  onSiteToPackages,
  orderIdOfPayPage,
  sharedBrowserWithPhotos,
  tap,
} from './support/journey'
import { freshPhone, screenshot, smsCode } from './support/world'

jest.setTimeout(240_000)

/** A Henan plate no other run of this suite has submitted (the server gives a plate to one order). */
const henanPlate = (): string => `豫A${String(Date.now() % 100_000).padStart(5, '0')}`

describeBrowser('the province flow, as a Henan plate walks it', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('豫 plate: the issuer SMS step before the final commit (wrong code, reload, right code), then the pay page', async () => {
    await withPage(browser(), async (page, errors) => {
      const plate = henanPlate()
      await onSiteToPackages(page, files(), plate)
      await page.locator('[data-testid="packages"] [data-testid$="-choose"]').first().click()

      // The package choice leads to the issuer's verification, not yet to payment.
      await onPage(page, 'provinceVerify')
      await byTestId(page, 'province-submit').waitFor()
      await expect(byTestId(page, 'province-plate').textContent()).resolves.toContain(plate)
      await screenshot(page, 'province-verify')

      const mobile = freshPhone()
      await fill(page, 'province-mobile', mobile)
      await tap(page, 'province-send-code')
      await byTestId(page, 'province-code-sent').waitFor()
      await expect(byTestId(page, 'province-send-code').textContent()).resolves.toMatch(/^\d+秒后重新发送$/)

      const code = await smsCode(mobile)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      await fill(page, 'province-code', wrong)
      await tap(page, 'province-submit')
      await expect(byTestId(page, 'province-error').textContent()).resolves.toContain('验证码错误')
      await screenshot(page, 'province-wrong-code')

      // A reload keeps the countdown (the stored time of the last code) and the application.
      await page.reload()
      await onPage(page, 'provinceVerify')
      await byTestId(page, 'province-submit').waitFor()
      await expect(byTestId(page, 'province-send-code').textContent()).resolves.toMatch(/^\d+秒后重新发送$/)

      await fill(page, 'province-mobile', mobile)
      await fill(page, 'province-code', code)
      await tap(page, 'province-submit')
      await onPage(page, 'pay')
      await byTestId(page, 'pay-summary').waitFor()
      expect(await orderIdOfPayPage(page)).not.toBe('')
      await screenshot(page, 'province-pay')
      expect(errors).toEqual([])
    })
  })

  it('opening the step with no application sends the person to the plate page', async () => {
    await withPage(browser(), async (page) => {
      await page.goto(appUrl('/apply/province-verify?orderId=none'))
      await onPage(page, 'plateEntry')
    })
  })
})
