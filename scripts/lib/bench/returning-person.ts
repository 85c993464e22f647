/**
 * A person who applied on this phone and comes back days later through a shared link to their
 * order: their order exists (applied and paid through the app, unthrottled, with the browser
 * suite's own steps), and what the browser keeps across days is kept for the measured loads:
 * localStorage and cookies as the application left them (the stored session among them). The
 * HTTP cache is not (the loads run with it off), nor sessionStorage (gone with the tab). Nor is a
 * service worker or its Cache Storage (a storage state holds neither): the document comes from
 * the server, as in a web view without service workers, where shared links often open.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { applyAndPay, photoFiles } from '../../../__tests__/e2e/support/journey'
import { freshPhone } from '../../../__tests__/e2e/support/world'
import { PHONE_VIEWPORT } from './phone'

export type StoredState = Awaited<ReturnType<BrowserContext['storageState']>>

export interface ReturningPerson {
  readonly orderId: string
  /** What the phone kept: the measured loads start from it. */
  readonly storage: StoredState
}

/** Applies and pays for `plate` on `baseUrl` as a new person; answers their order and what their phone stored. */
export async function returningPerson(browser: Browser, baseUrl: string, plate: string): Promise<ReturningPerson> {
  process.env.E2E_BASE_URL = baseUrl
  const files = await photoFiles(browser)
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'zh-CN' })
  try {
    const orderId = await applyAndPay(await context.newPage(), files, plate, freshPhone())
    return { orderId, storage: await context.storageState() }
  } finally {
    await context.close()
  }
}
