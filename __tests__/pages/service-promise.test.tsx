/**
 * The service promise (promiseConfig/getByType) where it belongs: in the pay page's 温馨提示 and on
 * the package detail. Switched on, its title and lines show; switched off, unreadable or failed,
 * nothing shows and nothing is reported. The pay page asks for it beside the order and never
 * waits for it.
 */
import Taro from '@tarojs/taro'
import PayPage from '../../src/pages/apply/pay/index'
import SelectDetailPage from '../../src/pages/apply/select-detail/index'
import { BUSINESS_MODE, PAY_STATE, SHOW } from '../../src/domain/enums'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { SERVICE_PROMISE_TYPE } from '../../types/api/catalogue'
import type { ServicePromiseContent, ServicePromiseType } from '../../types/api/catalogue'
import { API } from '../../types/api/paths'
import type { PayOrderInfo } from '../../types/api/payment'
import { settle } from '../unit/services/fakes'
import { byTestId, textOf } from '../support/page-test'
import { applicationDetail, commodity, loggedInWorld, never, openAt, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'

jest.mock('../../src/platform/open-cashier', () => ({
  openCashier: jest.fn(() => Promise.resolve()),
  onBackFromCashier: jest.fn(() => () => undefined),
}))

const INFO: PayOrderInfo = { orderId: 'O1', amountCents: 2990, priceCents: 2990, voucher: null, businessMode: BUSINESS_MODE.DEPOSIT, depositPayState: PAY_STATE.AWAITING_PAYMENT, paidAt: null, promotionChannelId: 'PC-1' }
const DETAIL = applicationDetail({ orderId: 'O1', commodityId: 'BASIC', commodityName: '基础版ETC套餐', amountCents: 2990, issuerId: 3 })
const LIST = [commodity({ id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990 })]

const PAY_PROMISE: ServicePromiseContent = { title: '支付保障', items: ['审核未通过或订单取消，已付款项原路退还', '支付后可在“我的订单”中查看进度'] }
const PACKAGE_PROMISE: ServicePromiseContent = { title: '服务承诺', items: ['审核通过后48小时内发货'] }

type Answer = () => Promise<TransportResponse>

const promiseCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.endsWith(API.promiseConfig.path))
const typeOf = (request: TransportRequest): string => (JSON.parse(request.body ?? '{}') as { type?: string }).type ?? ''

/** The promise switched on (or off) with `content`, as the server answers it. */
const answerWith = (world: World, content: unknown, switchStatus: number = SHOW.YES): Answer => () => world.ok({ switchStatus, content: JSON.stringify(content) })

function serve(world: World, promises: Partial<Record<ServicePromiseType, Answer>>, overrides: { info?: Answer } = {}) {
  world.serve((request) => {
    if (request.url.endsWith(API.promiseConfig.path)) {
      const answer = promises[typeOf(request) as ServicePromiseType]
      return answer ? answer() : serverError('配置不存在')
    }
    if (request.url.includes('/pay/v1/pay/getOrderInfo/O1')) return overrides.info?.() ?? world.ok(INFO)
    if (request.url.includes('/handleOrders/O1')) return world.ok(DETAIL)
    if (request.url.includes('listCommodity')) return world.ok(LIST)
    if (request.url.endsWith('/config/issuers.json')) return world.ok([{ id: 3, name: '北京速通', miniProgramAppId: null }])
    return undefined
  })
}

const openPay = (world: World) => openAt(PayPage, world, '/pages/apply/pay/index', { orderId: 'O1' })
const openDetail = (world: World) => openAt(SelectDetailPage, world, '/pages/apply/select-detail/index', { commodityId: 'BASIC' })
const lines = (page: Awaited<ReturnType<typeof openPay>>, testId: string): string[] =>
  Array.from(page.queries.querySelectorAll(`[data-testid="${testId}-item"]`), (item) => item.textContent ?? '')

describe('the service promise', () => {
  afterEach(() => {
    jest.restoreAllMocks()
    Taro.getCurrentInstance().router = null
  })

  describe('on the pay page', () => {
    it('shows in the reminder when switched on: its title and lines', async () => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.payReminder]: answerWith(world, PAY_PROMISE) })
      const page = await openPay(world)
      expect(promiseCalls(world).map(typeOf)).toEqual([SERVICE_PROMISE_TYPE.payReminder])
      const tips = page.queries.querySelector('[data-testid="pay-tips"]')
      expect(tips?.querySelector('[data-testid="pay-promise"]')).not.toBeNull()
      expect(textOf(page, 'pay-promise-title')).toBe('支付保障')
      expect(lines(page, 'pay-promise')).toEqual(PAY_PROMISE.items)
      expect(byTestId(page, 'pay-promise')?.getAttribute('aria-label')).toBe('支付保障')
    })

    it('shows nothing when switched off, and reports nothing', async () => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.payReminder]: answerWith(world, PAY_PROMISE, SHOW.NO) })
      const page = await openPay(world)
      expect(textOf(page, 'pay-tips')).toContain('温馨提示')
      expect(byTestId(page, 'pay-promise')).toBeNull()
      expect(textOf(page, 'pay-tips')).not.toContain('支付保障')
      expect(world.ui.toasts).toEqual([])
    })

    it.each([
      ['its content is not JSON', (world: World) => () => world.ok({ switchStatus: SHOW.YES, content: '{not json' })],
      ['its content has no lines', (world: World) => answerWith(world, { title: '支付保障', items: [' '] })],
      ['its content is of another shape', (world: World) => answerWith(world, { image: '', link: '' })],
      ['the call fails', () => () => serverError('服务器繁忙，请稍后重试')],
      ['the server answers nothing', (world: World) => () => world.ok(null)],
    ])('shows nothing (no empty box, no error) when %s', async (_case, answer) => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.payReminder]: answer(world) })
      const page = await openPay(world)
      expect(textOf(page, 'pay-amount')).toBe('¥29.90')
      expect(byTestId(page, 'pay-promise')).toBeNull()
      expect(byTestId(page, 'pay-error')).toBeNull()
      expect(world.ui.toasts).toEqual([])
      expect(world.ui.alerts).toBe(0)
    })

    it('is asked for beside the order, before the order has arrived', async () => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.payReminder]: answerWith(world, PAY_PROMISE) }, { info: never })
      const page = await openPay(world)
      expect(byTestId(page, 'pay-loading')).not.toBeNull()
      expect(promiseCalls(world)).toHaveLength(1)
    })

    it('never holds the order back: the page shows in full, and the promise joins it when it arrives', async () => {
      const world = loggedInWorld()
      let release: () => void = () => undefined
      const slow: Answer = () => new Promise((resolve) => (release = () => void resolve(answerWith(world, PAY_PROMISE)())))
      serve(world, { [SERVICE_PROMISE_TYPE.payReminder]: slow })
      const page = await openPay(world)
      expect(textOf(page, 'pay-amount')).toBe('¥29.90')
      expect(textOf(page, 'pay-submit')).toBe('支付押金 ¥29.90')
      expect(byTestId(page, 'pay-promise')).toBeNull()
      await page.act(async () => {
        release()
        await settle(20)
      })
      expect(textOf(page, 'pay-promise-title')).toBe('支付保障')
      expect(world.ui.toasts).toEqual([])
    })
  })

  describe('on the package detail', () => {
    it('shows with the package when switched on', async () => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.packageDetail]: answerWith(world, PACKAGE_PROMISE) })
      const page = await openDetail(world)
      expect(promiseCalls(world).map(typeOf)).toEqual([SERVICE_PROMISE_TYPE.packageDetail])
      expect(textOf(page, 'package-detail-name')).toBe('基础版ETC套餐')
      expect(textOf(page, 'package-detail-promise-title')).toBe('服务承诺')
      expect(lines(page, 'package-detail-promise')).toEqual(PACKAGE_PROMISE.items)
    })

    it('shows nothing when switched off', async () => {
      const world = loggedInWorld()
      serve(world, { [SERVICE_PROMISE_TYPE.packageDetail]: answerWith(world, PACKAGE_PROMISE, SHOW.NO) })
      const page = await openDetail(world)
      expect(textOf(page, 'package-detail-name')).toBe('基础版ETC套餐')
      expect(byTestId(page, 'package-detail-promise')).toBeNull()
      expect(textOf(page, 'package-detail')).not.toContain('服务承诺')
      expect(world.ui.toasts).toEqual([])
    })

    it('shows nothing, and says nothing, when the call fails', async () => {
      const world = loggedInWorld()
      serve(world, {})
      const page = await openDetail(world)
      expect(textOf(page, 'package-detail-name')).toBe('基础版ETC套餐')
      expect(byTestId(page, 'package-detail-promise')).toBeNull()
      expect(byTestId(page, 'package-detail-error')).toBeNull()
      expect(world.ui.toasts).toEqual([])
    })
  })
})
