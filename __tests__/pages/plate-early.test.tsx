/**
 * The entry page before the app's services arrive: its plate keyboard already works, and what is
 * typed there becomes the application's plate when the form (with the stores) comes.
 */
import PlateEntryPage from '../../src/pages/entry/plate/index'
import { entrySkeletonHtml } from '../../src/config/entry-skeleton'
import { ENTRY_SKELETON_ID } from '../../src/config/first-screens'
import { entryFromText, plateText } from '../../src/domain/plate-entry'
import { clearEarlyInput } from '../../src/features/entry/plate/early-plate'
import { installEarlyKeyboard } from '../../src/platform/h5/early-keyboard'
import { SKELETON_PLATE_KEY } from '../../src/platform/h5/skeleton-plate'
import { applicationDetail } from '../support/journey-fixtures'
import { byTestId, getByTestId, mountColdStart } from '../support/page-test'
import { boxes, press } from '../support/plate-keys'
import { pageTestWorld } from '../support/test-app'

type Page = Awaited<ReturnType<typeof mountColdStart>>['page']

/** Lets the lazily loaded form (a dynamic import) arrive. */
async function settle(page: Page, rounds = 10) {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function coldStart(world = pageTestWorld()) {
  const started = await mountColdStart(PlateEntryPage, world)
  return {
    ...started,
    async arrive() {
      await started.arrive()
      await settle(started.page)
    },
  }
}

describe('plate entry before the services', () => {
  beforeEach(() => {
    localStorage.clear()
    // A test that ends before the form came leaves nothing for the next.
    clearEarlyInput()
    delete (window as unknown as Record<string, unknown>)[SKELETON_PLATE_KEY]
  })

  it("takes index.html's static copy of the page away as it first renders", async () => {
    document.body.insertAdjacentHTML('afterbegin', entrySkeletonHtml(''))
    expect(document.getElementById(ENTRY_SKELETON_ID)).not.toBeNull()
    const { page } = await coldStart()
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    expect(document.getElementById(ENTRY_SKELETON_ID)).toBeNull()
  })

  it('opens with a working keyboard, while 下一步 waits', async () => {
    const { page } = await coldStart()
    expect(byTestId(page, 'page-services-loading')).not.toBeNull()
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    await press(page, '京', 'A')
    expect(boxes(page)).toBe('京A')
    expect(getByTestId(page, 'plate-submit-waiting').getAttribute('aria-busy')).toBe('true')
    expect(byTestId(page, 'plate-submit')).toBeNull()
  })

  it('hands what was typed to the application when the form comes, keyboard still open', async () => {
    const { page, world, arrive } = await coldStart()
    await press(page, '粤', 'B', '1')
    await arrive()
    expect(byTestId(page, 'plate-submit')).not.toBeNull()
    expect(boxes(page)).toBe('粤B1')
    expect(plateText(world.services.store.apply.plate)).toBe('粤B1')
    expect(byTestId(page, 'plate-keyboard')).not.toBeNull()
    await press(page, '2')
    expect(plateText(world.services.store.apply.plate)).toBe('粤B12')
  })

  it('keeps the keyboard closed when it was closed before the form came', async () => {
    const { page, arrive } = await coldStart()
    await press(page, '京', 'done')
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    await arrive()
    expect(boxes(page)).toBe('京')
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
  })

  it('leaves a plate restored from the last visit alone when nothing was typed', async () => {
    const world = pageTestWorld()
    world.services.store.apply.setPlate(entryFromText('京A12345'))
    const { page, arrive } = await coldStart(world)
    await arrive()
    expect(boxes(page)).toBe('京A12345')
    expect(plateText(world.services.store.apply.plate)).toBe('京A12345')
  })

  it('only closing the keyboard before the form came keeps the restored plate and its order', async () => {
    const world = pageTestWorld()
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1', plateNumber: '京A12345' }))
    const { page, arrive } = await coldStart(world)
    await press(page, 'done')
    await arrive()
    expect(plateText(world.services.store.apply.plate)).toBe('京A12345')
    expect(world.services.store.apply.orderId).toBe('O1')
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
  })

  it('a plate typed before the form wins over the one restored from the last visit', async () => {
    const world = pageTestWorld()
    world.services.store.apply.setPlate(entryFromText('京A12345'))
    const { page, arrive } = await coldStart(world)
    await press(page, '沪')
    await arrive()
    expect(plateText(world.services.store.apply.plate)).toBe('沪')
  })

  describe("after index.html's keyboard (before the app's scripts)", () => {
    /** index.html's first screen with its keyboard running, as the browser has it before the scripts. */
    function staticFirstScreen() {
      document.body.insertAdjacentHTML('afterbegin', entrySkeletonHtml(''))
      installEarlyKeyboard(document, window)
      const skeleton = document.getElementById(ENTRY_SKELETON_ID)!
      return {
        tap: (...keys: string[]) => keys.forEach((key) => (skeleton.querySelector(`[data-testid="plate-key-${key}"]`) as HTMLElement).click()),
      }
    }

    /** What a person (and a test) finds on the plate input: ids, roles, names and the plate input's classes. */
    const plateInputParts = (root: Pick<ParentNode, 'querySelectorAll'>) =>
      Array.from(root.querySelectorAll('.plate-input [data-testid], .plate-input [role]'), (element) => ({
        testId: element.getAttribute('data-testid'),
        role: element.getAttribute('role'),
        label: element.getAttribute('aria-label'),
        checked: element.getAttribute('aria-checked'),
        classes: [...element.classList].filter((name) => name.startsWith('plate-input')).sort(),
        text: element.children.length ? null : element.textContent,
      }))

    it('draws the same input as the page: keys, boxes, roles, names and classes', async () => {
      staticFirstScreen()
      const early = plateInputParts(document.getElementById(ENTRY_SKELETON_ID)!)
      expect(early.length).toBeGreaterThan(40)
      const { page } = await coldStart()
      expect(plateInputParts(page.queries)).toEqual(early)
    })

    it('the plate typed there is on the page when it comes, and the application’s when the form comes', async () => {
      const { tap } = staticFirstScreen()
      tap('京', 'A', '1')
      const { page, world, arrive } = await coldStart()
      expect(document.getElementById(ENTRY_SKELETON_ID)).toBeNull()
      expect(boxes(page)).toBe('京A1')
      expect(byTestId(page, 'plate-keyboard')?.getAttribute('data-panel')).toBe('alphanumeric')
      await arrive()
      expect(plateText(world.services.store.apply.plate)).toBe('京A1')
    })

    it('a keyboard closed there stays closed, and a restored plate stays when nothing was typed', async () => {
      const world = pageTestWorld()
      world.services.store.apply.setPlate(entryFromText('京A12345'))
      const { tap } = staticFirstScreen()
      tap('done')
      const { page, arrive } = await coldStart(world)
      expect(byTestId(page, 'plate-keyboard')).toBeNull()
      await arrive()
      expect(plateText(world.services.store.apply.plate)).toBe('京A12345')
      expect(byTestId(page, 'plate-keyboard')).toBeNull()
    })
  })
})
