import { chromium } from 'playwright-core'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium'

export const PHONE = { width: 375, height: 740 }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/** One Chromium for the enclosing describe block: launched before its tests, closed after. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser is not running')
    return browser
  }
}

/** A phone-sized page (unless `options` say otherwise) that fails the test on any uncaught page error. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: PHONE, locale: 'zh-CN', ...options })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors }
}

/** Runs `test` on a fresh page and closes the page afterwards, whatever happens. */
export async function withPage(
  browser: Browser,
  test: (page: Page, errors: string[]) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const { page, errors } = await openPage(browser, options)
  try {
    await test(page, errors)
  } finally {
    await page.close()
  }
}
