/**
 * The journey at 200 % text zoom (issue 25): a 390 px phone zoomed to 200 % lays the page out 195
 * CSS px wide and 422 tall. Every page of the journey stays usable there: the plate boxes in
 * sight above the keyboard while typing, every input at least 120 px wide, nothing wider than the
 * window (no sideways scrolling, nothing cut off).
 */
import type { Page } from 'playwright-core'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import { acceptAgreements, byTestId, choosePackage, fillInformation, loginWithSms, onPage, sharedBrowserWithPhotos, uploadPhotos } from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(300_000)

/** A 390 × 844 phone at 200 % zoom. */
const ZOOMED = { width: 195, height: 422 }
const MIN_INPUT_WIDTH = 120

/** The page on screen: its inputs' widths, and how far anything reaches past the window's right edge. */
async function layoutOf(page: Page, route: string): Promise<{ inputs: number[]; overflow: number; widest: string }> {
  return page.locator(`[data-testid="page-${route}"]`).last().evaluate((root) => {
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden'
    }
    const inputs = Array.from(root.querySelectorAll('input, textarea')).filter(visible)
    const elements = Array.from(root.querySelectorAll('*')).filter(visible)
    const widest = elements.reduce<Element | undefined>((far, element) => (!far || element.getBoundingClientRect().right > far.getBoundingClientRect().right ? element : far), undefined)
    const right = widest?.getBoundingClientRect().right ?? 0
    return {
      inputs: inputs.map((input) => Math.round(input.getBoundingClientRect().width)),
      overflow: Math.round(right - window.innerWidth),
      widest: `${widest?.tagName.toLowerCase() ?? ''}.${widest?.className ?? ''} ${widest?.textContent?.slice(0, 20) ?? ''}`,
    }
  })
}

async function expectUsable(page: Page, route: string): Promise<void> {
  await onPage(page, route)
  await page.waitForTimeout(300)
  const { inputs, overflow, widest } = await layoutOf(page, route)
  for (const width of inputs) expect(width).toBeGreaterThanOrEqual(MIN_INPUT_WIDTH)
  // Named in the failure: what reaches past the window's edge.
  expect({ route, overflow: Math.max(overflow, 0) }).toEqual({ route, overflow: 0, ...(overflow > 0 ? { widest } : {}) })
  await screenshot(page, `zoom-${route}`)
}

/** Waits (as a person's eye would, a moment) for the plate boxes to be in sight above the open keyboard. */
async function boxesAboveKeyboard(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const boxes = document.querySelector('#plate-input [data-testid="plate-boxes"]')?.getBoundingClientRect()
      const keyboard = document.querySelector('#plate-input-keyboard')?.getBoundingClientRect()
      return Boolean(boxes && keyboard && boxes.top >= 0 && boxes.bottom <= keyboard.top)
    },
    undefined,
    { timeout: 2000 },
  )
}

describeBrowser('the journey at 200 % text zoom (195 CSS px wide)', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('types the plate with the boxes in sight, logs in, fills the form and reaches the pay page, nothing cut off', async () => {
    await withPage(
      browser(),
      async (page, errors) => {
        await page.goto(appUrl('/'))
        await onPage(page, 'plateEntry')
        await byTestId(page, 'plate-keyboard').waitFor()
        // A blue plate, as the page opens (a tap elsewhere would let the browser scroll for it).
        await expect(page.getByRole('radio', { name: /蓝牌/ }).last().getAttribute('aria-checked')).resolves.toBe('true')
        const keyboard = page.getByRole('group', { name: '车牌键盘' }).last()
        await boxesAboveKeyboard(page)
        // Every key but the last, which closes the keyboard.
        for (const char of '京F2025') {
          await keyboard.getByRole('button', { name: char, exact: true }).click()
          await boxesAboveKeyboard(page)
        }
        await screenshot(page, 'zoom-plate-typing')
        await keyboard.getByRole('button', { name: '6', exact: true }).click()
        await expectUsable(page, 'plateEntry')

        await page.getByRole('button', { name: '下一步' }).click()
        await expectUsable(page, 'login')
        await loginWithSms(page, freshPhone())
        await expectUsable(page, 'agree')
        await acceptAgreements(page)
        await expectUsable(page, 'upinfo')
        await fillInformation(page, 'mail')
        await expectUsable(page, 'upinfo')
        await uploadPhotos(page, files())
        await page.getByRole('button', { name: '下一步' }).click()
        await expectUsable(page, 'selectLand')
        await choosePackage(page)
        await expectUsable(page, 'pay')
        expect(errors).toEqual([])
      },
      { viewport: ZOOMED },
    )
  })
})
