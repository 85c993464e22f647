/**
 * The WeChat build runs: dist/weapp's App() launches and every page of app.json (main package and
 * subpackages) loads, shows and gets ready, signed in, drawing with no missing template and no
 * page error; the custom header sits below the status bar, centred on the host's capsule.
 * Needs `npm run build:weapp` first (skipped loudly without it, failed with REQUIRE_MINI_BUILD=1).
 */
import { ROUTES } from '../../src/config/routes'
import { findByText, pageText, tap } from './support/page-actions'
import { settle } from './support/settle'
import { signInBySms } from './support/sign-in'
import { describeWeapp, weappPages } from './support/weapp-build'
import { WORLD_HOOK_TIMEOUT_MS, weappWorld } from './support/weapp-world'
import type { CapsuleRect } from './support/wx-device'

const SELECT_LAND = 'pages/apply/select-land/index'

/** A px length of an inline style, as the page wrote it. */
const px = (value: string | undefined): number => {
  const match = /^(\d+(?:\.\d+)?)px$/.exec(value ?? '')
  if (!match) throw new Error(`Not a px length: ${value}`)
  return Number(match[1])
}

describeWeapp()('the WeChat build at run time', () => {
  const world = weappWorld()
  beforeAll(async () => signInBySms(world), WORLD_HOOK_TIMEOUT_MS)

  it('launches the app', () => {
    expect(typeof world.app().onLaunch).toBe('function')
    expect(world.problems()).toEqual([])
  })

  it.each(weappPages())('renders %s with every template and no error', async (route) => {
    const page = await world.open(`/${route}`)
    await settle(10)
    expect(world.stack.errors).toEqual([])
    expect(pageText(world.stack.top() ?? page)).not.toBe('')
    expect(world.console.missingTemplates).toEqual([])
    expect(world.problems()).toEqual([])
  })

  it('switches to 长辈模式 from the plate page: the page frame takes the larger tokens, and the order list keeps it', async () => {
    const page = await world.open(`/${ROUTES.plateEntry.page}`)
    await settle(10)
    // The simulator draws no aria attributes: the switch's words say its state.
    expect(page.component.dom?.querySelector('.page-shell.elder-mode')).toBeNull()
    expect(findByText(page, '字太小？点这里放大')).toBeTruthy()
    tap(page, findByText(page, '长辈模式'))
    await settle(10)
    expect(page.component.dom?.querySelector('.page-shell.elder-mode')).toBeTruthy()
    expect(findByText(page, '已开启：字大、按钮大')).toBeTruthy()

    const list = await world.open(`/${ROUTES.orderList.page}`)
    await settle(10)
    expect(list.component.dom?.querySelector('.page-shell.elder-mode')).toBeTruthy()
    expect(pageText(list)).toContain('长辈模式')
    // Back to normal for the other tests: the same switch.
    tap(list, findByText(list, '长辈模式'))
    await settle(10)
    expect(list.component.dom?.querySelector('.page-shell.elder-mode')).toBeNull()
    expect(world.stack.errors).toEqual([])
    expect(world.console.missingTemplates).toEqual([])
    expect(world.problems()).toEqual([])
  })

  describe('the custom header of select-land', () => {
    // Two phones: a notched one and an older one with a shorter status bar and a lower capsule.
    const PHONES: { name: string; statusBarHeight: number; capsule: CapsuleRect }[] = [
      { name: 'notched', statusBarHeight: 47, capsule: { top: 51, height: 32, width: 87, left: 333, right: 420, bottom: 83 } },
      { name: 'older', statusBarHeight: 20, capsule: { top: 26, height: 32, width: 87, left: 281, right: 368, bottom: 58 } },
    ]

    it.each(PHONES)('sits below the status bar and lines up with the capsule ($name)', async ({ statusBarHeight, capsule }) => {
      world.useDevice({ statusBarHeight, capsule })
      const page = await world.open(`/${SELECT_LAND}`)
      await settle(10)
      expect(world.stack.top()?.route).toBe(SELECT_LAND)
      const header = page.component.dom?.querySelector<HTMLElement>('.custom-header')
      const band = header?.querySelector<HTMLElement>('.nut-navbar')
      expect(header && band).toBeTruthy()
      const top = px(header!.style.paddingTop)
      const height = px(band!.style.height)
      expect(top).toBe(statusBarHeight)
      // The band holds the capsule, with its centre on the capsule's centre.
      expect(top).toBeLessThanOrEqual(capsule.top)
      expect(top + height).toBeGreaterThanOrEqual(capsule.bottom)
      expect(top + height / 2).toBe(capsule.top + capsule.height / 2)
      // The back button draws its arrow: a node with a template, inside the button.
      const back = header!.querySelector('.custom-header__back')
      expect(back?.querySelector('[data-sid]')).toBeTruthy()
      expect(findByText(page, '套餐选择')).toBeTruthy()
      expect(world.problems()).toEqual([])
    })
  })
})
