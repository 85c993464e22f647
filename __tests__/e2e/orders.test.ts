/**
 * Orders and after-sales in Chromium against the real server: an order moved by the lifecycle
 * simulator through each status (label, colour and buttons change), a cancelled order, a
 * rejected order with its reason and the re-apply guide, the QR code, and another user's order.
 */
import type { Page } from 'playwright-core'
import { API } from '../../types/api/paths'
import { EARLY_ORDER_COPY_ID } from '../../src/config/first-screens'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { holdScripts } from './support/held-scripts'
import { acceptAgreements, applyAndPay, byTestId, onPage, sharedBrowserWithPhotos, startWithPlate, tap } from './support/journey'
import { freshPhone, lifecycle, screenshot } from './support/world'

jest.setTimeout(300_000)

/** The spec's cancel and QR code, and the row's one next action of the journey table. */
type Button = 'cancel' | 'next' | 'qr'

interface RowLook {
  label: string
  colour: string
  buttons: readonly Button[]
}

/** Opens the order list afresh (a new load: what the server says now). */
async function openList(page: Page): Promise<void> {
  await page.goto(appUrl('/apply/order-list'))
  await page.reload()
  await onPage(page, 'orderList')
  await byTestId(page, 'order-list').waitFor()
}

/** A row shows its status in words and colour, and exactly the buttons its status allows. */
async function expectRow(page: Page, orderId: string, look: RowLook): Promise<void> {
  const status = byTestId(page, `order-status-${orderId}`)
  await expect(status.textContent()).resolves.toContain(look.label)
  await expect(status.getAttribute('data-colour')).resolves.toBe(look.colour)
  const shown: Button[] = []
  for (const button of ['cancel', 'next', 'qr'] as const) {
    if (await page.locator(`[data-testid="order-${button}-${orderId}"]`).count()) shown.push(button)
  }
  expect(shown).toEqual(look.buttons)
}

/** The early copy's own script, which index.html asks for with the order (src/platform/h5/early-order.ts). */
const EARLY_ORDER_VIEW = /\/js\/early-order\.[0-9a-f]+\.js$/

/**
 * Opened anew from its address with the app's scripts held: index.html alone shows the order with
 * its status (the early copy, `copied`); once the scripts run, the app's page (`shown`) takes its
 * place, and the order was asked for once (the app took the early answer over).
 */
async function expectEarlyCopy(page: Page, hashPath: string, dataPath: string, copied: string, shown: string): Promise<void> {
  await page.goto('about:blank')
  let calls = 0
  const count = (request: { url(): string }) => {
    if (new URL(request.url()).pathname.endsWith(dataPath)) calls += 1
  }
  page.on('request', count)
  const release = await holdScripts(page, EARLY_ORDER_VIEW)
  try {
    await page.goto(appUrl(hashPath), { waitUntil: 'commit' })
    const copy = page.locator(`#${EARLY_ORDER_COPY_ID}`)
    await copy.locator(`[data-testid="${copied}"]`).waitFor()
    await expect(copy.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)
    release()
    await byTestId(page, shown).waitFor()
    await expect(copy.count()).resolves.toBe(0)
    expect(calls).toBe(1)
  } finally {
    release()
    page.off('request', count)
    await page.unroute('**/js/**')
  }
}

describeBrowser('orders and after-sales, as a user follows an application', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('follows an order through audit, shipping and activation; opens its QR; cancels another order', async () => {
    await withPage(browser(), async (page, errors) => {
      const orderId = await applyAndPay(page, files(), '京B54321', freshPhone())
      await openList(page)
      await expectRow(page, orderId, { label: '待审核', colour: 'blue', buttons: ['cancel', 'qr'] })
      await screenshot(page, 'order-list')
      // A shared link opened later: the order shows before the app's code has come.
      await expectEarlyCopy(page, '/apply/order-list', API.searchOrders.path, `order-status-${orderId}`, `order-actions-${orderId}`)
      await expectEarlyCopy(page, `/apply/order?orderId=${orderId}`, `/handleOrders/${orderId}`, 'order-detail-status', 'order-detail-hint')

      await lifecycle(orderId, 'audit-pass')
      await openList(page)
      await expectRow(page, orderId, { label: '待发货', colour: 'blue', buttons: ['cancel', 'qr'] })

      await lifecycle(orderId, 'ship')
      await openList(page)
      await expectRow(page, orderId, { label: '待激活', colour: 'blue', buttons: ['next', 'qr'] })

      await lifecycle(orderId, 'activate')
      await openList(page)
      await expectRow(page, orderId, { label: '已激活', colour: 'green', buttons: ['qr'] })
      await byTestId(page, 'order-list-activated').locator(`[data-testid="order-row-${orderId}"]`).waitFor()

      await tap(page, `order-qr-${orderId}`)
      await byTestId(page, 'order-qr-sheet').waitFor()
      await expect(byTestId(page, 'order-qr-order-id').textContent()).resolves.toContain(orderId)
      await expect(page.locator('[data-testid="order-qr-code"]').getAttribute('data-size')).resolves.toMatch(/^\d+$/)
      await screenshot(page, 'order-qr')
      await tap(page, 'order-qr-close')

      await tap(page, `order-open-${orderId}`)
      await onPage(page, 'order')
      await expect(byTestId(page, 'order-detail-status').textContent()).resolves.toContain('已激活')
      for (const kind of ['paid', 'audited', 'readyForPickup', 'activated', 'depositRefunded']) await page.locator(`[data-kind="${kind}"]`).first().waitFor()
      // Picked up on site: the branch, never a courier's tracking number.
      await expect(byTestId(page, 'order-detail-pickup-branch').textContent()).resolves.toMatch(/\S/)
      expect(await page.locator('[data-testid="order-detail-tracking"]').count()).toBe(0)
      await screenshot(page, 'order-detail-activated')

      // A second plate, left while applying: it can be cancelled (once) and then shows as cancelled.
      await startWithPlate(page, '京C24680', freshPhone())
      await acceptAgreements(page)
      await openList(page)
      const applying = await page.locator('[data-testid^="order-row-"][data-status="applying"]').first().getAttribute('data-testid')
      const openId = (applying ?? '').replace('order-row-', '')
      await expectRow(page, openId, { label: '申办中', colour: 'orange', buttons: ['cancel', 'next'] })
      await expect(byTestId(page, `order-next-${openId}`).textContent()).resolves.toBe('继续办理')
      await tap(page, `order-cancel-${openId}`)
      await onPage(page, 'orderCancel')
      await tap(page, 'order-cancel-reason-0')
      await screenshot(page, 'order-cancel')
      await tap(page, 'order-cancel-submit')
      await page.locator('.taro-model__confirm').click()
      await byTestId(page, 'order-cancel-success').waitFor()
      await openList(page)
      await expectRow(page, openId, { label: '已取消', colour: 'grey', buttons: [] })
      expect(errors).toEqual([])
    })
  })

  it('shows a rejected order with its reason, and the re-apply guide', async () => {
    await withPage(browser(), async (page, errors) => {
      const orderId = await applyAndPay(page, files(), '京D13579', freshPhone())
      await lifecycle(orderId, 'audit-reject', '行驶证照片不清晰，请重新上传')
      await openList(page)
      await expectRow(page, orderId, { label: '审核未通过', colour: 'red', buttons: ['cancel', 'next', 'qr'] })
      await tap(page, `order-open-${orderId}`)
      await onPage(page, 'order')
      await expect(byTestId(page, 'order-detail-audit-reason').textContent()).resolves.toContain('行驶证照片不清晰')
      await screenshot(page, 'order-detail-rejected')
      await page.getByRole('button', { name: '重新申办' }).click()
      await onPage(page, 'guideReapply')
      await expect(byTestId(page, 'guide-reapply').getAttribute('data-type')).resolves.toBe('2')
      await byTestId(page, 'guide-cancel-reapply').waitFor()
      await screenshot(page, 'guide-reapply')
      expect(errors).toEqual([])
    })
  })

  it("another user's order opened by its address shows 订单不存在, never its data", async () => {
    let orderId = ''
    await withPage(browser(), async (page) => {
      await startWithPlate(page, '京E11223', freshPhone())
      await acceptAgreements(page)
      await openList(page)
      const row = await page.locator('[data-testid^="order-row-"]').first().getAttribute('data-testid')
      orderId = (row ?? '').replace('order-row-', '')
    })
    expect(orderId).not.toBe('')
    await withPage(browser(), async (page, errors) => {
      // A new device and another phone: log in through the orders link first.
      await page.goto(appUrl('/pages/redirect-order-list'))
      await onPage(page, 'login')
      const { loginWithSms } = await import('./support/journey')
      await loginWithSms(page, freshPhone())
      await onPage(page, 'orderList')
      await byTestId(page, 'order-list-empty').waitFor()
      await screenshot(page, 'order-list-empty')
      await page.goto(appUrl(`/apply/order?orderId=${encodeURIComponent(orderId)}`))
      await byTestId(page, 'order-not-found').waitFor()
      await expect(page.locator('body').textContent()).resolves.not.toContain('京E11223')
      expect(errors).toEqual([])
    })
  })
})
