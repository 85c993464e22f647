/**
 * The plate keyboard of index.html's first screen, in the built app behind the real server (and
 * its CSP): on a link so slow that no script of the app has arrived, a person types their plate,
 * and the page that replaces the first screen carries on from it.
 */
import type { Page } from 'playwright-core'
import { appUrl } from './support/app-url'
import { describeBrowser, sharedBrowser, withPage } from './support/browser'
import { byTestId, onPage, tap } from './support/journey'

jest.setTimeout(60_000)

/** Holds every script of the app until released: the page has nothing but its HTML and styles. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/js/**', async (route) => {
    await released
    await route.continue().catch(() => undefined)
  })
  return release
}

const boxes = (page: Page): Promise<string> =>
  page
    .locator('[data-testid^="plate-box-"]')
    .allTextContents()
    .then((texts) => texts.join(''))

describeBrowser("index.html's plate keyboard", () => {
  const browser = sharedBrowser()

  it('types a plate before the scripts arrive, and the page goes on from what was typed', () =>
    withPage(browser(), async (page, errors) => {
      const refused: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
      })
      const release = await holdScripts(page)
      await page.goto(appUrl('/'), { waitUntil: 'commit' })
      for (const key of ['京', 'A', '1']) await page.getByRole('button', { name: key, exact: true }).click()
      expect(await boxes(page)).toBe('京A1')
      expect(await page.getByRole('button', { name: '车牌号 京A1，共7位，点击输入' }).count()).toBe(1)
      // Only the static first screen is here: no page of the app has rendered.
      expect(await page.locator('[data-testid^="page-"]').count()).toBe(0)

      release()
      await onPage(page, 'plateEntry')
      expect(await boxes(page)).toBe('京A1')
      for (const key of '2345') await tap(page, `plate-key-${key}`)
      expect(await boxes(page)).toBe('京A12345')
      await byTestId(page, 'plate-submit').waitFor()
      expect(refused).toEqual([])
      expect(errors).toEqual([])
    }))
})
