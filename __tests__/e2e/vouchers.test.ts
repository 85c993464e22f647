/**
 * A write-off code (activity type 3) in Chromium against the real server, as a person who arrived
 * with the write-off campaign's link uses one: on the package page the used, expired and foreign
 * demo codes are refused with one message (a stranger learns nothing of which codes exist), a good
 * one (typed in lower case) is claimed, the packages show the price after it and the pay page the
 * discount and the amount to pay.
 */
import { SEED_VOUCHER_CODES, SEED_WRITE_OFF_PROMOTIONS } from '../../server/catalogue/seed-data'
import { VOUCHER_MESSAGE } from '../../server/orders/vouchers'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { byTestId, onPage, onSiteToPackages, sharedBrowserWithPhotos, tap } from './support/journey'
import { screenshot } from './support/world'

jest.setTimeout(240_000)

/** The campaign's cheapest package (59.90) less the demo codes' 20.00. */
const BASIC_AFTER_VOUCHER = '39.90'

describeBrowser('a write-off code on the package page', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('refuses a used, expired or foreign code alike, claims a good one, and the pay page charges less', async () => {
    await withPage(browser(), async (page, errors) => {
      // Logged in by a simulated bank page token (a person of its own), not an SMS code: the suite's
      // files share the server's per-address limit on codes sent.
      const arrival = `/?promotionChannelId=${SEED_WRITE_OFF_PROMOTIONS.bank}&${PAGE_TOKEN_PARAM}=sim-voucher-${Date.now()}`
      await onSiteToPackages(page, files(), '京D97531', arrival)

      const code = page.getByRole('textbox', { name: '核销码' })
      const use = page.getByRole('button', { name: '使用' })
      for (const refused of [SEED_VOUCHER_CODES.used, SEED_VOUCHER_CODES.expired, SEED_VOUCHER_CODES.foreign]) {
        await code.fill(refused)
        // Typing clears the last refusal, so the one awaited is this code's.
        await page.getByText(VOUCHER_MESSAGE.unavailable).waitFor({ state: 'hidden' })
        await use.click()
        await page.getByText(VOUCHER_MESSAGE.unavailable).waitFor()
        // What was typed stays for the person to correct.
        await expect(code.inputValue()).resolves.toBe(refused)
      }
      await screenshot(page, 'voucher-refused')

      const good = SEED_VOUCHER_CODES.free[0]!
      await code.fill(good.toLowerCase())
      await use.click()
      const claimed = page.getByRole('status').filter({ hasText: '已使用核销码' })
      await expect(claimed.textContent()).resolves.toContain(`已使用核销码 ${good}，立减¥20.00`)
      await expect(page.getByRole('textbox', { name: '核销码' }).count()).resolves.toBe(0)
      await page.getByText(`券后¥${BASIC_AFTER_VOUCHER}`).first().waitFor()
      await screenshot(page, 'voucher-claimed')

      // A reload keeps it: the order carries the code.
      await page.reload()
      await onPage(page, 'selectLand')
      await page.getByRole('status').filter({ hasText: `已使用核销码 ${good}` }).waitFor()

      await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
      await onPage(page, 'selectDetail')
      await tap(page, 'package-detail-choose')
      await onPage(page, 'pay')
      await byTestId(page, 'pay-summary').waitFor()
      await expect(byTestId(page, 'pay-voucher').textContent()).resolves.toContain(good)
      await expect(byTestId(page, 'pay-voucher-discount').textContent()).resolves.toContain('20.00')
      await expect(byTestId(page, 'pay-amount').textContent()).resolves.toContain(BASIC_AFTER_VOUCHER)
      await screenshot(page, 'voucher-pay')
      expect(errors).toEqual([])
    })
  })
})
