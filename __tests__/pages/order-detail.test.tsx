import Taro from '@tarojs/taro'
import OrderPage from '../../src/pages/order/detail/index'
import OrderJhPage from '../../src/pages/order/detail-jh/index'
import { continueTarget } from '../../src/features/order/actions/continue-route'
import { payloadKeyHex } from '../../src/config/keys'
import { createSealedBox } from '../../src/services/crypto/sealed-box'
import { HOTLINE } from '../../src/domain/constants'
import { MESSAGES } from '../../src/services/request/errors'
import { CERTIFICATE } from '../../src/domain/certificates'
import { DELIVERY_METHOD, ORDER_SOURCE, PAY_STATE } from '../../src/domain/enums'
import { ORDER_STATUSES, statusColour, statusLabel } from '../../src/domain/order'
import { nextAction } from '../../src/domain/order-journey'
import { API } from '../../types/api/paths'
import { EARLY_ORDER_COPY_ID } from '../../src/config/first-screens'
import { SEAL_PURPOSE, SEALED_FIELD } from '../../types/api/sealed'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, eventually, expectTexts, getByTestId, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { STATUS_ACTIONS, STATUS_FIELDS, detail } from '../support/order-fixtures'
import { answering, held, mountLoggedIn, ordersWorld, settle, spyNavigation, spyNavigationEachTest, tapAndSettle } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'

const mountDetail = (world: OrdersWorld, params: Record<string, string> = { orderId: 'O-1' }, Page = OrderPage) => mountLoggedIn(Page, world, params)

const notFound = () => envelope(null, BUSINESS_CODE.NOT_FOUND)
const SUBMITTED = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true } as const

describe('order detail page', () => {
  const navigation = spyNavigationEachTest()

  it.each(ORDER_STATUSES)('shows a %s order with its status, colour and exactly its actions', async (status) => {
    const mounted = await mountDetail(answering(detail(STATUS_FIELDS[status])))
    const tag = getByTestId(mounted, 'order-detail-status')
    expect(tag.textContent).toBe(statusLabel(status))
    expect(tag.getAttribute('data-colour')).toBe(statusColour(status))
    // The spec's cancel and QR code by status; the one way on is the journey table's.
    expect(['qr', 'cancel'].filter((action) => byTestId(mounted, `order-detail-${action}`))).toEqual(STATUS_ACTIONS[status].filter((action) => action !== 'continue'))
    const next = nextAction(detail(STATUS_FIELDS[status]), 'orderDetail')
    expect(byTestId(mounted, 'order-detail-next')?.getAttribute('data-action') ?? 'none').toBe(next)
  })

  // Issue 25's second dead end: a payment left at the cashier (支付中) showed no way to pay.
  it.each([
    ['unpaid', PAY_STATE.AWAITING_PAYMENT, '去支付'],
    ['left at the cashier', PAY_STATE.PAYING, '重新支付'],
    ['failed', PAY_STATE.FAILED, '重新支付'],
  ])('offers to pay a submitted order whose payment is %s', async (_case, depositPayState, label) => {
    const order = detail({ ...STATUS_FIELDS.awaitingAudit, depositPayState, completeness: { ...SUBMITTED } })
    const mounted = await mountDetail(answering(order))
    expect(textOf(mounted, 'order-detail-next')).toBe(label)
    expect(textOf(mounted, 'order-detail-issuer-received')).toBe('支付完成后提交至发行方')
    await tapAndSettle(mounted, 'order-detail-next')
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O-1' })
  })

  it('shows an on-site pick-up with its branch, address and hours, never a courier', async () => {
    const pickup = { branchName: '北京ETC服务网点（示例）', address: '北京市朝阳区建国路示例街8号', hours: '周一至周五 9:00-17:00' }
    const mounted = await mountDetail(answering(detail({ ...STATUS_FIELDS.awaitingActivation, deliveryMethod: DELIVERY_METHOD.ON_SITE, pickup, completeness: { ...SUBMITTED } })))
    expect(textOf(mounted, 'order-detail-delivery-method')).toBe('网点领取')
    expect([textOf(mounted, 'order-detail-pickup-branch'), textOf(mounted, 'order-detail-pickup-address'), textOf(mounted, 'order-detail-pickup-hours')]).toEqual([
      pickup.branchName,
      pickup.address,
      pickup.hours,
    ])
    expect(byTestId(mounted, 'order-detail-tracking')).toBeNull()
    expect(textOf(mounted, 'order-detail-activation')).toContain('领取网点')
  })

  it('says the deposit came back, how much and when', async () => {
    const mounted = await mountDetail(answering(detail({ ...STATUS_FIELDS.activated, refund: { amountCents: 2990, at: '2026-11-25T02:30:00.000Z' } })))
    expect(textOf(mounted, 'order-detail-refund')).toMatch(/^押金¥29\.90已原路退还（2026-11-25 \d{2}:30）$/)
  })

  it('asks for the order again on 刷新 and on pull-down, and shows what changed', async () => {
    const world = answering(detail({ ...STATUS_FIELDS.awaitingAudit, depositPayState: PAY_STATE.SUCCESS, completeness: { ...SUBMITTED } }))
    const mounted = await mountDetail(world)
    expect(textOf(mounted, 'order-detail-hint')).toBe('已支付，等待审核')
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.awaitingShipment)))
    await tapAndSettle(mounted, 'order-detail-refresh')
    expect(textOf(mounted, 'order-detail-status')).toBe('待发货')
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.awaitingActivation)))
    lifecycle.pullDownRefresh()
    await settle(mounted)
    expect(textOf(mounted, 'order-detail-status')).toBe('待激活')
    expect(world.calls(API.orderDetail)).toHaveLength(3)
  })

  it('shows the audit result and reason, delivery and tracking, issuer, certificates and payment', async () => {
    const order = detail({
      ...STATUS_FIELDS.awaitingActivation,
      certificatesCommitSate: CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT,
      deliveryMethod: DELIVERY_METHOD.MAIL,
      trackingNo: 'SF1234567890',
      issuerId: 3,
      delivery: { consigneeName: '张*', consigneeMobile: '138****5678', region: '北京市海淀区', address: '科技园路1号****' },
      timeline: [
        { kind: 'applied', at: '2026-11-20T02:30:00.000Z' },
        { kind: 'paid', at: '2026-11-20T02:40:00.000Z' },
        { kind: 'audited', at: '2026-11-21T02:30:00.000Z' },
        { kind: 'shipped', at: '2026-11-22T02:30:00.000Z', note: 'SF1234567890' },
      ],
    })
    const mounted = await mountDetail(answering(order))
    expectTexts(mounted, { 'order-detail-plate': '京A12345', 'order-detail-package': '基础版ETC', 'order-detail-id': 'O-1', 'order-detail-audit': '审核通过', 'order-detail-delivery-method': '邮寄到家', 'order-detail-tracking': 'SF1234567890', 'order-detail-consignee': '张* 138****5678 北京市海淀区科技园路1号****', 'order-detail-issuer': '北京', 'order-detail-certificates': '身份证、行驶证、车头照', 'order-detail-pay-state': '已支付', 'order-detail-amount': '押金 ¥29.90' })
    expect(byTestId(mounted, 'order-detail-pickup-branch')).toBeNull()
    const steps = getByTestId(mounted, 'order-detail-timeline').querySelectorAll('[data-kind]')
    expect(Array.from(steps, (step) => step.getAttribute('data-kind'))).toEqual(['shipped', 'audited', 'paid', 'applied'])
  })

  it('shows the price, the write-off code used for the order and its discount, and what is paid; no such lines without one', async () => {
    const withVoucher = await mountDetail(answering(detail({ amountCents: 2990, amountDueCents: 990, voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } })))
    expect(textOf(withVoucher, 'order-detail-price')).toBe('¥29.90')
    expect(textOf(withVoucher, 'order-detail-voucher')).toBe('ETC-DEMO-01 -¥20.00')
    expect(getByTestId(withVoucher, 'order-detail-payment-section').textContent).toContain('核销码优惠')
    expect(textOf(withVoucher, 'order-detail-amount')).toBe('押金 ¥9.90')
    withVoucher.unmout()
    const without = await mountDetail(answering(detail()))
    expect(byTestId(without, 'order-detail-voucher')).toBeNull()
    expect(byTestId(without, 'order-detail-price')).toBeNull()
    expect(getByTestId(without, 'order-detail-payment-section').textContent).not.toContain('核销码')
    expect(textOf(without, 'order-detail-amount')).toBe('押金 ¥29.90')
  })

  it('shows the discount the voucher really took off when the least payment cuts it short, so the lines add up', async () => {
    const floored = await mountDetail(answering(detail({ amountCents: 1500, amountDueCents: 1, voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } })))
    expect(textOf(floored, 'order-detail-price')).toBe('¥15.00')
    expect(textOf(floored, 'order-detail-voucher')).toBe('ETC-DEMO-01 -¥14.99')
    expect(textOf(floored, 'order-detail-amount')).toBe('押金 ¥0.01')
  })

  it('names the promotion and the partner as customers read them, never their ids', async () => {
    const fields = { promotionChannelId: 'PLACEHOLDER_BANK_PROMOTION_CHANNEL', partnerId: 'P-7', promoterId: 'Q_9' }
    const named = await mountDetail(answering(detail({ ...fields, promotionName: '手机银行客户专享', partnerName: '城市合作网点' })))
    expect([textOf(named, 'order-detail-promotion'), textOf(named, 'order-detail-partner')]).toEqual(['手机银行客户专享', '城市合作网点'])
    const text = getByTestId(named, 'order-detail').textContent ?? ''
    for (const id of Object.values(fields)) expect(text).not.toContain(id)
    named.unmout()
    const unnamed = await mountDetail(answering(detail(fields)))
    expect(byTestId(unnamed, 'order-detail-promotion-section')).toBeNull()
    expect(getByTestId(unnamed, 'order-detail').textContent).not.toContain('PLACEHOLDER')
  })

  it('shows a rejected order with its reason and the way to the re-apply guide, of the type the reapply check gives', async () => {
    const world = answering(detail({ ...STATUS_FIELDS.rejected, auditReason: '行驶证照片不清晰，请重新上传' }))
    world.on(API.checkApplyPlate, () => envelope({ isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: true }))
    const mounted = await mountDetail(world)
    expect(textOf(mounted, 'order-detail-audit')).toBe('审核未通过')
    expect(textOf(mounted, 'order-detail-audit-reason')).toBe('行驶证照片不清晰，请重新上传')
    expect(textOf(mounted, 'order-detail-next')).toBe('重新申办')
    await tapAndSettle(mounted, 'order-detail-next')
    expect(world.calls(API.checkApplyPlate).map((request) => new URL(request.url).searchParams.get('plateNumber'))).toEqual(['京A12345'])
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/order/guide-reapply/index?orderId=O-1&reapplyType=2' })
  })

  it('guides by the whole rule, and a failed order the rule lets through is still cancelled and applied for again', async () => {
    const whiteListed = answering(detail(STATUS_FIELDS.rejected))
    whiteListed.on(API.checkApplyPlate, () => envelope({ isWhiteNo: true, windowSwitchOneZs: true, windowSwitchTwoZs: true }))
    const paid = await mountDetail(whiteListed)
    paid.fireEvent.click(getByTestId(paid, 'order-detail-next'))
    await settle(paid)
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/guide-reapply/index?orderId=O-1&reapplyType=2' })
    paid.unmout()

    const switchOne = answering(detail({ ...STATUS_FIELDS.rejected, depositPayState: PAY_STATE.AWAITING_PAYMENT }))
    switchOne.on(API.checkApplyPlate, () => envelope({ isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false }))
    const unpaid = await mountDetail(switchOne)
    unpaid.fireEvent.click(getByTestId(unpaid, 'order-detail-next'))
    await settle(unpaid)
    expect(navigation.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/order/guide-reapply/index?orderId=O-1&reapplyType=1' })
  })

  it('says by a toast when the reapply check fails, and opens no guide', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const world = answering(detail(STATUS_FIELDS.rejected))
    world.on(API.checkApplyPlate, () => ({ statusCode: 500, data: null, header: {} }))
    const mounted = await mountDetail(world)
    await tapAndSettle(mounted, 'order-detail-next')
    // Once: the action's toast, not the request layer's as well.
    expect(toast.mock.calls.map(([options]) => options?.title)).toEqual([MESSAGES.serverBusy])
    expect(world.ui.toasts).toEqual([])
    expect(navigation.navigateTo).not.toHaveBeenCalled()
  })

  it('says "订单不存在" for an unknown or foreign order, never showing data', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, notFound)
    const mounted = await mountDetail(world, { orderId: 'O-someone-else' })
    expect(textOf(mounted, 'order-not-found')).toContain('订单不存在')
    expect(getByTestId(mounted, 'order-not-found').getAttribute('role')).toBe('alert')
    expect(byTestId(mounted, 'order-detail')).toBeNull()
    await tapAndSettle(mounted, 'order-not-found', '[role="button"]')
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: '/pages/order/order-list/index' })
  })

  it('says "订单不存在" without asking when the address has no order id', async () => {
    const world = ordersWorld()
    const mounted = await mountDetail(world, {})
    expect(textOf(mounted, 'order-not-found')).toContain('订单不存在')
    expect(world.calls(API.orderDetail)).toHaveLength(0)
  })

  it.each([
    ['the order', envelope(detail())],
    ['an error', { statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }],
  ])("keeps index.html's early copy over it while loading, and takes it away as it shows %s", async (_shown, answer) => {
    const copy = document.createElement('div')
    copy.id = EARLY_ORDER_COPY_ID
    document.body.appendChild(copy)
    const world = ordersWorld()
    const response = held(answer)
    world.on(API.orderDetail, response.handler)
    const mounted = await mountDetail(world)
    expect(document.getElementById(EARLY_ORDER_COPY_ID)).not.toBeNull()
    response.release()
    await settle(mounted)
    expect(byTestId(mounted, 'order-loading')).toBeNull()
    expect(document.getElementById(EARLY_ORDER_COPY_ID)).toBeNull()
  })

  it('shows loading, then an error in place (no toast too) with a retry', async () => {
    const world = ordersWorld()
    const response = held({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} })
    world.on(API.orderDetail, response.handler)
    const mounted = await mountDetail(world)
    expect(byTestId(mounted, 'order-loading')).not.toBeNull()
    response.release()
    await settle(mounted)
    expect(textOf(mounted, 'order-detail-error')).toContain('服务器繁忙，请稍后重试')
    expect(world.ui.toasts).toEqual([])
    world.on(API.orderDetail, () => envelope(detail()))
    await tapAndSettle(mounted, 'order-detail-error', '[role="button"]')
    expect(byTestId(mounted, 'order-detail')).not.toBeNull()
  })

  it('does not load the order again for its first show, which Taro may tell a screen mounted with the page', async () => {
    const world = answering(detail())
    const mounted = await mountDetail(world)
    world.advance(3000)
    lifecycle.show()
    await settle(mounted)
    expect(world.calls(API.orderDetail)).toHaveLength(1)
  })

  it('loads the order again when the page is shown again', async () => {
    const world = answering(detail())
    const mounted = await mountDetail(world)
    world.on(API.orderDetail, () => envelope(detail(STATUS_FIELDS.cancelled)))
    world.advance(3000)
    // Shown again: back from another page, which hid it.
    lifecycle.hide()
    lifecycle.show()
    await settle(mounted)
    expect(textOf(mounted, 'order-detail-status')).toBe('已取消')
  })

  it.each([
    ['the form, after the agreements', { owner: false, vehicle: false, delivery: false, commodity: false, submitted: false }, 0, undefined, '/pages/apply/agree/index'],
    ['the photos', { owner: true, vehicle: true, delivery: true, commodity: false, submitted: false }, 0, 'O-1', '/pages/apply/upinfo/index'],
    ['the agreements again, accepted for another order only', { owner: true, vehicle: true, delivery: true, commodity: false, submitted: false }, 0, 'O-2', '/pages/apply/agree/index'],
  ])('continues applying at %s', async (_step, completeness, certificates, acceptedFor, url) => {
    const world = answering(detail({ completeness, certificatesCommitSate: certificates }))
    if (acceptedFor) {
      // Consent is given on this device for the order it holds.
      world.services.store.apply.resumeOrder(detail({ orderId: acceptedFor }))
      world.services.store.apply.acceptAgreements()
    }
    const mounted = await mountDetail(world)
    expect(textOf(mounted, 'order-detail-next')).toBe('继续办理')
    await tapAndSettle(mounted, 'order-detail-next')
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url })
    expect(world.services.store.apply.orderId).toBe('O-1')
  })

  it('maps every apply step to its page (an applying order has no photos yet, so the form or photos come first)', () => {
    expect(continueTarget('information', 'O-1', false)).toEqual({ route: 'agree' })
    expect(continueTarget('photos', 'O-1', true)).toEqual({ route: 'upinfo' })
    expect(continueTarget('package', 'O-1', true)).toEqual({ route: 'selectLand' })
    expect(continueTarget('submit', 'O-1', true)).toEqual({ route: 'selectLand' })
    expect(continueTarget('payment', 'O-1', true)).toEqual({ route: 'pay', query: { orderId: 'O-1' } })
    expect(continueTarget('done', 'O-1', true)).toEqual({ route: 'order', query: { orderId: 'O-1' } })
  })

  it('shows the QR code only where the status has one', async () => {
    const mounted = await mountDetail(answering(detail(STATUS_FIELDS.awaitingShipment)))
    mounted.fireEvent.click(getByTestId(mounted, 'order-detail-qr'))
    await settle(mounted, 1)
    expect(byTestId(mounted, 'order-qr-sheet')).not.toBeNull()
    expect(textOf(mounted, 'order-qr-plate')).toBe('京A12345')
    mounted.fireEvent.click(getByTestId(mounted, 'order-qr-mask'))
    await settle(mounted, 1)
    expect(byTestId(mounted, 'order-qr-sheet')).toBeNull()
  })

  it('opens the cancel page', async () => {
    const mounted = await mountDetail(answering(detail(STATUS_FIELDS.awaitingAudit)))
    await tapAndSettle(mounted, 'order-detail-cancel')
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/order/cancel/index?orderId=O-1' })
  })

  describe('customer service', () => {
    it("opens the promotion's customer-service hall when its channel info has a link", async () => {
      const world = answering(detail())
      world.on(API.promoterChannelEffective, () => envelope({ promotionSubject: '银行ETC', call_link: 'https://kf.example.com/hall' }))
      const mounted = await mountDetail(world)
      mounted.fireEvent.click(getByTestId(mounted, 'customer-service'))
      await tapAndSettle(mounted, 'customer-service')
      expect(world.calls(API.promoterChannelEffective)).toHaveLength(1)
      expect(navigation.navigateTo).toHaveBeenCalledTimes(1)
      expect(navigation.navigateTo).toHaveBeenCalledWith({
        url: `/pages/jump/webview/index?src=${encodeURIComponent('https://kf.example.com/hall')}`,
      })
      expect(getByTestId(mounted, 'customer-service').getAttribute('aria-label')).toBe('联系在线客服')
    })

    it('calls the hotline otherwise', async () => {
      const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
      const world = answering(detail())
      world.on(API.promoterChannelEffective, () => envelope({ promotionSubject: '银行ETC', call_link: null }))
      const mounted = await mountDetail(world)
      expect(getByTestId(mounted, 'customer-service').getAttribute('aria-label')).toBe(`拨打客服电话 ${HOTLINE}`)
      await tapAndSettle(mounted, 'customer-service')
      expect(call).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
    })
  })
})

describe('province order page (orderJh)', () => {
  beforeEach(() => {
    spyNavigation()
  })
  afterEach(() => jest.restoreAllMocks())

  it('shows a province order by its id like the order page', async () => {
    const mounted = await mountDetail(answering(detail({ orderSource: ORDER_SOURCE.PROVINCE, ...STATUS_FIELDS.awaitingAudit })), { orderId: 'O-1' }, OrderJhPage)
    expect(textOf(mounted, 'order-detail-status')).toBe('待审核')
  })

  it('says "订单不存在" for a foreign province order', async () => {
    const world = ordersWorld()
    world.on(API.orderDetail, notFound)
    const mounted = await mountDetail(world, { orderId: 'O-x' }, OrderJhPage)
    expect(byTestId(mounted, 'order-not-found')).not.toBeNull()
    expect(byTestId(mounted, 'order-detail')).toBeNull()
  })

  it('carries an offline order on online with the sealed parameter, then shows the new order', async () => {
    const world = ordersWorld()
    world.on(API.offlineToOnline, () => envelope({ orderId: 'O-online' }))
    world.on(API.orderDetail, (request) =>
      request.url.endsWith('/O-online') ? envelope(detail({ orderId: 'O-online', plateNumber: '苏E54321', orderSource: ORDER_SOURCE.PROVINCE })) : notFound(),
    )
    const mounted = await mountDetail(world, { offlineNo: 'OFF202611210001', plateNumber: '苏E54321' }, OrderJhPage)
    const [body] = world.bodies(API.offlineToOnline)
    expect(typeof body?.encryptOfflineOrderToOnlineParam).toBe('string')
    expect(JSON.stringify(body)).not.toContain('OFF202611210001')
    expect(textOf(mounted, 'order-detail-id')).toBe('O-online')
    expect(textOf(mounted, 'order-detail-plate')).toBe('苏E54321')
  })

  it('says why a hand-over failed, once (no toast too), and retries', async () => {
    const world = ordersWorld()
    world.on(API.offlineToOnline, () => envelope(null, BUSINESS_CODE.NOT_FOUND))
    const mounted = await mountDetail(world, { offlineNo: 'OFF-unknown', plateNumber: '苏E54321' }, OrderJhPage)
    expect(getByTestId(mounted, 'order-handover-error').getAttribute('role')).toBe('alert')
    expect(world.ui.toasts).toEqual([])
    world.on(API.offlineToOnline, () => envelope({ orderId: 'O-online' }))
    world.on(API.orderDetail, () => envelope(detail({ orderId: 'O-online' })))
    world.advance(3000)
    await tapAndSettle(mounted, 'order-handover-error', '[role="button"]')
    expect(textOf(mounted, 'order-detail-id')).toBe('O-online')
  })

  it('asks for the outlet’s hand-over code after a refusal, checks it, and sends it sealed', async () => {
    const world = ordersWorld()
    world.on(API.offlineToOnline, () => envelope(null, BUSINESS_CODE.NOT_FOUND))
    const mounted = await mountDetail(world, { offlineNo: 'OFF202611210001', plateNumber: '苏E54321' }, OrderJhPage)
    const codeInput = (): HTMLInputElement => {
      const field = getByTestId(mounted, 'order-handover-code')
      return (field.querySelector('input') ?? field) as HTMLInputElement
    }
    const enter = async (code: string) => {
      const input = codeInput()
      input.value = code
      mounted.fireEvent.input(input)
      await settle(mounted)
      await tapAndSettle(mounted, 'order-handover-submit')
    }
    // The code field's input renders once the form's UI library has loaded.
    await eventually(mounted, () => Boolean(byTestId(mounted, 'order-handover-code')?.querySelector('input')))
    expect(codeInput().getAttribute('aria-label')).toBe('转线上验证码')

    await enter('1234')
    expect(textOf(mounted, 'order-handover-code-error')).toBe('转线上验证码应为8位数字')
    expect(world.bodies(API.offlineToOnline)).toHaveLength(1)

    world.on(API.offlineToOnline, () => envelope({ orderId: 'O-online' }))
    world.on(API.orderDetail, () => envelope(detail({ orderId: 'O-online' })))
    world.advance(3000)
    await enter('20261121')
    expect(world.bodies(API.offlineToOnline)).toHaveLength(2)
    const sealed = world.bodies(API.offlineToOnline)[1]?.encryptOfflineOrderToOnlineParam
    expect(JSON.parse(createSealedBox(payloadKeyHex(), SEAL_PURPOSE.payload).open(SEALED_FIELD.offlineOrder, String(sealed)) ?? 'null')).toEqual({
      offlineNo: 'OFF202611210001',
      plateNumber: '苏E54321',
      handoverCode: '20261121',
    })
    expect(textOf(mounted, 'order-detail-id')).toBe('O-online')
  })
})
