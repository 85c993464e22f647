/**
 * The bank app's current order (`h5/{uid}/handleProcess`) in Chromium against the real server: a
 * person who came in with the bank's page token and left an application under way finds it on the
 * entry page when they open the app again, and 继续办理 goes on with it.
 */
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { byTestId, onPage, tap, typePlate } from './support/journey'
import { screenshot } from './support/world'

jest.setTimeout(240_000)

const PLATE = '京G24680'
/** What the card says, as a person reads it. */
const CURRENT_ORDER_TITLE = '您有一笔进行中的ETC申请'
const CURRENT_ORDER_CONTINUE = '继续办理'

describeBrowser("the bank app's current order on the entry page", () => {
  const browser = sharedBrowser()

  it('opened again with the page token, the entry page offers the order under way and 继续办理 continues it', async () => {
    await withPage(browser(), async (page, errors) => {
      // A simulated bank page token is a stable identity of its own: a person no other test is.
      const entry = appUrl(`/?${PAGE_TOKEN_PARAM}=sim-resume-${Date.now()}`)
      await page.goto(entry)
      await onPage(page, 'plateEntry')
      // A first visit with no session yet asks nothing about orders.
      await expect(page.getByRole('region', { name: CURRENT_ORDER_TITLE }).count()).resolves.toBe(0)
      await typePlate(page, PLATE)
      await tap(page, 'plate-submit')
      // The page token logs the person in on 下一步 (no login page); the order is opened.
      await onPage(page, 'agree')

      await page.goto(entry)
      await page.reload()
      await onPage(page, 'plateEntry')
      const card = page.getByRole('region', { name: CURRENT_ORDER_TITLE })
      await card.waitFor()
      await expect(card.textContent()).resolves.toContain(PLATE)
      await screenshot(page, 'bank-current-order')
      await card.getByRole('button', { name: CURRENT_ORDER_CONTINUE }).click()
      await onPage(page, 'agree')
      await expect(byTestId(page, 'agree-submit').count()).resolves.toBe(1)
      expect(errors).toEqual([])
    })
  })
})
