/**
 * The plate keyboard of index.html's first screen, in the built app behind the real server (and
 * its CSP): on a link so slow that no script of the app has arrived, a person types their plate,
 * and the page that replaces the first screen carries on from it, in every frame: the typed
 * plate never blanks while the placeholder and then the form take it over (issue 25, item 10).
 */
import type { Page } from 'playwright-core'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { sharedBrowser, withPage } from './support/browser'
import { cspRefusals, holdScripts } from './support/held-scripts'
import { byTestId, onPage, tap } from './support/journey'

jest.setTimeout(60_000)

const boxes = (page: Page): Promise<string> =>
  page
    .locator('[data-testid^="plate-box-"]')
    .allTextContents()
    .then((texts) => texts.join(''))

/** Records, frame by frame from the page's start, the characters the visible plate boxes show. */
function recordPlateFrames(): void {
  const frames: string[] = []
  ;(window as unknown as { plateFrames: string[] }).plateFrames = frames
  const sample = () => {
    const boxes = Array.from(document.querySelectorAll('[data-testid^="plate-box-"]')).filter((box) => box.checkVisibility())
    const shown = boxes.map((box) => box.textContent ?? '').join('')
    if (boxes.length && shown !== frames[frames.length - 1]) frames.push(shown)
    requestAnimationFrame(sample)
  }
  requestAnimationFrame(sample)
}

/** A phone's slower processor, for the take-over's frames. */
const CPU_SLOWDOWN = 4

describeBrowser("index.html's plate keyboard", () => {
  const browser = sharedBrowser()

  it('types a plate before the scripts arrive, and the page goes on from what was typed', () =>
    withPage(browser(), async (page, errors) => {
      const refused = cspRefusals(page)
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

  it('keeps the typed plate in every frame while the page takes it over, on a slow processor', () =>
    withPage(browser(), async (page, errors) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await page.addInitScript(recordPlateFrames)
      const release = await holdScripts(page)
      await page.goto(appUrl('/'), { waitUntil: 'commit' })
      for (const key of ['京', 'A', '1']) await page.getByRole('button', { name: key, exact: true }).click()
      release()
      await byTestId(page, 'plate-submit').waitFor()
      // A few frames more: a blank would come right after the form's first paint.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
      const frames = await page.evaluate(() => (window as unknown as { plateFrames: string[] }).plateFrames)
      // Empty, then each key as it was typed, then nothing else: no frame shows less.
      expect(frames).toEqual(['', '京', '京A', '京A1'])
      expect(errors).toEqual([])
    }))
})
