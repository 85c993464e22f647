import Taro from '@tarojs/taro'
import OrderCancelPage from '../../src/pages/order/cancel/index'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { CANCEL_REASONS } from '../../src/domain/cancel-reason'
import { CANCEL_FAILED_REASON } from '../../src/stores/order-store'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { STATUS_FIELDS, detail } from '../support/order-fixtures'
import { held, mountLoggedIn, ordersWorld, settle, spyNavigationEachTest, tapAndSettle } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'

type Mounted = Awaited<ReturnType<typeof mountLoggedIn>>

function cancellable(cancelState: number = CANCEL_STATE.SUCCESS): OrdersWorld {
  const world = ordersWorld()
  world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.awaitingAudit)))
  world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState }))
  return world
}

const mountCancel = (world: OrdersWorld, params: Record<string, string> = { orderId: 'O-1' }): Promise<Mounted> => mountLoggedIn(OrderCancelPage, world, params)

const confirmWith = (confirm: boolean) =>
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm, cancel: !confirm, errMsg: 'showModal:ok' })

async function chooseAndSubmit(mounted: Mounted, reasonIndex = 1): Promise<void> {
  mounted.fireEvent.click(getByTestId(mounted, `order-cancel-reason-${reasonIndex}`))
  await settle(mounted, 1)
  await tapAndSettle(mounted, 'order-cancel-submit')
}

const submitDisabled = (mounted: Mounted): boolean => {
  const button = getByTestId(mounted, 'order-cancel-submit')
  const disabled = button.className.includes('nut-button-disabled')
  expect(button.getAttribute('aria-disabled')).toBe(String(disabled))
  return disabled
}

describe('order cancel page', () => {
  const navigation = spyNavigationEachTest()

  it('asks for a reason before it can be submitted', async () => {
    const mounted = await mountCancel(cancellable())
    expect(textOf(mounted, 'order-cancel-status')).toBe('待审核')
    expect(submitDisabled(mounted)).toBe(true)
    expect(getByTestId(mounted, 'order-cancel-reason-1').getAttribute('aria-checked')).toBe('false')
    mounted.fireEvent.click(getByTestId(mounted, 'order-cancel-reason-1'))
    await settle(mounted, 1)
    expect(getByTestId(mounted, 'order-cancel-reason-1').getAttribute('aria-checked')).toBe('true')
    expect(submitDisabled(mounted)).toBe(false)
  })

  it('cancels after the confirmation: success (2), with the reason chosen', async () => {
    const modal = confirmWith(true)
    const world = cancellable(CANCEL_STATE.SUCCESS)
    const mounted = await mountCancel(world)
    await chooseAndSubmit(mounted)
    expect(modal).toHaveBeenCalledTimes(1)
    expect(world.bodies(API.cancelOrder)).toEqual([{ orderId: 'O-1', reason: CANCEL_REASONS[1] }])
    expect(textOf(mounted, 'order-cancel-success')).toContain('订单已取消')
    await tapAndSettle(mounted, 'order-cancel-success', '[role="button"]')
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: '/pages/order/order-list/index' })
    await tapAndSettle(mounted, 'order-cancel-reapply')
    expect(navigation.reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('shows cancelling (1) while the issuer has not confirmed', async () => {
    confirmWith(true)
    const mounted = await mountCancel(cancellable(CANCEL_STATE.CANCELLING))
    await chooseAndSubmit(mounted)
    expect(textOf(mounted, 'order-cancel-cancelling')).toContain('订单取消中')
  })

  it('shows failure (3) with a retry, and customer service', async () => {
    confirmWith(true)
    const world = cancellable(CANCEL_STATE.FAILED)
    const mounted = await mountCancel(world)
    await chooseAndSubmit(mounted)
    expect(getByTestId(mounted, 'order-cancel-failed').getAttribute('role')).toBe('alert')
    expect(textOf(mounted, 'order-cancel-failed')).toContain(CANCEL_FAILED_REASON)
    expect(byTestId(mounted, 'customer-service')).not.toBeNull()
    world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.SUCCESS }))
    world.advance(3000)
    await tapAndSettle(mounted, 'order-cancel-failed', '[role="button"]')
    expect(world.calls(API.cancelOrder)).toHaveLength(2)
    expect(byTestId(mounted, 'order-cancel-success')).not.toBeNull()
  })

  it("shows the server's refusal as the failure's reason, once (no toast too)", async () => {
    confirmWith(true)
    const world = cancellable()
    world.on(API.cancelOrder, () => ({ statusCode: 200, data: { code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg: '设备已发货，不能取消订单', data: null }, header: {} }))
    const mounted = await mountCancel(world)
    await chooseAndSubmit(mounted)
    expect(textOf(mounted, 'order-cancel-failed')).toContain('设备已发货，不能取消订单')
    expect(world.ui.toasts).toEqual([])
  })

  it('cancels once on a double tap', async () => {
    confirmWith(true)
    const world = cancellable()
    const response = held(envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.SUCCESS }))
    world.on(API.cancelOrder, response.handler)
    const mounted = await mountCancel(world)
    mounted.fireEvent.click(getByTestId(mounted, 'order-cancel-reason-0'))
    await settle(mounted, 1)
    mounted.fireEvent.click(getByTestId(mounted, 'order-cancel-submit'))
    await tapAndSettle(mounted, 'order-cancel-submit')
    expect(submitDisabled(mounted)).toBe(true)
    mounted.fireEvent.click(getByTestId(mounted, 'order-cancel-submit'))
    response.release()
    await settle(mounted)
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
    expect(world.calls(API.cancelOrder)).toHaveLength(1)
    expect(byTestId(mounted, 'order-cancel-success')).not.toBeNull()
  })

  it('keeps the order when the confirmation is declined', async () => {
    confirmWith(false)
    const world = cancellable()
    const mounted = await mountCancel(world)
    await chooseAndSubmit(mounted)
    expect(world.calls(API.cancelOrder)).toHaveLength(0)
    expect(submitDisabled(mounted)).toBe(false)
  })

  it('says a paid deposit is refunded', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => envelope(detail({ ...STATUS_FIELDS.awaitingAudit, depositPayState: PAY_STATE.SUCCESS })))
    const mounted = await mountCancel(world)
    expect(textOf(mounted, 'order-cancel-refund')).toContain('原路退还')
  })

  it.each(['awaitingActivation', 'activated'] as const)('never offers a cancel for an order %s', async (status) => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS[status])))
    const mounted = await mountCancel(world)
    expect(byTestId(mounted, 'order-cancel-unavailable')).not.toBeNull()
    expect(byTestId(mounted, 'order-cancel-submit')).toBeNull()
    await tapAndSettle(mounted, 'order-cancel-unavailable', '[role="button"]')
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: '/pages/order/detail/index?orderId=O-1' })
  })

  it('says an order already cancelled is cancelled', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.cancelled)))
    const mounted = await mountCancel(world)
    expect(byTestId(mounted, 'order-cancel-already')).not.toBeNull()
    expect(byTestId(mounted, 'order-cancel-submit')).toBeNull()
  })

  it('says "订单不存在" for an unknown or foreign order', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => envelope(null, BUSINESS_CODE.NOT_FOUND))
    const mounted = await mountCancel(world, { orderId: 'O-foreign' })
    expect(byTestId(mounted, 'order-not-found')).not.toBeNull()
    expect(byTestId(mounted, 'order-cancel-form')).toBeNull()
  })

  it('shows a load failure in place (no toast too) with a retry', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => ({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }))
    const mounted = await mountCancel(world)
    expect(textOf(mounted, 'order-cancel-error')).toContain('订单加载失败')
    expect(world.ui.toasts).toEqual([])
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.awaitingAudit)))
    await tapAndSettle(mounted, 'order-cancel-error', '[role="button"]')
    expect(byTestId(mounted, 'order-cancel-form')).not.toBeNull()
  })
})
