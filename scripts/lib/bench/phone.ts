/**
 * A phone as Lighthouse's mobile preset models it (../shared/TOOLCHAIN.md, "Measuring first load
 * like a phone"): a slow 4G link and a mid-range CPU, applied to a page through the DevTools
 * protocol, with a phone-sized viewport.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core'

/** Lighthouse's "slow 4G" round trip: 150 ms RTT × 3.75. The mini-program bench answers each request after it too. */
export const MOBILE_LATENCY_MS = 562.5
/** Lighthouse's "slow 4G": its round trip, 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up. */
export const MOBILE_NETWORK = { offline: false, latency: MOBILE_LATENCY_MS, downloadThroughput: 188_744, uploadThroughput: 86_400 } as const
/** A mid-range Android phone runs script about 4 times slower than this machine. */
export const MOBILE_CPU_SLOWDOWN = 4
export const PHONE_VIEWPORT = { width: 375, height: 740 } as const

export interface ThrottledPage {
  readonly context: BrowserContext
  readonly page: Page
  readonly cdp: CDPSession
}

/**
 * A page in a fresh context (nothing cached; nothing stored unless `storage` is given), throttled
 * like the phone; with `cache: false` the HTTP cache stays off for every load (a cold load each time).
 */
export async function throttledPage(
  browser: Browser,
  options: { cache: boolean; storage?: BrowserContextOptions['storageState'] },
): Promise<ThrottledPage> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'zh-CN', ...(options.storage ? { storageState: options.storage } : {}) })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !options.cache })
  await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN })
  return { context, page, cdp }
}
