import Taro from '@tarojs/taro'
import SelectDetailPage from '../../src/pages/apply/select-detail/index'
import type { TransportResponse } from '../../src/services/request/transport'
import type { Commodity } from '../../types/api/catalogue'
import { settle } from '../unit/services/fakes'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { SUBMITTED, applicationDetail, applyCalls, commodity, loggedInWorld, never, openAt, retryAfterErrorInPlace, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'

const LIST: Commodity[] = [
  commodity({
    id: 'VIP',
    commodityName: 'VIP尊享ETC套餐',
    commodityPrice: 4990,
    goodTypeMap: { obu: 1, card: 1, bracket: 1, gift: 0 },
    frontData: { sort: 2, marketingData: { tags: ['通行费95折'], highlight: '高速通行享折扣' }, isExistUser: false },
    description: '含OBU电子标签、ETC卡和安装支架。',
  }),
  commodity({ id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990 }),
]
const GOODS = { obu: { name: 'OBU电子标签', description: '贴在前挡风玻璃上的车载单元' }, card: { name: 'ETC储值卡' } }

function serve(world: World, overrides: { list?: () => Promise<TransportResponse>; apply?: () => Promise<TransportResponse> } = {}) {
  world.serve((request) => {
    if (request.url.includes('listCommodity')) return overrides.list?.() ?? world.ok(LIST)
    if (request.url.endsWith('/config/goods-type.json')) return world.ok(GOODS)
    if (/\/vehicles\/h5\/apply$/.test(request.url)) return overrides.apply?.() ?? world.ok(SUBMITTED)
    return undefined
  })
}

const open = (world: World, commodityId: string) => openAt(SelectDetailPage, world, '/pages/apply/select-detail/index', { commodityId })

describe('select-detail page', () => {
  let navigateTo: jest.SpyInstance
  beforeEach(() => {
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    Taro.getCurrentInstance().router = null
  })

  it('shows a loading state while the package loads', async () => {
    const world = loggedInWorld()
    serve(world, { list: never })
    const page = await open(world, 'VIP')
    expect(textOf(page, 'package-detail-loading')).toContain('正在加载套餐详情')
  })

  it('shows the package in full: tier, price, original price, contents named by the goods config, issuer', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world, 'VIP')
    expect(textOf(page, 'package-detail-name')).toBe('VIP尊享ETC套餐')
    expect(textOf(page, 'package-detail-tier')).toBe('VIP版')
    expect(textOf(page, 'package-detail-price')).toBe('¥49.90')
    // A deposit comes back: the device's value beside it is no struck-through price.
    expect(textOf(page, 'package-detail-mode')).toBe('押金')
    expect(textOf(page, 'package-detail-original')).toBe('设备价值¥180.00')
    expect(getByTestId(page, 'package-detail-original').className).toContain('commodity-price__original--value')
    expect(textOf(page, 'package-detail')).toContain('通行费95折')
    expect(textOf(page, 'package-detail')).toContain('高速通行享折扣')
    const goods = Array.from(page.queries.querySelectorAll('[data-testid="package-detail-goods-item"]'), (item) => item.textContent)
    // Unknown goods types show by their key; a count of 0 is not in the package.
    expect(goods).toEqual(['OBU电子标签×1贴在前挡风玻璃上的车载单元', 'ETC储值卡×1', 'bracket×1'])
    expect(textOf(page, 'package-detail-description')).toBe('含OBU电子标签、ETC卡和安装支架。')
    expect(textOf(page, 'package-detail-issuer')).toBe('发行方：北京')
    expect(textOf(page, 'package-detail')).toContain('押金在设备激活后原路退还')
    expect(textOf(page, 'package-detail-choose')).toBe('选择此套餐 ¥49.90')
  })

  it('says so when the package is not (or no longer) offered, with the way back', async () => {
    const world = loggedInWorld()
    serve(world)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    const navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const page = await open(world, 'GONE')
    expect(textOf(page, 'package-not-found')).toContain('套餐不存在或已下架')
    page.fireEvent.click(getByTestId(page, 'package-not-found').querySelector('[role="button"]') as Element)
    await page.act(async () => settle(10))
    expect(navigateBack).toHaveBeenCalledTimes(1)
  })

  it('shows the server error in place (no toast too) and loads again on retry', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, { list: () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok(LIST)) })
    const page = await open(world, 'BASIC')
    await retryAfterErrorInPlace(page, world, 'package-detail-error', () => (fail = false))
    expect(textOf(page, 'package-detail-name')).toBe('基础版ETC套餐')
  })

  it('chooses the package once even on a double tap, then opens the payment', async () => {
    const world = loggedInWorld()
    serve(world)
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1' }))
    const page = await open(world, 'VIP')
    page.fireEvent.click(getByTestId(page, 'package-detail-choose'))
    page.fireEvent.click(getByTestId(page, 'package-detail-choose'))
    await page.act(async () => settle(120))
    // One final commit carrying the package, however often it is tapped.
    expect(applyCalls(world)).toHaveLength(1)
    expect(world.services.store.apply.commodityId).toBe('VIP')
    expect(navigateTo.mock.calls).toEqual([[{ url: '/pages/apply/pay/index?orderId=O1' }]])
  })

  it('shows what is still missing instead of opening the payment', async () => {
    const world = loggedInWorld()
    serve(world, { apply: () => world.ok({ ...SUBMITTED, stepId: 2, missing: ['车主信息'] }) })
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1' }))
    const page = await open(world, 'BASIC')
    page.fireEvent.click(getByTestId(page, 'package-detail-choose'))
    await page.act(async () => settle(120))
    expect(textOf(page, 'package-missing')).toContain('车主信息')
    expect(navigateTo).not.toHaveBeenCalled()
    expect(byTestId(page, 'package-error')).toBeNull()
  })

  it('once submitted, offers to go on to payment for the chosen package only', async () => {
    const world = loggedInWorld()
    serve(world)
    const submitted = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true }
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1', commodityId: 'BASIC', completeness: submitted }))
    const other = await open(world, 'VIP')
    expect(textOf(other, 'package-detail-choose')).toBe('订单已提交，不可更换')
    expect(getByTestId(other, 'package-detail-choose').getAttribute('aria-disabled')).toBe('true')
    other.unmout()
    const chosen = await open(world, 'BASIC')
    expect(textOf(chosen, 'package-detail-choose')).toBe('去支付')
    chosen.fireEvent.click(getByTestId(chosen, 'package-detail-choose'))
    await chosen.act(async () => settle(20))
    expect(applyCalls(world)).toHaveLength(0)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })
})
