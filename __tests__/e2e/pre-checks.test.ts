/**
 * The checks before a new order in Chromium, against a real server of this file's own (a fresh
 * database: pausing new applications there leaves the other files' journeys alone):
 * - the operator pauses new applications (the local operator's switch call, what the SQL on
 *   app_configs does): the plate page says so and why and opens no new order, while the order
 *   already made is continued from the order list; opened again, a new application goes through;
 * - the risk review's simulator refuses the demo plate 京A77777: the page says why and offers the
 *   hotline, and no order is opened.
 */
import type { Page } from 'playwright-core'
import { H5_DIST } from '../../scripts/lib/h5-build'
import { HOTLINE } from '../../src/domain/constants'
import { NEW_APPLY_PAUSED, RISK_REFUSED } from '../../src/domain/apply-checks'
import type { Envelope } from '../../types/api/envelope'
import type { NewApplySwitchResponse } from '../../types/api/catalogue'
import { API } from '../../types/api/paths'
import { NEW_APPLY_SWITCH_SIM_PATH } from '../../server/simulators/new-apply-switch-sim'
import { readOperatorSecret, SIM_OPERATOR_HEADER } from '../../server/simulators/operator-secret'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { acceptAgreements, byTestId, fill, onPage, tap, typePlate } from './support/journey'
import { spawnAppServer } from './support/spawn-server'
import type { SpawnedServer } from './support/spawn-server'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(240_000)

/** Starting a server: migrations and the seed on a fresh embedded database. */
const SERVER_START_TIMEOUT_MS = 90_000
const PAUSE_REASON = '系统升级维护中，暂停受理新的ETC申请'
/** The simulated risk reviewer's demo plate (server/catalogue/risk-review.ts). */
const RISK_REFUSED_PLATE = '京A77777'
/** Enough deletes to empty a green plate's 8 boxes. */
const MAX_PLATE_LENGTH = 8

describeBrowser('checks before a new order', () => {
  const browser = sharedBrowser()
  let server: SpawnedServer | undefined

  beforeAll(async () => {
    server = await spawnAppServer(H5_DIST)
  }, SERVER_START_TIMEOUT_MS)

  afterAll(async () => {
    await server?.stop()
  })

  const running = (): SpawnedServer => {
    if (!server) throw new Error('the server is not running')
    return server
  }
  const url = (hashPath: string): string => appUrl(hashPath, running().url)

  async function dataOf<T>(response: Response): Promise<T> {
    const body = (await response.json()) as Envelope<T>
    if (body.code !== 200) throw new Error(`${response.url}: ${body.code} ${body.msg}`)
    return body.data
  }

  /** What the operator's SQL on app_configs does, through this server's loopback operator call. */
  async function switchNewApply(open: boolean, reason?: string): Promise<NewApplySwitchResponse> {
    const secret = readOperatorSecret({ dataDir: running().dataDir, simOperatorSecret: undefined })
    const response = await fetch(`${running().url}${NEW_APPLY_SWITCH_SIM_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(secret !== undefined ? { [SIM_OPERATOR_HEADER]: secret } : {}) },
      body: JSON.stringify({ open, ...(reason ? { reason } : {}) }),
    })
    return dataOf<NewApplySwitchResponse>(response)
  }

  async function smsCode(mobile: string): Promise<string> {
    const response = await fetch(`${running().url}${API.smsTestLatest.path}?mobile=${encodeURIComponent(mobile)}`)
    return (await dataOf<{ code: string }>(response)).code
  }

  /** Opens the plate page afresh (a new load: what the server says now). */
  async function openPlatePage(page: Page): Promise<void> {
    await page.goto(url('/'))
    await page.reload()
    await onPage(page, 'plateEntry')
    await byTestId(page, 'plate-submit').waitFor()
  }

  /** Empties the plate boxes and types `plate`. */
  async function replacePlate(page: Page, plate: string): Promise<void> {
    await tap(page, 'plate-boxes')
    await byTestId(page, 'plate-keyboard').waitFor()
    for (let i = 0; i < MAX_PLATE_LENGTH; i++) await tap(page, 'plate-key-delete')
    // Closed again: typePlate opens it from the first box, which the open keyboard may cover.
    await tap(page, 'plate-key-done')
    await typePlate(page, plate)
  }

  /** Taps 下一步 and waits until the plate check (its open-order query for `plate`) has been answered and decided. */
  async function submitPlate(page: Page, plate: string): Promise<void> {
    const checked = page.waitForResponse((response) => response.url().includes('handleProcess') && decodeURIComponent(response.url()).includes(plate))
    await tap(page, 'plate-submit')
    await checked
    await page.locator('[data-testid="plate-submit"][aria-busy="false"]').waitFor()
  }

  /** Types the plate and goes on, logging in with the SMS simulator's code when asked; ends where the check leads. */
  async function startWith(page: Page, plate: string, mobile: string, leadsTo: string): Promise<void> {
    await openPlatePage(page)
    await typePlate(page, plate)
    await tap(page, 'plate-submit')
    await page.locator(`[data-testid="page-login"], ${leadsTo}`).first().waitFor()
    if (await page.locator('[data-testid="page-login"]').count()) {
      await fill(page, 'login-mobile', mobile)
      await tap(page, 'login-send-code')
      await byTestId(page, 'login-code-sent').waitFor()
      await fill(page, 'login-code', await smsCode(mobile))
      await tap(page, 'login-submit')
      await page.locator(leadsTo).first().waitFor()
    }
  }

  it('switched off: the plate page says so and opens no new order, the order already made goes on; switched on, a new one goes through', async () => {
    await withPage(browser(), async (page, errors) => {
      const mobile = freshPhone()
      // An order made while new applications are taken (step 1: on to the agreements). The consent
      // page opens ahead of the checks, so the order is made behind it: its answer is waited for.
      const orderMade = page.waitForResponse((response) => response.url().endsWith('/users/vehicles/h5/apply') && response.ok(), { timeout: 30_000 })
      await startWith(page, '京B24680', mobile, '[data-testid="page-agree"]')
      await orderMade

      await expect(switchNewApply(false, PAUSE_REASON)).resolves.toEqual({ allowNewApply: false, reason: PAUSE_REASON })
      await openPlatePage(page)
      await byTestId(page, 'plate-new-apply-paused').waitFor()
      await expect(byTestId(page, 'plate-new-apply-paused').textContent()).resolves.toContain(NEW_APPLY_PAUSED.title)
      await expect(byTestId(page, 'plate-new-apply-paused-reason').textContent()).resolves.toBe(PAUSE_REASON)
      await screenshot(page, 'new-apply-paused')

      // A new plate: checked, but no order is opened and the page stays, saying why.
      await replacePlate(page, '沪C13579')
      await submitPlate(page, '沪C13579')
      await expect(page.locator('[data-testid="page-agree"]').count()).resolves.toBe(0)
      await expect(byTestId(page, 'plate-new-apply-paused-reason').textContent()).resolves.toBe(PAUSE_REASON)

      // The order already made: continued from the order list, on to the agreements and the form.
      await tap(page, 'plate-new-apply-orders')
      await onPage(page, 'orderList')
      const continueButtons = page.getByRole('button', { name: /^继续办理 / })
      await continueButtons.first().waitFor()
      await expect(continueButtons.count()).resolves.toBe(1)
      await continueButtons.first().click()
      await acceptAgreements(page)
      await expect(byTestId(page, 'upinfo-plate').textContent()).resolves.toContain('京B24680')

      // Open again: the notice is gone and the new plate opens its order.
      await expect(switchNewApply(true)).resolves.toEqual({ allowNewApply: true, reason: '' })
      const switchRead = page.waitForResponse((response) => response.url().includes('restNewApplySwitch'))
      await openPlatePage(page)
      await switchRead
      await expect(page.locator('[data-testid="plate-new-apply-paused"]').count()).resolves.toBe(0)
      await replacePlate(page, '沪C13579')
      await tap(page, 'plate-submit')
      await page.locator('[data-testid="page-agree"], [data-testid="page-upinfo"]').first().waitFor()
      expect(errors).toEqual([])
    })
  })

  it('the risk review refuses the demo plate: the page says why, offers the hotline and opens no order', async () => {
    await withPage(browser(), async (page, errors) => {
      await startWith(page, RISK_REFUSED_PLATE, freshPhone(), '[data-testid="plate-risk-refused"]')
      await expect(byTestId(page, 'plate-risk-refused-reason').textContent()).resolves.toBe(RISK_REFUSED.reason)
      await expect(byTestId(page, 'plate-risk-refused').textContent()).resolves.toContain(RISK_REFUSED.hint)
      await expect(byTestId(page, 'plate-risk-service').textContent()).resolves.toContain(HOTLINE)
      await expect(page.locator('[data-testid="page-agree"]').count()).resolves.toBe(0)
      await screenshot(page, 'risk-refused')

      // Nothing was opened for the plate.
      await page.goto(url('/apply/order-list'))
      await page.reload()
      await onPage(page, 'orderList')
      await page.locator('[data-testid="order-list"], [data-testid="order-list-empty"]').first().waitFor()
      await expect(page.locator('[data-testid^="order-row-"]').count()).resolves.toBe(0)
      expect(errors).toEqual([])
    })
  })
})
