import Taro from '@tarojs/taro'
import PayResultPage from '../../src/pages/apply/pay-result/index'
import { PAY_POLL_INTERVAL_MS, PAY_POLL_TIMEOUT_MS } from '../../src/config/payment'
import { PAY_STATE } from '../../src/domain/enums'
import { MESSAGES } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import type { OrderDetail } from '../../types/api/orders'
import { settle } from '../unit/services/fakes'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { applicationDetail, loggedInWorld, openAt, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'

type Page = Awaited<ReturnType<typeof openAt>>

const TIMELINE: OrderDetail['timeline'] = [
  { kind: 'applied', at: '2026-05-01T08:00:00.000Z' },
  { kind: 'submitted', at: '2026-05-01T08:10:00.000Z' },
  { kind: 'paid', at: '2026-05-01T08:12:00.000Z', note: '已支付29.90元' },
]
const DETAIL = applicationDetail({ orderId: 'O1', commodityId: 'BASIC', commodityName: '基础版ETC套餐', depositPayState: PAY_STATE.SUCCESS, timeline: TIMELINE })

const stateCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.endsWith('/depositH5PayState'))
const applyCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.includes('/vehicles/h5/apply'))

/** Pay states answered in turn (the last repeats); an Error stands for a network failure. */
function serve(world: World, states: (number | Error)[], detail: () => Promise<TransportResponse> = () => world.ok(DETAIL)) {
  let asked = 0
  world.serve((request) => {
    if (request.url.endsWith('/depositH5PayState')) {
      const state = states[Math.min(asked++, states.length - 1)]
      if (state instanceof Error) return Promise.reject(state)
      return world.ok({ orderId: 'O1', depositPayState: state })
    }
    if (request.url.includes('/handleOrders/O1')) return detail()
    return undefined
  })
}

const open = (world: World, params: Record<string, string> = { orderId: 'O1' }): Promise<Page> =>
  openAt(PayResultPage, world, '/pages/apply/pay-result/index', params)

/**
 * Time passes in poll-sized steps: on the app's clock (the request layer shares identical calls
 * within its dedupe window by it) and on the timers polling runs on.
 */
async function elapse(world: World, page: Page, ms: number) {
  for (let passed = 0; passed < ms; passed += PAY_POLL_INTERVAL_MS) {
    const step = Math.min(PAY_POLL_INTERVAL_MS, ms - passed)
    world.advance(step)
    jest.advanceTimersByTime(step)
    await page.act(async () => settle(80))
  }
}

const itemsOf = (page: Page): { kind: string | null; text: string | null }[] =>
  Array.from(page.queries.querySelectorAll('[data-testid="order-timeline-item"]'), (item) => ({
    kind: item.getAttribute('data-kind'),
    text: item.textContent,
  }))

const click = (page: Page, id: string) => page.fireEvent.click(getByTestId(page, id))

describe('pay result page', () => {
  let navigateTo: jest.SpyInstance
  let redirectTo: jest.SpyInstance
  let reLaunch: jest.SpyInstance
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'requestAnimationFrame'] })
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.useRealTimers()
    Taro.getCurrentInstance().router = null
  })

  it('says so when it is opened without an order', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.SUCCESS])
    const page = await open(world, {})
    expect(textOf(page, 'pay-result-missing-order')).toContain('缺少订单信息')
    expect(stateCalls(world)).toHaveLength(0)
  })

  it('shows that it is asking while the order is still paying', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.PAYING])
    const page = await open(world)
    expect(getByTestId(page, 'pay-result-polling').querySelector('[role="status"]')?.textContent).toContain('请稍候')
    expect(textOf(page, 'pay-result-polling')).toContain('正在查询支付结果')
    expect(stateCalls(world)).toHaveLength(1)
  })

  it('on success: says so, what happens next, the order timeline, and forgets the finished application', async () => {
    const world = loggedInWorld()
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1' }))
    serve(world, [PAY_STATE.PAYING, PAY_STATE.SUCCESS])
    const page = await open(world)
    expect(byTestId(page, 'pay-result-success')).toBeNull()
    await elapse(world, page, PAY_POLL_INTERVAL_MS)
    expect(stateCalls(world)).toHaveLength(2)
    expect(textOf(page, 'pay-result-success')).toContain('支付成功')
    const steps = textOf(page, 'pay-result-next-steps')
    expect(steps.indexOf('审核')).toBeLessThan(steps.indexOf('发货'))
    expect(steps.indexOf('发货')).toBeLessThan(steps.indexOf('激活'))
    expect(itemsOf(page).map((item) => item.kind)).toEqual(['paid', 'submitted', 'applied'])
    expect(itemsOf(page)[0]?.text).toContain('支付成功')
    expect(itemsOf(page)[0]?.text).toContain('已支付29.90元')
    expect(itemsOf(page)[0]?.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(world.services.store.apply.orderId).toBeUndefined()
    await elapse(world, page, PAY_POLL_TIMEOUT_MS)
    expect(stateCalls(world)).toHaveLength(2)
  })

  it('from success, opens the order or returns home', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.SUCCESS])
    const page = await open(world)
    click(page, 'pay-result-view-order')
    await page.act(async () => settle(10))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/order/detail/index?orderId=O1' })
    click(page, 'pay-result-home')
    await page.act(async () => settle(10))
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/home/index' })
  })

  it('says the application is submitted when nothing was to be paid', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.NOT_NEEDED])
    const page = await open(world)
    expect(textOf(page, 'pay-result-success')).toContain('申请已提交')
    expect(textOf(page, 'pay-result-success')).toContain('无需支付')
  })

  it('says when the order has no progress yet', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.SUCCESS], () => world.ok({ ...DETAIL, timeline: [] }))
    const page = await open(world)
    expect(textOf(page, 'order-timeline-empty')).toBe('暂无进度')
  })

  it('keeps the timeline’s failure to itself, with a retry', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, [PAY_STATE.SUCCESS], () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok(DETAIL)))
    const page = await open(world)
    expect(textOf(page, 'pay-result-success')).toContain('支付成功')
    expect(textOf(page, 'order-timeline-error')).toBe('订单进度加载失败，点击重试')
    expect(world.ui.toasts).toEqual([])
    expect(itemsOf(page)).toHaveLength(0)
    fail = false
    click(page, 'order-timeline-error')
    await page.act(async () => settle(80))
    expect(itemsOf(page)).toHaveLength(3)
  })

  it('on failure: pays again for the same order, never a second one', async () => {
    const world = loggedInWorld()
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1' }))
    serve(world, [PAY_STATE.FAILED])
    const page = await open(world)
    expect(getByTestId(page, 'pay-result-failed').querySelector('[role="alert"]')).not.toBeNull()
    expect(textOf(page, 'pay-result-failed')).toContain('支付失败')
    expect(world.services.store.apply.orderId).toBe('O1')
    click(page, 'pay-result-retry')
    await page.act(async () => settle(10))
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
    expect(applyCalls(world)).toHaveLength(0)
  })

  it('sends an unpaid order to payment', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.AWAITING_PAYMENT])
    const page = await open(world)
    expect(textOf(page, 'pay-result-unpaid')).toContain('订单尚未支付')
    click(page, 'pay-result-pay')
    await page.act(async () => settle(10))
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })

  it('says when no result came in time, and asks again on refresh', async () => {
    const world = loggedInWorld()
    const states: number[] = [PAY_STATE.PAYING]
    serve(world, states)
    const page = await open(world)
    await elapse(world, page, PAY_POLL_TIMEOUT_MS - PAY_POLL_INTERVAL_MS)
    expect(byTestId(page, 'pay-result-polling')).not.toBeNull()
    await elapse(world, page, PAY_POLL_INTERVAL_MS)
    expect(textOf(page, 'pay-result-timeout')).toContain('支付结果查询超时')
    const asked = stateCalls(world).length
    await elapse(world, page, PAY_POLL_INTERVAL_MS * 2)
    expect(stateCalls(world)).toHaveLength(asked)
    states.push(PAY_STATE.SUCCESS)
    click(page, 'pay-result-refresh')
    await page.act(async () => settle(80))
    expect(stateCalls(world)).toHaveLength(asked + 1)
    expect(textOf(page, 'pay-result-success')).toContain('支付成功')
  })

  it('keeps asking through a network failure, saying it retries', async () => {
    const world = loggedInWorld()
    serve(world, [new TransportFailure('network', 'offline'), PAY_STATE.SUCCESS])
    const page = await open(world)
    expect(textOf(page, 'pay-result-retrying')).toContain(MESSAGES.network)
    await elapse(world, page, PAY_POLL_INTERVAL_MS)
    expect(textOf(page, 'pay-result-success')).toContain('支付成功')
    // Polling shows its own states: no toasts.
    expect(world.ui.toasts).toEqual([])
  })

  it('stops at an order the server does not know, with a refresh', async () => {
    const world = loggedInWorld()
    world.serve((request) =>
      request.url.endsWith('/depositH5PayState') ? Promise.resolve({ statusCode: 200, data: { code: 404, msg: '订单不存在', data: null }, header: {} }) : undefined,
    )
    const page = await open(world)
    expect(getByTestId(page, 'pay-result-error').textContent).toContain('订单不存在')
    await elapse(world, page, PAY_POLL_INTERVAL_MS * 3)
    expect(stateCalls(world)).toHaveLength(1)
    click(page, 'pay-result-refresh')
    await page.act(async () => settle(80))
    expect(stateCalls(world)).toHaveLength(2)
  })

  it('stops asking once the page is gone', async () => {
    const world = loggedInWorld()
    serve(world, [PAY_STATE.PAYING])
    const page = await open(world)
    page.unmout()
    await elapse(world, page, PAY_POLL_INTERVAL_MS * 3)
    expect(stateCalls(world)).toHaveLength(1)
  })
})
