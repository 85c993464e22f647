/**
 * No dead ends (issue 25), in Chromium against the real server, as a person walks it and finds
 * controls by their roles and names: back to the plate page goes on with the person's own draft;
 * a payment left at the cashier can be paid again from the order list and the detail, and the
 * issuer gets the order only once it is paid; back from the login returns to the typed plate;
 * the package page says that choosing submits; an on-site pick-up shows its branch, the detail
 * refreshes by itself on 刷新, shows no internal id, and says when the deposit came back.
 */
import type { Page } from 'playwright-core'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { PACKAGE_LOCK_NOTE } from '../../src/config/payment'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import {
  acceptAgreements,
  asPerson,
  byTestId,
  fillInformation,
  loginWithSms,
  onPage,
  orderIdOfPayPage,
  payDepositSuccessfully,
  sharedBrowserWithPhotos,
  startWithPlate,
  tap,
  toPackages,
  typePlate,
} from './support/journey'
import { freshPhone, lifecycle, screenshot } from './support/world'

jest.setTimeout(300_000)


/**
 * On the plate page once its form has come: until then the page shows a placeholder plate input
 * (empty, typed into before the app's services arrive), and the form then shows the plate kept
 * from the last visit.
 */
async function onPlateForm(page: Page): Promise<void> {
  await onPage(page, 'plateEntry')
  await byTestId(page, 'plate-submit').waitFor()
}

/** The plate's characters as its boxes show them. */
async function boxesOf(page: Page): Promise<string> {
  const boxes = await page.locator('[data-testid^="plate-box-"]').allTextContents()
  return boxes.join('').trim()
}

/** From the plate page to the pay page of a new order picked up on site. */
async function toPayPage(page: Page, files: Record<string, Buffer>, plate: string, who: string): Promise<string> {
  await toPackages(page, files, plate, who)
  // Said before the tap that submits: the package is fixed from then on.
  await page.getByText(PACKAGE_LOCK_NOTE).waitFor()
  await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
  await onPage(page, 'selectDetail')
  await byTestId(page, 'package-detail-pickup').waitFor()
  await expect(byTestId(page, 'package-detail-mode').textContent()).resolves.toBe('押金')
  await expect(byTestId(page, 'package-detail-original').textContent()).resolves.toMatch(/^设备价值¥/)
  await tap(page, 'package-detail-choose')
  await onPage(page, 'pay')
  await byTestId(page, 'pay-summary').waitFor()
  return orderIdOfPayPage(page)
}

/** Opens the order list afresh and answers the row of `orderId`. */
async function listRow(page: Page, orderId: string) {
  await page.goto(appUrl('/apply/order-list'))
  await page.reload()
  await onPage(page, 'orderList')
  const row = byTestId(page, `order-row-${orderId}`)
  await row.waitFor()
  return row
}

describeBrowser('no dead ends: from every state a person can go on, go back, or get help', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('back to the plate page and 下一步 goes on with the person\'s own draft, not to 历史订单处理', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWithPlate(page, '京F20251', freshPhone(), asPerson('draft'))
      await acceptAgreements(page)
      await fillInformation(page, 'onSite')
      await page.goBack()
      await onPlateForm(page)
      await expect(boxesOf(page)).resolves.toBe('京F20251')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'upinfo')
      expect(await page.locator('[data-testid="page-guideReapply"]').count()).toBe(0)
      // What was typed on the form is still there.
      await expect(page.getByRole('textbox', { name: /车主姓名/ }).inputValue()).resolves.toBe('张三')
      expect(errors).toEqual([])
    })
  })

  it('a payment left at the cashier is paid again from the list, the detail and the plate page; the issuer gets the order only once paid', async () => {
    await withPage(browser(), async (page, errors) => {
      const orderId = await toPayPage(page, files(), '京F20252', 'repay')
      await page.getByRole('button', { name: /^支付押金/ }).click()
      await page.getByRole('button', { name: '支付失败' }).waitFor()
      // Out of the cashier without paying.
      await page.goBack()
      await onPage(page, 'pay')

      const row = await listRow(page, orderId)
      await expect(row.getByRole('button', { name: `重新支付 京F20252` }).count()).resolves.toBe(1)
      await screenshot(page, 'no-dead-ends-list-repay')
      await row.getByRole('button', { name: '重新支付 京F20252' }).click()
      await onPage(page, 'pay')

      await page.goto(appUrl(`/apply/order?orderId=${orderId}`))
      await onPage(page, 'order')
      await page.getByRole('status').filter({ hasText: '支付未完成，可重新支付' }).waitFor()
      await page.getByRole('button', { name: '重新支付' }).waitFor()
      await expect(byTestId(page, 'order-detail-issuer-received').textContent()).resolves.toBe('支付完成后提交至发行方')
      expect(await page.locator('[data-kind="issuerReceived"]').count()).toBe(0)
      await screenshot(page, 'no-dead-ends-detail-repay')

      // The plate page leads to the payment too.
      await page.goto(appUrl('/'))
      await onPlateForm(page)
      await expect(boxesOf(page)).resolves.toBe('京F20252')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'pay')

      await payDepositSuccessfully(page)
      expect(errors).toEqual([])
    })
  })

  it('back from the login page returns to the plate page with the plate typed; logged in, 下一步 goes on by itself', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl('/'))
      await onPage(page, 'plateEntry')
      await typePlate(page, '京F20253')
      await page.getByRole('button', { name: '下一步' }).click()
      await onPage(page, 'login')
      await page.goBack()
      await onPlateForm(page)
      await expect(boxesOf(page)).resolves.toBe('京F20253')
      await page.getByRole('button', { name: '下一步' }).click()
      await loginWithSms(page, freshPhone())
      await onPage(page, 'agree')
      // Back from the consent page: the plate page, not the login.
      await page.goBack()
      await onPage(page, 'plateEntry')
      expect(errors).toEqual([])
    })
  })

  it('an on-site pick-up shows its branch, the detail refreshes on 刷新, shows names not ids, and says when the deposit came back', async () => {
    await withPage(browser(), async (page, errors) => {
      const orderId = await toPayPage(page, files(), '京F20254', 'pickup')
      await payDepositSuccessfully(page)

      await page.goto(appUrl(`/apply/order?orderId=${orderId}`))
      await onPage(page, 'order')
      await expect(byTestId(page, 'order-detail-status').textContent()).resolves.toContain('待审核')
      await lifecycle(orderId, 'audit-pass')
      await page.getByRole('button', { name: '刷新订单状态' }).click()
      await page.locator('[data-testid="order-detail-status"]', { hasText: '待发货' }).waitFor()

      await lifecycle(orderId, 'ship')
      await page.getByRole('button', { name: '刷新订单状态' }).click()
      await page.locator('[data-testid="order-detail-status"]', { hasText: '待激活' }).waitFor()
      await expect(byTestId(page, 'order-detail-pickup-branch').textContent()).resolves.toMatch(/网点/)
      await expect(byTestId(page, 'order-detail-pickup-address').textContent()).resolves.toMatch(/\S/)
      expect(await byTestId(page, 'order-detail-tracking').count()).toBe(0)
      await page.getByRole('group', { name: '激活指引' }).waitFor()
      await screenshot(page, 'no-dead-ends-pickup')

      await lifecycle(orderId, 'activate')
      await page.getByRole('button', { name: '刷新订单状态' }).click()
      await page.locator('[data-testid="order-detail-status"]', { hasText: '已激活' }).waitFor()
      await expect(byTestId(page, 'order-detail-refund').textContent()).resolves.toMatch(/^押金¥\d+\.\d{2}已原路退还/)
      const text = (await byTestId(page, 'order-detail').textContent()) ?? ''
      expect(text).not.toMatch(/PLACEHOLDER|undefined|null/)
      expect(errors).toEqual([])
    })
  })

  it('names a landing\'s partners as customers know them, and 清除缓存 leaves no last plate on the plate page', async () => {
    await withPage(browser(), async (page, errors) => {
      await page.goto(appUrl(`/apply/baidu-land?${PAGE_TOKEN_PARAM}=sim-landing-${Date.now()}`))
      await onPage(page, 'baiduLand')
      const partners = page.getByRole('list', { name: '合作渠道' })
      await partners.getByRole('listitem').first().waitFor()
      const names = await partners.getByRole('listitem').allTextContents()
      expect(names).toContain('百度搜索')
      expect(names.join(' ')).not.toMatch(/推广|PLACEHOLDER/)

      await page.goto(appUrl('/'))
      await onPage(page, 'plateEntry')
      await typePlate(page, '京F20255')
      await expect(boxesOf(page)).resolves.toBe('京F20255')
      await page.goto(appUrl('/pages/utils/clearStorage'))
      await onPage(page, 'clearStorage')
      await page.getByRole('button', { name: '清除缓存' }).click()
      await page.locator('.taro-model__confirm').click()
      await page.getByText('缓存已清除').first().waitFor()
      await page.goto(appUrl('/'))
      await onPlateForm(page)
      await expect(boxesOf(page)).resolves.toBe('')
      expect(errors).toEqual([])
    })
  })
})
