/**
 * @jest-environment jsdom
 */
import { entrySkeletonHtml } from '../../src/config/entry-skeleton'
import { EARLY_LANDING_KEY, ENTRY_SKELETON_ID, LANDING_SKELETON_ATTRIBUTE } from '../../src/config/first-screens'
import { LANDING_SKELETON_RULES, landingSkeletonHtml } from '../../src/config/landing-skeleton'
import { LANDINGS, LANDING_CTA_TEST_ID, LANDING_HIGHLIGHTS_LABEL, LANDING_ROUTES } from '../../src/config/landings'
import type { LandingRoute } from '../../src/config/landings'
import { ROUTES } from '../../src/config/routes'
import { installEarlyKeyboard } from '../../src/platform/h5/early-keyboard'
import { installEarlyLanding } from '../../src/platform/h5/early-landing'
import { takeEarlyLandingTap } from '../../src/platform/h5/early-landing-tap'
import { SKELETON_PLATE_KEY } from '../../src/platform/h5/skeleton-plate'

const copies = (): HTMLElement[] => Array.from(document.querySelectorAll<HTMLElement>(`[${LANDING_SKELETON_ATTRIBUTE}]`))
const entryCopy = (): HTMLElement | null => document.getElementById(ENTRY_SKELETON_ID)
const cta = (): HTMLElement => document.querySelector<HTMLElement>(`[data-testid="${LANDING_CTA_TEST_ID}"]`)!
const hashChanged = (): Promise<void> => new Promise((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }))

/** index.html's body at `hash`, its inline scripts run in order (the entry copy's gate, the keyboard, the landing script). */
async function open(hash: string): Promise<void> {
  if (window.location.hash !== hash) {
    const changed = hashChanged()
    window.location.hash = hash
    await changed
  }
  const entry = entrySkeletonHtml('')
  document.body.innerHTML = `${entry}${landingSkeletonHtml('')}<div id="app"></div>`
  const gate = /<script>(.*?)<\/script>/.exec(entry)?.[1] ?? ''
  new Function(gate)()
  installEarlyKeyboard(document, window)
  installEarlyLanding(document, window)
}

afterEach(() => {
  // The app takes over: the listeners of this test's copy answer no more.
  takeEarlyLandingTap(LANDING_ROUTES)
  delete (window as unknown as Record<string, unknown>)[SKELETON_PLATE_KEY]
})

describe("index.html's copies of the landing pages", () => {
  it.each(LANDING_ROUTES)("carry the hero of %s, hidden, with the page's classes and its call to action", (route) => {
    const { hero, cta: action } = LANDINGS[route]
    const html = landingSkeletonHtml('installLanding()')
    document.body.innerHTML = html
    const own = document.querySelector(`[${LANDING_SKELETON_ATTRIBUTE}="${route}"]`)!.outerHTML
    expect(own).toContain(`data-landing-address="${ROUTES[route].urls[0]}" hidden`)
    expect(own).toContain(`class="landing-hero landing-hero--${hero.banner.theme}"`)
    expect(own).toContain(`landing-banner--${hero.banner.motif}" aria-hidden="true"`)
    for (const text of [hero.title, hero.subtitle, hero.offer, ...hero.highlights, LANDING_HIGHLIGHTS_LABEL]) expect(own).toContain(text)
    expect(own).toContain(
      `<div class="entry-button entry-button--primary landing-hero__cta" role="button" tabindex="0" aria-label="${action}" data-testid="${LANDING_CTA_TEST_ID}" data-landing-cta="/apply/basic">${action}</div>`,
    )
    expect(html.endsWith('<script>installLanding()</script>')).toBe(true)
  })

  it('inline the landing screen’s rules, the hero’s and the banner’s only', () => {
    for (const selector of ['.landing', '.landing-hero', '.landing-hero--blue .landing-hero__cta', '.landing-banner__shape']) expect(LANDING_SKELETON_RULES.test(selector)).toBe(true)
    for (const selector of ['.landing__section', '.landing__partner', '.entry-button', '.page-shell']) expect(LANDING_SKELETON_RULES.test(selector)).toBe(false)
  })

  it.each(LANDING_ROUTES)('show only the copy of %s on its address, the plate page’s kept hidden', async (route) => {
    await open(`#${ROUTES[route].urls[0]}?bd_vid=CLICK-1`)
    expect(copies().map((copy) => [copy.getAttribute(LANDING_SKELETON_ATTRIBUTE), copy.hidden])).toEqual([[route, false]])
    expect(copies()[0]?.querySelector('[role="heading"]')?.textContent).toBe(LANDINGS[route].hero.title)
    expect(entryCopy()?.hidden).toBe(true)
  })

  it.each(['', '#/', '#/apply/basic?promotionChannelId=P1'])('leave none on the plate page’s address %p, whose copy shows', async (hash) => {
    await open(hash)
    expect(copies()).toEqual([])
    expect(entryCopy()?.hidden).toBe(false)
  })

  it.each(['#/apply/order-list', '#/apply/land/gaode-notice', '#/apply/baidu-land2', '#/pages/login/index'])('leave no copy at all on another page’s address %p', async (hash) => {
    await open(hash)
    expect(copies()).toEqual([])
    expect(entryCopy()).toBeNull()
  })
})

describe("a landing copy's call to action, before the app", () => {
  const tapAt = async (route: LandingRoute, query: string, press: () => void) => {
    await open(`#${ROUTES[route].urls[0]}${query}`)
    const changed = hashChanged()
    press()
    await changed
  }

  it("leads to the plate page's address with the landing's query, to its copy, whose keyboard works", async () => {
    await tapAt('baiduLand', '?bd_vid=CLICK-1&promotionChannelId=P1', () => cta().click())
    expect(window.location.hash).toBe('#/apply/basic?bd_vid=CLICK-1&promotionChannelId=P1')
    expect(copies().map((copy) => copy.hidden)).toEqual([true])
    expect(entryCopy()?.hidden).toBe(false)
    document.querySelector<HTMLElement>('[data-testid="plate-key-京"]')!.click()
    expect(document.querySelector('[data-testid="plate-box-0"]')?.textContent).toBe('京')
  })

  it('keeps, for the app to take once, that the landing page was left through it', async () => {
    await tapAt('jhLand', '', () => cta().click())
    expect(window.location.hash).toBe('#/apply/basic')
    expect(takeEarlyLandingTap(LANDING_ROUTES)).toBe('jhLand')
    expect(takeEarlyLandingTap(LANDING_ROUTES)).toBeUndefined()
  })

  it.each([
    ['Enter', 'keydown'],
    [' ', 'keyup'],
  ])('answers the %p key as a button does', async (key, type) => {
    await tapAt('qishi', '', () => cta().dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true })))
    expect(window.location.hash).toBe('#/apply/basic')
  })

  it('shows the landing again when the person comes back to its address, and keeps no tap then', async () => {
    await tapAt('chelun', '?bd_vid=CLICK-2', () => cta().click())
    const back = hashChanged()
    window.history.back()
    await back
    expect(window.location.hash).toBe('#/apply/chelun?bd_vid=CLICK-2')
    expect(copies().map((copy) => copy.hidden)).toEqual([false])
    expect(entryCopy()?.hidden).toBe(true)
    expect(takeEarlyLandingTap(LANDING_ROUTES)).toBeUndefined()
  })

  it('answers no more once the app has taken over', async () => {
    await open('#/apply/land')
    expect(takeEarlyLandingTap(LANDING_ROUTES)).toBeUndefined()
    cta().click()
    expect(window.location.hash).toBe('#/apply/land')
    expect(copies().map((copy) => copy.hidden)).toEqual([false])
  })

  it('is kept on the window under its key, and only a route the app knows is taken', async () => {
    await tapAt('land', '', () => cta().click())
    const record = (window as unknown as Record<string, { route: string }>)[EARLY_LANDING_KEY]!
    record.route = 'elsewhere'
    expect(takeEarlyLandingTap(LANDING_ROUTES)).toBeUndefined()
  })
})
