/**
 * 长辈模式 (issue 31), in Chromium against the real server, as a person walks it on a 390 px phone:
 * the switch is found by its role and name on the first screen and on the order list; it makes
 * the text at least 18 px and the tap targets at least 48 px, says less (a sentence the steps
 * repeat left out, a long note shortened), and is kept across a reload; the
 * whole journey is walked in it, and every page of the journey passes axe-core's WCAG 2 rules up
 * to AAA (7:1 contrast for text) with no text cut off and nothing wider than its parent.
 */
import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { ENTRY_COPY } from '../../src/config/entry-copy'
import { appUrl } from './support/app-url'
import { describeBrowser } from './support/describe-browser'
import { withPage } from './support/browser'
import {
  acceptAgreements,
  byTestId,
  fillInformation,
  loginWithSms,
  onPage,
  orderIdOfPayPage,
  sharedBrowserWithPhotos,
  tap,
  typePlate,
  uploadPhotos,
} from './support/journey'
import { freshPhone, screenshot } from './support/world'

jest.setTimeout(300_000)

const PHONE_390 = { width: 390, height: 844 }
const WCAG_TO_AAA = ['wcag2a', 'wcag2aa', 'wcag2aaa', 'wcag21a', 'wcag21aa']
const MIN_TEXT_PX = 18
const MIN_TARGET_PX = 48
/** Rounding of rem-scaled boxes. */
const TOLERANCE_PX = 1

interface Finding {
  rule: string
  targets: string[]
}

async function axeViolations(page: Page): Promise<Finding[]> {
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TO_AAA,
  )
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }))
}

/**
 * What does not fit on the page showing: text an element cuts off (its content wider or taller
 * than its box while it hides the rest), and elements that reach out of their parent's box
 * sideways. Elements taken out of the flow (absolute, fixed) and the insides of scrolling boxes
 * are judged by their own rules, not their parent's.
 */
async function misfits(page: Page, route: string): Promise<string[]> {
  return page.locator(`[data-testid="page-${route}"]`).last().evaluate((root, tolerance) => {
    const found: string[] = []
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').filter(Boolean).join('.')} "${(element.textContent ?? '').trim().slice(0, 16)}"`
    // Text for screen readers only (clipped to a pixel) is hidden on purpose.
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.clip === 'auto'
    }
    const outOfFlow = (element: Element) => ['absolute', 'fixed'].includes(getComputedStyle(element).position)
    const scrolls = (element: Element) => /(auto|scroll)/.test(getComputedStyle(element).overflowX)
    for (const element of Array.from(root.querySelectorAll('*'))) {
      if (!visible(element) || element.closest('[aria-hidden="true"], .page-shell__title')) continue
      const style = getComputedStyle(element)
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis'
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
      if (hasText && hides && (element.scrollWidth > element.clientWidth + tolerance || element.scrollHeight > element.clientHeight + tolerance)) found.push(`cut off: ${name(element)}`)
      const parent = element.parentElement
      if (!parent || parent === root.parentElement || outOfFlow(element) || scrolls(parent)) continue
      const own = element.getBoundingClientRect()
      const outer = parent.getBoundingClientRect()
      if (own.left < outer.left - tolerance || own.right > outer.right + tolerance) found.push(`wider than its parent: ${name(element)} in ${name(parent)}`)
    }
    return found
  }, TOLERANCE_PX)
}

/** What a person taps or types into that is smaller than MIN_TARGET_PX either way. */
async function smallTargets(page: Page, route: string): Promise<string[]> {
  return page.locator(`[data-testid="page-${route}"]`).last().evaluate(
    (root, { min, tolerance }) => {
      const controls = root.querySelectorAll('button, a[href], input, textarea, [role="button"], [role="switch"], [role="radio"], [role="checkbox"], [role="link"], [role="tab"]')
      return Array.from(controls).flatMap((control) => {
        const rect = control.getBoundingClientRect()
        if (rect.width === 0 || rect.height === 0 || control.closest('[aria-hidden="true"]')) return []
        if (rect.height >= min - tolerance && rect.width >= min - tolerance) return []
        const label = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 16) ?? ''
        return [`${control.tagName.toLowerCase()} "${label}" ${Math.round(rect.width)}×${Math.round(rect.height)}`]
      })
    },
    { min: MIN_TARGET_PX, tolerance: TOLERANCE_PX },
  )
}

/** The page showing, in elder mode: AAA-clean, nothing cut off or sticking out, every target 48 px. */
async function expectElderPage(page: Page, route: string): Promise<void> {
  await onPage(page, route)
  await page.locator(`[data-testid="page-${route}"].elder-mode`).last().waitFor()
  await page.waitForLoadState('networkidle')
  expect({ route, violations: await axeViolations(page) }).toEqual({ route, violations: [] })
  expect({ route, misfits: await misfits(page, route) }).toEqual({ route, misfits: [] })
  expect({ route, smallTargets: await smallTargets(page, route) }).toEqual({ route, smallTargets: [] })
}

describeBrowser('长辈模式', () => {
  const { browser, files } = sharedBrowserWithPhotos()

  it('is a switch on the first screen: larger text and targets at once, kept across a reload', async () => {
    await withPage(
      browser(),
      async (page, errors) => {
        await page.goto(appUrl('/'))
        await onPage(page, 'plateEntry')
        const toggle = page.getByRole('switch', { name: '长辈模式' })
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false')
        const intro = page.getByText(ENTRY_COPY.intro).last()
        await expect(intro.isVisible()).resolves.toBe(true)
        const submit = page.getByRole('button', { name: '下一步' })
        const before = await submit.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
        await toggle.click()
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true')
        await page.locator('[data-testid="page-plateEntry"].elder-mode').waitFor()
        // Fewer words: the steps say what the sentence said.
        await expect(intro.isVisible()).resolves.toBe(false)
        await expect(page.getByRole('list', { name: '办理流程' }).last().isVisible()).resolves.toBe(true)
        const after = await submit.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
        expect(after).toBeGreaterThan(before)
        const body = await page.getByRole('switch', { name: '长辈模式' }).locator('.elder-mode-switch__state').evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
        expect(body).toBeGreaterThanOrEqual(MIN_TEXT_PX)
        const keyHeight = await byTestId(page, 'plate-submit').evaluate((element) => element.getBoundingClientRect().height)
        expect(keyHeight).toBeGreaterThanOrEqual(MIN_TARGET_PX)
        await screenshot(page, 'elder-mode-plate')

        await page.reload()
        await onPage(page, 'plateEntry')
        await expect(page.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).resolves.toBe('true')
        await page.locator('[data-testid="page-plateEntry"].elder-mode').waitFor()
        expect(errors).toEqual([])
      },
      { viewport: PHONE_390 },
    )
  })

  it('walks the whole journey in it: every page AAA-clean, nothing cut off, the switch on the order list too', async () => {
    await withPage(
      browser(),
      async (page, errors) => {
        await page.addInitScript({ content: axe.source })
        await page.goto(appUrl('/'))
        await onPage(page, 'plateEntry')
        await page.getByRole('switch', { name: '长辈模式' }).click()
        await expectElderPage(page, 'plateEntry')

        await typePlate(page, '京F31003')
        await tap(page, 'plate-submit')
        await expectElderPage(page, 'login')
        await loginWithSms(page, freshPhone())
        await expectElderPage(page, 'agree')
        await acceptAgreements(page)
        await expectElderPage(page, 'upinfo')
        // The photos' long note gives way to a short one.
        await expect(page.getByText('拍照后自动填写下方信息').isVisible()).resolves.toBe(true)
        await expect(page.getByText(/^拍照自动填写：/).isVisible()).resolves.toBe(false)
        await fillInformation(page, 'onSite')
        await uploadPhotos(page, files())
        await expectElderPage(page, 'upinfo')
        await screenshot(page, 'elder-mode-upinfo')
        await tap(page, 'upinfo-next')
        await expectElderPage(page, 'selectLand')
        await page.locator('[data-testid="packages"] [data-testid$="-details"]').first().click()
        await expectElderPage(page, 'selectDetail')
        await tap(page, 'package-detail-choose')
        await expectElderPage(page, 'pay')
        const orderId = await orderIdOfPayPage(page)

        await page.goto(appUrl('/apply/order-list'))
        await expectElderPage(page, 'orderList')
        await expect(page.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).resolves.toBe('true')
        await page.goto(appUrl(`/apply/order?orderId=${orderId}`))
        await expectElderPage(page, 'order')
        expect(errors).toEqual([])
      },
      { viewport: PHONE_390 },
    )
  })
})
