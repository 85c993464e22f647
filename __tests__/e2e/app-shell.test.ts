/**
 * The app-shell service worker in the built app behind the real server (issue 29: a repeat visit
 * usable within 0.6 s on a slow link): the first visit installs it, keeping the document; the
 * next visit's document comes from the device, the app works on it, and even offline the plate
 * page opens and takes a plate. The worker's file is served like the document (revalidated).
 */
import type { Page } from 'playwright-core'
import { appUrl, baseUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { byTestId } from './support/journey'

jest.setTimeout(60_000)

const WORKER = 'app-shell-worker.js'

/** Waits until the page's worker has activated (installed: the document kept); answers its state. */
const workerActivated = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active
    if (!worker) return 'none'
    if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(undefined)))
    return worker.state
  })

describeBrowser('the app kept on the device', () => {
  const browser = sharedBrowser()

  it('is served revalidated, as a script', async () => {
    const response = await fetch(`${baseUrl()}/${WORKER}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toContain('fetch')
  })

  it('a first visit installs the worker; the next visit is answered from the device, online and offline', () =>
    withPage(browser(), async (page, errors) => {
      const first = await page.goto(appUrl('/'))
      expect(first?.fromServiceWorker()).toBe(false)
      await byTestId(page, 'plate-submit').waitFor()
      expect(await workerActivated(page)).toBe('activated')

      const again = await page.goto(`${baseUrl()}/?bd_vid=repeat-1#/`)
      expect(again?.fromServiceWorker()).toBe(true)
      await byTestId(page, 'plate-submit').waitFor()
      await page.getByRole('button', { name: '京', exact: true }).click()
      await page.locator('[data-testid="plate-box-0"]', { hasText: '京' }).waitFor()

      // Offline: the document from the device, the scripts from the HTTP cache, what was typed from storage.
      await page.context().setOffline(true)
      try {
        const offline = await page.reload()
        expect(offline?.fromServiceWorker()).toBe(true)
        await byTestId(page, 'plate-submit').waitFor()
        await page.locator('[data-testid="plate-box-0"]', { hasText: '京' }).waitFor()
      } finally {
        await page.context().setOffline(false)
      }
      expect(errors).toEqual([])
    }))

  it("answers only the app's document: another path of the server is not kept", () =>
    withPage(browser(), async (page) => {
      await page.goto(appUrl('/'))
      await workerActivated(page)
      const health = await page.goto(`${baseUrl()}/healthz`)
      expect(health?.fromServiceWorker()).toBe(false)
      await page.context().setOffline(true)
      try {
        await expect(page.goto(`${baseUrl()}/healthz`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
      } finally {
        await page.context().setOffline(false)
      }
    }))
})
