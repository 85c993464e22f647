/**
 * The rest of issue 25's item 10, in Chromium against the real server, found by roles and names:
 * an intercepted plate offers 联系客服 as a plate with ETC does; an ended promotion's landing says
 * so once and offers the default, with 去办理 buttons named by their visible text; the package
 * list never offers 老用户换新 to an application; the cashier has 取消支付, and back from the
 * result page leads back into the app.
 */
import { LANDING_PROMOTIONS } from '../../types/api/channels'
import { LANDING_REFUSAL_TITLES } from '../../src/config/landings'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { asPerson, byTestId, onPage, payDepositSuccessfully, photoFiles, tap, toPackages, typePlate } from './support/journey'

jest.setTimeout(300_000)


describeBrowser('around the journey: interception, landings, packages and the cashier', () => {
  const browser = sharedBrowser()

  it('an intercepted plate says why, with 联系客服', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl(asPerson('intercepted')))
      await onPage(page, 'plateEntry')
      await typePlate(page, '京A99999')
      await page.getByRole('button', { name: '下一步' }).click()
      const notice = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '联系客服' }) })
      await notice.waitFor()
      await expect(notice.textContent()).resolves.toContain('请联系客服')
      expect(errors).toEqual([])
    })
  })

  it("an ended promotion's landing says so once and offers the default, its 去办理 buttons named as they read", async () => {
    await withPage(browser(), async (page, errors) => {
      const { promotionChannelId, partnerId } = LANDING_PROMOTIONS.ended
      await page.goto(appUrl(`/apply/baidu-land?${PAGE_TOKEN_PARAM}=sim-ended-${Date.now()}&promotionChannelId=${promotionChannelId}&partnerId=${partnerId}`))
      await onPage(page, 'baiduLand')
      const refusal = byTestId(page, 'landing-refusal')
      await refusal.waitFor()
      await expect(refusal.textContent()).resolves.toBe(LANDING_REFUSAL_TITLES.expired)
      await expect(page.getByText('暂不支持办理').count()).resolves.toBe(0)
      const apply = page.getByRole('button', { name: /^去办理/ })
      await apply.first().waitFor()
      for (const button of await apply.all()) await expect(button.textContent()).resolves.toBe('去办理')
      expect(errors).toEqual([])
    })
  })

  it('offers no 老用户换新 to an application; the cashier cancels back to the pay page, and back from the result leads into the app', async () => {
    const files = await photoFiles(browser())
    await withPage(browser(), async (page, errors) => {
      await toPackages(page, files, '京F20264', 'cashier')
      await expect(byTestId(page, 'packages').textContent()).resolves.not.toContain('老用户换新')
      await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
      await onPage(page, 'selectDetail')
      await tap(page, 'package-detail-choose')
      await onPage(page, 'pay')

      await page.getByRole('button', { name: /^支付押金/ }).click()
      await page.getByRole('link', { name: '取消支付，返回' }).click()
      await onPage(page, 'pay')
      await payDepositSuccessfully(page)

      await page.goBack()
      await page.getByRole('link', { name: '返回查看支付结果' }).click()
      await onPage(page, 'payResult')
      await byTestId(page, 'pay-result-success').waitFor()
      expect(errors).toEqual([])
    })
  })
})
