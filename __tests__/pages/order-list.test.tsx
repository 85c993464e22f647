import Taro from '@tarojs/taro'
import OrderListPage from '../../src/pages/order/order-list/index'
import { ORDER_STATUSES, statusColour, statusLabel } from '../../src/domain/order'
import { PAY_STATE, PLATE_COLOR, ORDER_SOURCE } from '../../src/domain/enums'
import { nextAction } from '../../src/domain/order-journey'
import { API } from '../../types/api/paths'
import { EARLY_ORDER_COPY_ID } from '../../src/config/first-screens'
import type { OrderSummary } from '../../types/api/orders'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { STATUS_ACTIONS, STATUS_FIELDS, detail, summary } from '../support/order-fixtures'
import { capturePullDown, held, mountLoggedIn, ordersWorld, settle, spyNavigationEachTest, tapAndSettle } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'

const page = (list: OrderSummary[]) => envelope({ list, total: list.length, pageNo: 1, pageSize: 100 })

const mountList = (world: OrdersWorld) => mountLoggedIn(OrderListPage, world)

const buttonsOf = (mounted: Awaited<ReturnType<typeof mountLoggedIn>>, orderId: string): string[] =>
  ['qr', 'cancel'].filter((action) => byTestId(mounted, `order-${action}-${orderId}`))

describe('order list page', () => {
  const navigation = spyNavigationEachTest()
  let pullDown: ReturnType<typeof capturePullDown>
  beforeEach(() => {
    pullDown = capturePullDown()
  })

  it.each(ORDER_STATUSES)('shows a %s order with its label, colour and exactly its buttons', async (status) => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ orderId: 'O-9', ...STATUS_FIELDS[status] })]))
    const mounted = await mountList(world)
    const tag = getByTestId(mounted, 'order-status-O-9')
    expect(tag.textContent).toBe(statusLabel(status))
    expect(tag.getAttribute('data-colour')).toBe(statusColour(status))
    expect(tag.className).toContain(`status-tag--${statusColour(status)}`)
    // The spec's cancel and QR code by status; the one way on is the journey table's (following
    // the order is the row's own tap, so it has no button).
    expect(buttonsOf(mounted, 'O-9')).toEqual(STATUS_ACTIONS[status].filter((action) => action !== 'continue'))
    const next = nextAction(summary(STATUS_FIELDS[status]), 'orderList')
    expect(byTestId(mounted, 'order-next-O-9')?.getAttribute('data-action') ?? 'track').toBe(next === 'none' ? 'track' : next)
    expect(textOf(mounted, 'order-package-O-9')).toBe('基础版ETC')
    expect(textOf(mounted, 'order-date-O-9')).toMatch(/^申办时间：2026-11-2\d \d\d:\d\d$/)
  })

  // Issue 25: an order left at the cashier showed 待审核 and 支付中 with no way to pay.
  it.each([
    [PAY_STATE.AWAITING_PAYMENT, '去支付', '订单已提交，待支付'],
    [PAY_STATE.PAYING, '重新支付', '支付未完成，可重新支付'],
    [PAY_STATE.FAILED, '重新支付', '支付失败，可重新支付'],
  ])('offers to pay a submitted order in pay state %p from its row, and says where it stands', async (depositPayState, label, hint) => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ ...STATUS_FIELDS.awaitingAudit, depositPayState })]))
    const mounted = await mountList(world)
    expect(textOf(mounted, 'order-hint-O-1')).toBe(hint)
    expect(textOf(mounted, 'order-next-O-1')).toBe(label)
    await tapAndSettle(mounted, 'order-next-O-1')
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O-1' })
  })

  it('shows the colours the specification gives', () => {
    expect(ORDER_STATUSES.map((status) => [status, statusColour(status)])).toEqual([
      ['cancelled', 'grey'],
      ['activated', 'green'],
      ['awaitingActivation', 'blue'],
      ['awaitingShipment', 'blue'],
      ['rejected', 'red'],
      ['awaitingAudit', 'blue'],
      ['applying', 'orange'],
    ])
  })

  it("puts the current channel's open order first as the current process, and activated orders apart", async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () =>
      page([
        summary({ orderId: 'O-other', promotionChannelId: 'elsewhere', plateNumber: '沪B11111' }),
        summary({ orderId: 'O-done', ...STATUS_FIELDS.activated, plateNumber: '粤B22222' }),
        summary({ orderId: 'O-mine', plateNumber: '京AD12345', plateColor: PLATE_COLOR.GREEN }),
      ]),
    )
    const mounted = await mountList(world)
    const open = Array.from(getByTestId(mounted, 'order-list-open').querySelectorAll('[data-testid^="order-row-"]'), (row) => row.getAttribute('data-testid'))
    expect(open).toEqual(['order-row-O-mine', 'order-row-O-other'])
    expect(byTestId(mounted, 'order-current-O-mine')).not.toBeNull()
    expect(byTestId(mounted, 'order-current-O-other')).toBeNull()
    expect(getByTestId(mounted, 'order-list-activated').querySelector('[data-testid="order-row-O-done"]')).not.toBeNull()
    expect(getByTestId(mounted, 'order-plate-O-mine').getAttribute('data-plate-colour')).toBe('green')
    expect(getByTestId(mounted, 'order-plate-O-mine').getAttribute('aria-label')).toBe('新能源绿牌 京AD12345')
    expect(getByTestId(mounted, 'order-plate-O-other').getAttribute('data-plate-colour')).toBe('blue')
  })

  it('marks no cancelled order as the current process', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ ...STATUS_FIELDS.cancelled })]))
    const mounted = await mountList(world)
    expect(byTestId(mounted, 'order-row-O-1')).not.toBeNull()
    expect(byTestId(mounted, 'order-current-O-1')).toBeNull()
  })

  it('shows an empty state that starts a new application', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([]))
    const mounted = await mountList(world)
    expect(textOf(mounted, 'order-list-empty')).toContain('暂无订单')
    await tapAndSettle(mounted, 'order-list-empty', '[role="button"]')
    expect(navigation.reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('shows loading until the list arrives', async () => {
    const world = ordersWorld()
    const response = held(page([summary()]))
    world.on(API.searchOrders, response.handler)
    const mounted = await mountList(world)
    expect(byTestId(mounted, 'order-loading')).not.toBeNull()
    expect(byTestId(mounted, 'order-list')).toBeNull()
    response.release()
    await settle(mounted)
    expect(byTestId(mounted, 'order-loading')).toBeNull()
    expect(byTestId(mounted, 'order-row-O-1')).not.toBeNull()
  })

  it("keeps index.html's early copy of the list over it while loading, and takes it away as the list shows", async () => {
    const copy = document.createElement('div')
    copy.id = EARLY_ORDER_COPY_ID
    document.body.appendChild(copy)
    const world = ordersWorld()
    const response = held(page([summary()]))
    world.on(API.searchOrders, response.handler)
    const mounted = await mountList(world)
    expect(document.getElementById(EARLY_ORDER_COPY_ID)).not.toBeNull()
    response.release()
    await settle(mounted)
    expect(byTestId(mounted, 'order-row-O-1')).not.toBeNull()
    expect(document.getElementById(EARLY_ORDER_COPY_ID)).toBeNull()
  })

  it('shows the error in place (no toast too) with a retry that loads again', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => ({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }))
    const mounted = await mountList(world)
    expect(textOf(mounted, 'order-list-error')).toContain('订单加载失败')
    expect(textOf(mounted, 'order-list-error')).toContain('服务器繁忙，请稍后重试')
    expect(getByTestId(mounted, 'order-list-error').getAttribute('role')).toBe('alert')
    expect(world.ui.toasts).toEqual([])
    world.on(API.searchOrders, () => page([summary()]))
    await tapAndSettle(mounted, 'order-list-error', '[role="button"]')
    expect(byTestId(mounted, 'order-row-O-1')).not.toBeNull()
  })

  it('refreshes on 刷新, on pull-down (then stops the indicator) and when shown again', async () => {
    const world = ordersWorld()
    let rows = [summary()]
    world.on(API.searchOrders, () => page(rows))
    const mounted = await mountList(world)
    expect(world.calls(API.searchOrders)).toHaveLength(1)

    rows = [...rows, summary({ orderId: 'O-2' })]
    // Identical calls within the dedupe window share one answer: a refresh comes later.
    world.advance(3000)
    await tapAndSettle(mounted, 'order-list-refresh')
    expect(byTestId(mounted, 'order-row-O-2')).not.toBeNull()

    world.advance(3000)
    pullDown.pull()
    await settle(mounted)
    expect(pullDown.stop).toHaveBeenCalledTimes(1)

    world.advance(3000)
    // Shown again: back from another page, which hid it.
    lifecycle.hide()
    lifecycle.show()
    await settle(mounted)
    expect(world.calls(API.searchOrders)).toHaveLength(4)
  })

  it('asks the server again on 刷新 and pull-down at once, inside the sharing window (issue 12)', async () => {
    const world = ordersWorld()
    let rows = [summary()]
    world.on(API.searchOrders, () => page(rows))
    const mounted = await mountList(world)
    rows = [...rows, summary({ orderId: 'O-2' })]
    await tapAndSettle(mounted, 'order-list-refresh')
    expect(byTestId(mounted, 'order-row-O-2')).not.toBeNull()
    pullDown.pull()
    await settle(mounted)
    expect(world.calls(API.searchOrders)).toHaveLength(3)
  })

  it('keeps the list on screen while it refreshes', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary()]))
    const mounted = await mountList(world)
    const response = held(page([summary()]))
    world.on(API.searchOrders, response.handler)
    world.advance(3000)
    await tapAndSettle(mounted, 'order-list-refresh')
    expect(textOf(mounted, 'order-list-refreshing')).toBe('正在刷新…')
    expect(byTestId(mounted, 'order-row-O-1')).not.toBeNull()
    response.release()
    await settle(mounted)
    expect(textOf(mounted, 'order-list-refreshing')).toBe('下拉可刷新')
  })

  it('opens the detail (the province view for province orders) and the cancel page', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary(), summary({ orderId: 'O-P', orderSource: ORDER_SOURCE.PROVINCE, ...STATUS_FIELDS.awaitingAudit })]))
    const mounted = await mountList(world)
    await tapAndSettle(mounted, 'order-open-O-1')
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/detail/index?orderId=O-1' })
    await tapAndSettle(mounted, 'order-open-O-P')
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/detail-jh/index?orderId=O-P' })
    await tapAndSettle(mounted, 'order-cancel-O-1')
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/cancel/index?orderId=O-1' })
  })

  it('continues an applying order at its first missing step, once on a double tap', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ depositPayState: null })]))
    world.on(API.orderDetail, () =>
      envelope(detail({ completeness: { owner: true, vehicle: true, delivery: true, commodity: false, submitted: false }, certificatesCommitSate: 7 })),
    )
    const mounted = await mountList(world)
    expect(textOf(mounted, 'order-next-O-1')).toBe('继续办理')
    mounted.fireEvent.click(getByTestId(mounted, 'order-next-O-1'))
    await tapAndSettle(mounted, 'order-next-O-1')
    expect(world.calls(API.orderDetail)).toHaveLength(1)
    expect(navigation.navigateTo).toHaveBeenCalledTimes(1)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/select-land/index' })
    expect(world.services.store.apply.orderId).toBe('O-1')
  })

  it('says once, by a toast, why an order could not be continued, and stays', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ depositPayState: null })]))
    world.on(API.orderDetail, () => ({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }))
    const mounted = await mountList(world)
    await tapAndSettle(mounted, 'order-next-O-1')
    expect(toast.mock.calls.map(([options]) => options?.title)).toEqual(['服务器繁忙，请稍后重试'])
    expect(world.ui.toasts).toEqual([])
    expect(navigation.navigateTo).not.toHaveBeenCalled()
  })

  it('shows the QR code of an order that has one, and closes it', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => page([summary({ ...STATUS_FIELDS.awaitingAudit })]))
    const mounted = await mountList(world)
    expect(byTestId(mounted, 'order-qr-sheet')).toBeNull()
    mounted.fireEvent.click(getByTestId(mounted, 'order-qr-O-1'))
    await settle(mounted, 1)
    expect(getByTestId(mounted, 'order-qr-sheet').getAttribute('role')).toBe('dialog')
    expect(textOf(mounted, 'order-qr-order-id')).toBe('订单号：O-1')
    expect(Number(getByTestId(mounted, 'order-qr-code').getAttribute('data-size'))).toBeGreaterThan(20)
    mounted.fireEvent.click(getByTestId(mounted, 'order-qr-close'))
    await settle(mounted, 1)
    expect(byTestId(mounted, 'order-qr-sheet')).toBeNull()
  })
})
