import Taro from '@tarojs/taro'
import GuideReapplyPage from '../../src/pages/order/guide-reapply/index'
import { PAUSED_BEFORE_CANCEL } from '../../src/features/order/reapply/GuideReapplyScreen'
import { REAPPLY_CANCEL_REASON } from '../../src/domain/cancel-reason'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { byTestId, expectTexts, getByTestId, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { STATUS_FIELDS, detail } from '../support/order-fixtures'
import { answering, mountLoggedIn, ordersWorld, spyNavigationEachTest, tapAndSettle } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'

const mountGuide = (world: OrdersWorld, params: Record<string, string>) => mountLoggedIn(GuideReapplyPage, world, params)

const unpaid = detail({ ...STATUS_FIELDS.awaitingAudit, depositPayState: PAY_STATE.AWAITING_PAYMENT })
const rejected = detail({ ...STATUS_FIELDS.rejected, auditReason: '行驶证照片不清晰，请重新上传' })

describe('guide reapply page', () => {
  const navigation = spyNavigationEachTest()

  it('type 1: shows the unpaid order and offers to pay it or cancel it', async () => {
    const mounted = await mountGuide(answering(unpaid), { orderId: 'O-1', reapplyType: '1' })
    expectTexts(mounted, { 'guide-title': '您有一笔押金未支付的订单', 'guide-plate': '京A12345', 'guide-status': '待审核', 'guide-reason': '原因：押金待支付' })
    expect(byTestId(mounted, 'guide-cancel-reapply')).toBeNull()
    await tapAndSettle(mounted, 'guide-pay')
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/apply/pay/index?orderId=O-1' })
    await tapAndSettle(mounted, 'guide-cancel')
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/cancel/index?orderId=O-1' })
  })

  it('type 2: shows the rejected order with its reason, cancels it after a confirmation and starts again', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const world = answering(rejected)
    world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.SUCCESS }))
    const mounted = await mountGuide(world, { orderId: 'O-1', reapplyType: '2' })
    expect(textOf(mounted, 'guide-title')).toBe('该车辆的历史订单需先取消')
    expect(textOf(mounted, 'guide-status')).toBe('审核未通过')
    expect(textOf(mounted, 'guide-reason')).toBe('原因：行驶证照片不清晰，请重新上传')
    expect(byTestId(mounted, 'guide-pay')).toBeNull()
    mounted.fireEvent.click(getByTestId(mounted, 'guide-cancel-reapply'))
    await tapAndSettle(mounted, 'guide-cancel-reapply')
    expect(modal).toHaveBeenCalledTimes(1)
    expect(world.bodies(API.cancelOrder)).toEqual([{ orderId: 'O-1', reason: REAPPLY_CANCEL_REASON }])
    expect(navigation.reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
    expect(byTestId(mounted, 'guide-cancelled')).not.toBeNull()
  })

  it('type 2: says first when new applications are paused, and still lets the old order be cancelled', async () => {
    const world = answering(rejected)
    world.on(API.newApplySwitch, () => envelope({ allowNewApply: false, reason: '系统升级维护中' }))
    const mounted = await mountGuide(world, { orderId: 'O-1', reapplyType: '2' })
    expect(textOf(mounted, 'guide-new-apply-paused')).toBe(PAUSED_BEFORE_CANCEL)
    expect(byTestId(mounted, 'guide-cancel-reapply')).not.toBeNull()

    const open = answering(rejected)
    open.on(API.newApplySwitch, () => envelope({ allowNewApply: true, reason: '' }))
    mounted.unmout()
    const calm = await mountGuide(open, { orderId: 'O-1', reapplyType: '2' })
    expect(byTestId(calm, 'guide-new-apply-paused')).toBeNull()
    expect(open.calls(API.newApplySwitch)).toHaveLength(1)
  })

  it('type 1: does not ask about new applications (paying goes on whatever they are)', async () => {
    const world = answering(unpaid)
    const mounted = await mountGuide(world, { orderId: 'O-1', reapplyType: '1' })
    expect(byTestId(mounted, 'guide-pay')).not.toBeNull()
    expect(world.calls(API.newApplySwitch)).toHaveLength(0)
  })

  it('type 2: names stock interception as the reason', async () => {
    const mounted = await mountGuide(answering(detail({ ...STATUS_FIELDS.awaitingAudit, stockInterceptionFlag: true })), { orderId: 'O-1', reapplyType: '2' })
    expect(textOf(mounted, 'guide-reason')).toContain('库存拦截')
  })

  it('type 2: says why the cancel failed, and retries without asking again', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const world = answering(rejected)
    world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.FAILED }))
    const mounted = await mountGuide(world, { orderId: 'O-1', reapplyType: '2' })
    await tapAndSettle(mounted, 'guide-cancel-reapply')
    expect(getByTestId(mounted, 'guide-cancel-failed').getAttribute('role')).toBe('alert')
    expect(navigation.reLaunch).not.toHaveBeenCalled()
    world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.SUCCESS }))
    world.advance(3000)
    await tapAndSettle(mounted, 'guide-cancel-retry')
    expect(modal).toHaveBeenCalledTimes(1)
    expect(navigation.reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('type 2: shows cancelling (1) and stays', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const world = answering(rejected)
    world.on(API.cancelOrder, () => envelope({ orderId: 'O-1', cancelState: CANCEL_STATE.CANCELLING }))
    const mounted = await mountGuide(world, { orderId: 'O-1', reapplyType: '2' })
    await tapAndSettle(mounted, 'guide-cancel-reapply')
    expect(byTestId(mounted, 'guide-cancelling')).not.toBeNull()
    expect(navigation.reLaunch).not.toHaveBeenCalled()
  })

  it('offers no cancel where the status allows none', async () => {
    const mounted = await mountGuide(answering(detail({ ...STATUS_FIELDS.awaitingActivation, stockInterceptionFlag: true })), {
      orderId: 'O-1',
      reapplyType: '2',
    })
    expect(byTestId(mounted, 'guide-cancel-reapply')).toBeNull()
    expect(byTestId(mounted, 'guide-cannot-cancel')).not.toBeNull()
    expect(byTestId(mounted, 'customer-service')).not.toBeNull()
  })

  it('offers a new application once the old order is cancelled', async () => {
    const mounted = await mountGuide(answering(detail(STATUS_FIELDS.cancelled)), { orderId: 'O-1', reapplyType: '2' })
    await tapAndSettle(mounted, 'guide-reapply-start')
    expect(navigation.reLaunch).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('says there is nothing to do for an unknown type', async () => {
    const mounted = await mountGuide(answering(unpaid), { orderId: 'O-1', reapplyType: '7' })
    expect(byTestId(mounted, 'guide-unknown')).not.toBeNull()
  })

  it('says "订单不存在" for an unknown or foreign order', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, () => envelope(null, BUSINESS_CODE.NOT_FOUND))
    const mounted = await mountGuide(world, { orderId: 'O-x', reapplyType: '2' })
    expect(byTestId(mounted, 'order-not-found')).not.toBeNull()
    expect(byTestId(mounted, 'guide-reapply')).toBeNull()
  })
})
