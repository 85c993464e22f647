/**
 * 所在地区 is picked from the region list in a sheet, province → city → district, never typed:
 * the list is asked for once, a failed list offers a retry, the choice survives a reload, and the
 * sheet reopens on the region chosen.
 */
import UpinfoPage from '../../src/pages/apply/upinfo/index'
import { REGION_REQUIRED } from '../../src/domain/apply-form'
import type { RegionTree } from '../../src/domain/region'
import { REGIONS_FAILED } from '../../src/features/apply/upinfo/region/use-region-tree'
import { API } from '../../types/api/paths'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { TransportFailure } from '../../src/services/request/transport'
import { byTestId, eventually, flush, getByTestId, mountPage, textOf } from '../support/page-test'
import { openOrderWorld, spyNavigation } from '../support/journey-fixtures'
import { envelope, testWorld } from '../support/test-services'

type World = Awaited<ReturnType<typeof openOrderWorld>>
type Page = Awaited<ReturnType<typeof mountPage>>

const TREE: RegionTree = [
  ['北京市', [['北京市', ['东城区', '海淀区']]]],
  [
    '广东省',
    [
      ['广州市', ['天河区']],
      ['深圳市', ['南山区', '福田区']],
    ],
  ],
]

const regionCalls = (world: World) => world.requests.filter((request) => request.url.endsWith(API.regions.path))

/** The world answers the region list with `answer` (the tree unless told otherwise). */
function servingRegions(world: World, answer: () => Promise<ReturnType<typeof envelope>> = async () => envelope(TREE)): void {
  world.respondWith(async (request) => (request.url.endsWith(API.regions.path) ? answer() : envelope(null)))
}

async function mailForm(world: World): Promise<Page> {
  const page = await mountPage(UpinfoPage, world.services)
  page.fireEvent.click(getByTestId(page, 'field-deliveryMethod-3'))
  await flush(page)
  return page
}

const options = (page: Page): string[] =>
  Array.from(getByTestId(page, 'region-sheet-options').querySelectorAll('[role="radio"]')).map((option) => option.getAttribute('aria-label') ?? '')

function choose(page: Page, name: string): void {
  const option = Array.from(getByTestId(page, 'region-sheet-options').querySelectorAll('[role="radio"]')).find((element) => element.getAttribute('aria-label') === name)
  if (!option) throw new Error(`no option ${name}`)
  page.fireEvent.click(option)
}

async function openSheet(page: Page): Promise<void> {
  page.fireEvent.click(getByTestId(page, 'field-region'))
  await eventually(page, () => byTestId(page, 'region-sheet-options') !== null)
}

async function pick(page: Page, names: readonly string[]): Promise<void> {
  await openSheet(page)
  for (const name of names) {
    choose(page, name)
    await flush(page)
  }
}

describe('所在地区', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it('is a labelled button that opens the region list, province, then city, then district', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world)
    const page = await mailForm(world)
    const field = getByTestId(page, 'field-region')
    expect(field.getAttribute('role')).toBe('button')
    expect(field.getAttribute('aria-label')).toBe('所在地区：请选择省、市、区')
    expect(field.querySelector('input')).toBeNull()

    await openSheet(page)
    expect(getByTestId(page, 'region-sheet').getAttribute('aria-label')).toBe('选择所在地区')
    expect(options(page)).toEqual(['北京市', '广东省'])
    choose(page, '广东省')
    await flush(page)
    expect(options(page)).toEqual(['广州市', '深圳市'])
    expect(textOf(page, 'region-sheet-path')).toContain('请选择城市')
    choose(page, '深圳市')
    await flush(page)
    expect(options(page)).toEqual(['南山区', '福田区'])
    choose(page, '南山区')
    await flush(page)

    expect(byTestId(page, 'region-sheet')).toBeNull()
    expect(world.services.store.apply.form.values.region).toBe('广东省 深圳市 南山区')
    expect(textOf(page, 'field-region-value')).toBe('广东省 深圳市 南山区')
    expect(getByTestId(page, 'field-region').getAttribute('aria-label')).toBe('所在地区：广东省 深圳市 南山区')
    expect(byTestId(page, 'field-region-error')).toBeNull()
    // Asked for once, when the field appeared.
    expect(regionCalls(world)).toHaveLength(1)
  })

  it('goes back to a step from the names chosen, and reopens on the district chosen', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world)
    const page = await mailForm(world)
    await pick(page, ['广东省', '深圳市', '南山区'])

    await openSheet(page)
    expect(options(page)).toEqual(['南山区', '福田区'])
    const marked = Array.from(getByTestId(page, 'region-sheet-options').querySelectorAll('[aria-checked="true"]')).map((option) => option.getAttribute('aria-label'))
    expect(marked).toEqual(['南山区'])
    expect(getByTestId(page, 'region-step-0').getAttribute('aria-label')).toBe('广东省，重新选择省份')
    page.fireEvent.click(getByTestId(page, 'region-step-0'))
    await flush(page)
    expect(options(page)).toEqual(['北京市', '广东省'])
    choose(page, '北京市')
    await flush(page)
    choose(page, '北京市')
    await flush(page)
    choose(page, '海淀区')
    await flush(page)
    expect(world.services.store.apply.form.values.region).toBe('北京市 北京市 海淀区')
  })

  it('says a region is needed when the sheet is closed without one', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world)
    const page = await mailForm(world)
    await openSheet(page)
    page.fireEvent.click(getByTestId(page, 'region-sheet-close'))
    await flush(page)
    expect(byTestId(page, 'region-sheet')).toBeNull()
    expect(textOf(page, 'field-region-error')).toBe(REGION_REQUIRED)
    expect(getByTestId(page, 'field-region-error').getAttribute('role')).toBe('alert')
  })

  it('starts again from the provinces for a typed region of an older form', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world)
    const page = await mailForm(world)
    world.services.store.apply.form.setField('region', '深圳 南山')
    await openSheet(page)
    await eventually(page, () => options(page).includes('广东省'))
    expect(options(page)).toEqual(['北京市', '广东省'])
  })

  it('shows a failed list with a retry that asks again', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world, () => Promise.reject(new TransportFailure('network', 'offline')))
    const page = await mailForm(world)
    page.fireEvent.click(getByTestId(page, 'field-region'))
    await eventually(page, () => byTestId(page, 'region-sheet-failed') !== null)
    expect(getByTestId(page, 'region-sheet-failed').getAttribute('role')).toBe('alert')
    expect(byTestId(page, 'region-sheet-options')).toBeNull()

    servingRegions(world)
    const retry = getByTestId(page, 'region-sheet-failed').querySelector('[role="button"]')
    if (!retry) throw new Error('no retry')
    page.fireEvent.click(retry)
    await eventually(page, () => byTestId(page, 'region-sheet-options') !== null)
    expect(options(page)).toEqual(['北京市', '广东省'])
    expect(regionCalls(world).length).toBeGreaterThanOrEqual(2)
  })

  it('names a list the server answered in a shape it cannot be read as failed', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world, async () => envelope(null))
    const page = await mailForm(world)
    page.fireEvent.click(getByTestId(page, 'field-region'))
    await eventually(page, () => byTestId(page, 'region-sheet-failed') !== null)
    expect(textOf(page, 'region-sheet-failed')).toContain(REGIONS_FAILED)
  })

  it('keeps the region chosen through a reload', async () => {
    spyNavigation()
    const world = await openOrderWorld()
    servingRegions(world)
    const first = await mailForm(world)
    await pick(first, ['广东省', '深圳市', '福田区'])
    first.unmout()
    const reloaded = testWorld({ navigationHost: createTaroNavigationHost(), raw: world.raw })
    const page = await mountPage(UpinfoPage, reloaded.services)
    await flush(page)
    expect(textOf(page, 'field-region-value')).toBe('广东省 深圳市 福田区')
  })
})
