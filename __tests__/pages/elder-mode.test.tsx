/**
 * 长辈模式 (issue 31): the switch on the plate page (a switch by role, its state read out) puts
 * every page frame in elder mode at once and is kept on the device; with no choice made, the mode
 * follows the host's large text (the mini-programs' font size setting, the browser's text zoom);
 * 清除缓存 forgets the choice.
 */
import { isLargeHostText } from '../../src/domain/elder-mode'
import { ELDER_MODE_CLASS, elderModeOn, forgetElderMode, setElderMode } from '../../src/platform/elder-mode'
import { getByTestId, spyNavigateToEachTest } from '../support/page-test'
import { mountPlatePage, plateWorld } from '../support/plate-page-world'

const frame = (page: Awaited<ReturnType<typeof mountPlatePage>>) => getByTestId(page, 'page-plateEntry')

describe('the host large text', () => {
  it("is a font size setting above the hosts' standard 17 px, or a text zoom of 115 % or more", () => {
    expect(isLargeHostText({})).toBe(false)
    expect(isLargeHostText({ fontSizeSetting: 17 })).toBe(false)
    expect(isLargeHostText({ fontSizeSetting: 20 })).toBe(true)
    expect(isLargeHostText({ textZoom: 1 })).toBe(false)
    expect(isLargeHostText({ textZoom: 1.14 })).toBe(false)
    expect(isLargeHostText({ textZoom: 1.15 })).toBe(true)
  })
})

describe("the browser's text zoom, with no choice made", () => {
  beforeEach(() => {
    localStorage.clear()
    forgetElderMode()
  })
  afterEach(() => {
    jest.restoreAllMocks()
    forgetElderMode()
  })

  /** The probe's line renders `ratio` times its font size, as under that text zoom. */
  const zoomed = (ratio: number) =>
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const size = parseFloat(this.style.fontSize) || 0
      return { height: size * ratio, width: size * ratio, top: 0, left: 0, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect
    })

  it('turns the mode on from 115 %, measured on a probe that leaves nothing behind', () => {
    zoomed(1.3)
    expect(elderModeOn()).toBe(true)
    expect(document.body.querySelectorAll('span[aria-hidden="true"]')).toHaveLength(0)
  })

  it('leaves it off at 100 % and 110 %, and a choice made wins over the zoom', () => {
    zoomed(1.1)
    expect(elderModeOn()).toBe(false)
    forgetElderMode()
    jest.restoreAllMocks()
    zoomed(1.5)
    setElderMode(false)
    forgetElderMode()
    expect(elderModeOn()).toBe(false)
  })
})

describe('the 长辈模式 switch', () => {
  spyNavigateToEachTest({ clearStorage: true })
  beforeEach(() => forgetElderMode())

  it('is off without a choice, a labelled switch on the plate page, and turns every page frame to elder mode', async () => {
    const page = await mountPlatePage(plateWorld({}))
    const toggle = getByTestId(page, 'elder-mode-switch')
    expect([toggle.getAttribute('role'), toggle.getAttribute('aria-label'), toggle.getAttribute('aria-checked')]).toEqual(['switch', '长辈模式', 'false'])
    expect(frame(page).className).not.toContain(ELDER_MODE_CLASS)

    page.fireEvent.click(toggle)
    await page.act(async () => undefined)
    expect(getByTestId(page, 'elder-mode-switch').getAttribute('aria-checked')).toBe('true')
    expect(frame(page).className).toContain(ELDER_MODE_CLASS)
    expect(Object.keys(localStorage).some((key) => key.endsWith('elderMode'))).toBe(true)
  })

  it('is kept for the person: read again after the app forgot it, and off again when switched off', async () => {
    setElderMode(true)
    forgetElderMode()
    expect(elderModeOn()).toBe(true)
    const page = await mountPlatePage(plateWorld({}))
    expect(frame(page).className).toContain(ELDER_MODE_CLASS)

    page.fireEvent.click(getByTestId(page, 'elder-mode-switch'))
    await page.act(async () => undefined)
    forgetElderMode()
    expect(elderModeOn()).toBe(false)
  })
})
