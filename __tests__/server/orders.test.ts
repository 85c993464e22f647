/**
 * The order routes: the caller's list (newest first, capped pages), the detail with masked
 * personal data, completeness and timeline, the current process by uid and by plate, cancelling
 * by the domain's rules for every derived status (once, even when asked twice at once), and the
 * offline order carried on online once.
 */
import { CANCEL_REASON_MESSAGE } from '../../src/domain/cancel-reason'
import { count, eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import type { SearchOrdersRequest } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { ACTIVATION_STATE, AUDIT_STATE, CANCEL_STATE, DELIVERY_STATE, ISSUER_AUDIT_STATE, ORDER_SOURCE, PAY_STATE } from '../../src/domain/enums'
import { deriveOrderStatus } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import { orderEvents, orders } from '../../server/db/schema'
import { orderFields } from '../../server/orders/order-records'
import { BANK, MAP, envelope, sealFor } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import { createOrder, data, fillOrder, FIXTURE, login, MAIL_DELIVERY, orderRow, orderWorld, OTHER_PLATE, OWNER, PHONES, PLATE, submittedOrder, VEHICLE } from './support/orders'
import { NO_PROGRESS } from '../support/order-fixtures'
import { suiteOf } from './support/app-world'
import { describeDb } from './support/test-database'

const NOT_FOUND = { code: 404, msg: '订单不存在', data: null }
const OFFLINE_REFUSED = { code: 404, msg: '线下订单不存在或验证未通过，请核对订单号、车牌和验证码', data: null }

/** Order states that make each derived status, set directly as the outside parties would. */
const STATUS_STATES: Readonly<Record<OrderStatus, Partial<typeof orders.$inferInsert>>> = {
  applying: {},
  awaitingAudit: { certificatesCommitState: 2 },
  rejected: { certificatesCommitState: 7, auditState: AUDIT_STATE.REJECTED },
  awaitingShipment: { auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED, deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT },
  awaitingActivation: { auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED, deliveryState: DELIVERY_STATE.SHIPPED, obuActivationState: ACTIVATION_STATE.AWAITING },
  activated: { obuActivationState: ACTIVATION_STATE.ACTIVATED, deliveryState: DELIVERY_STATE.DELIVERED },
  cancelled: { cancelState: CANCEL_STATE.SUCCESS },
}

describeDb('order routes', () => {
  const world = orderWorld()
  const { database, test, grant: owner, api } = suiteOf(world)

  /** No body at all is outside the contract (its request is an object, all fields optional). */
  const search = (grant: TokenGrant, body?: SearchOrdersRequest) =>
    body ? api.call(API.searchOrders, body, { as: grant }) : api.malformed(API.searchOrders, undefined, { as: grant })
  const detail = (grant: TokenGrant, orderId: string) => api.call(API.orderDetail, { orderId }, { as: grant })
  const byUid = (grant: TokenGrant, uid: string, channel = BANK.channelId) => api.call(API.currentProcessByUid, undefined, { as: grant, params: { channel, uid } })
  const byPlate = (grant: TokenGrant, plateNumber: string) => api.call(API.currentProcessByPlate, { plateNumber }, { as: grant })
  const cancelData = (orderId: string, reason = '暂时不需要了') => ({ orderId, reason })
  const cancel = (grant: TokenGrant, orderId: string, reason?: string) => api.call(API.cancelOrder, cancelData(orderId, reason), { as: grant })
  const offlineData = (param: unknown) => ({ encryptOfflineOrderToOnlineParam: sealFor(test, SEALED_FIELD.offlineOrder, param) })
  const offline = (grant: TokenGrant, param: unknown = { offlineNo: FIXTURE.offlineNo, plateNumber: FIXTURE.offlinePlate }) =>
    api.call(API.offlineToOnline, offlineData(param), { as: grant })
  const setStates = async (orderId: string, states: Partial<typeof orders.$inferInsert>) => {
    if (Object.keys(states).length) await database.db.update(orders).set(states).where(eq(orders.orderId, orderId))
  }
  const eventKinds = async (orderId: string) =>
    (await database.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((row) => row.kind)

  describe('login', () => {
    it.each([
      ['search', () => api.request(API.searchOrders, {})],
      ['current process by plate', () => api.request(API.currentProcessByPlate, { plateNumber: PLATE })],
    ])('needs a valid token for %s', async (_case, request) => {
      await expectLoginEnforced(test, request(), owner)
    })

    it('needs a valid token for the detail', async () => {
      await expectLoginEnforced(test, api.request(API.orderDetail, { orderId: await createOrder(test, owner) }), owner)
    })

    it('needs a valid token for the current process by uid', async () => {
      await expectLoginEnforced(test, api.request(API.currentProcessByUid, undefined, { params: { uid: owner.uid } }), owner)
    })

    it('needs a valid token to cancel', async () => {
      await expectLoginEnforced(test, api.request(API.cancelOrder, cancelData(await createOrder(test, owner))), owner)
    })

    it('needs a valid token for the offline hand-over', async () => {
      await expectLoginEnforced(test, api.request(API.offlineToOnline, offlineData({ offlineNo: FIXTURE.offlineNo, plateNumber: FIXTURE.offlinePlate })), owner)
    })
  })

  describe('search', () => {
    it("lists the caller's orders only, newest first, with the package name", async () => {
      const first = await createOrder(test, owner)
      await fillOrder(test, owner, first)
      test.clock.advance(1000)
      const second = await createOrder(test, owner, OTHER_PLATE)
      const other = await login(test, PHONES.other)
      await createOrder(test, other, '粤B12345')

      const page = data(await search(owner, { pageNo: 1, pageSize: 100 }))
      expect(page).toMatchObject({ total: 2, pageNo: 1, pageSize: 100 })
      expect(page.list.map((order) => order.orderId)).toEqual([second, first])
      expect(page.list[1]).toEqual({
        orderId: first,
        plateNumber: PLATE,
        plateColor: 1,
        promotionChannelId: BANK.promotionChannelId,
        partnerId: BANK.partnerId,
        promoterId: BANK.promoterId,
        orderSource: 0,
        bizType: 0,
        commodityId: FIXTURE.paidCommodity,
        commodityName: `测试套餐${FIXTURE.paidCommodity}`,
        amountCents: FIXTURE.paidPriceCents,
        depositPayState: null,
        ...NO_PROGRESS,
        createdAt: new Date('2026-03-01T08:00:00.000Z').toISOString(),
        updatedAt: expect.any(String),
      })
    })

    it('pages, filters by plate and caps the page size at 100', async () => {
      for (const plate of [PLATE, OTHER_PLATE, '粤B12345']) {
        await createOrder(test, owner, plate)
        test.clock.advance(1000)
      }
      const second = data(await search(owner, { pageNo: 2, pageSize: 1 }))
      expect(second.list.map((order) => order.plateNumber)).toEqual([OTHER_PLATE])
      expect(second.total).toBe(3)
      expect(data(await search(owner, { pageSize: 1000 })).pageSize).toBe(100)
      const filtered = data(await search(owner, { plateNumber: '粤b12345' }))
      expect(filtered.list.map((order) => order.plateNumber)).toEqual(['粤B12345'])
      expect(data(await search(owner))).toMatchObject({ pageNo: 1, pageSize: 20, total: 3 })
    })

    it.each([
      [{ pageNo: 0 }, '参数 pageNo 不能小于1'],
      [{ pageSize: 'ten' }, '参数 pageSize 应为数字'],
      [{ pageSize: 2.5 }, '参数 pageSize 应为整数'],
      [{ plateNumber: 'DROP TABLE orders' }, '车牌号应为7位（普通蓝牌）或8位（新能源绿牌）'],
      [{ plateNumber: "京A12'45" }, '车牌号格式不正确，后5位应为字母或数字'],
    ])('answers %j with a 400', async (body, message) => {
      const response = await api.malformed(API.searchOrders, body, { as: owner })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
    })
  })

  describe('detail', () => {
    it('shows the order with masked personal data, completeness and the timeline', async () => {
      const orderId = await submittedOrder(test, owner)
      const order = data(await detail(owner, orderId))
      expect(order).toMatchObject({
        orderId,
        owner: { ownerName: '张*', idNumber: '1101**********002X', mobile: '138****8000' },
        vehicle: VEHICLE,
        delivery: { consigneeName: '李*', consigneeMobile: '139****5678', region: MAIL_DELIVERY.region, address: '科技园路1号****' },
        deliveryMethod: '3',
        issuerId: 3,
        completeness: { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true },
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        certificatesCommitSate: 7,
        auditReason: null,
        cancelReason: null,
        trackingNo: null,
        voucher: null,
      })
      expect(order.timeline.map((entry) => entry.kind)).toEqual(['applied', 'submitted'])
      expect(JSON.stringify(order)).not.toContain(OWNER.idNumber)
      expect(JSON.stringify(order)).not.toContain(OWNER.mobile)
      expect(JSON.stringify(order)).not.toContain(MAIL_DELIVERY.address)
    })

    it('shows an order just opened as incomplete, without personal data', async () => {
      const order = data(await detail(owner, await createOrder(test, owner)))
      expect(order).toMatchObject({ owner: null, vehicle: null, delivery: null, deliveryMethod: null })
      expect(order.completeness).toEqual({ owner: false, vehicle: false, delivery: false, commodity: false, submitted: false })
    })

    it("answers another user's order and an unknown one alike: not found, without data", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await submittedOrder(test, other)
      for (const orderId of [theirs, 'O000000000000000000000000']) {
        const response = await detail(owner, orderId)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual(NOT_FOUND)
      }
    })

    it('answers a hostile order id with a 400', async () => {
      const response = await detail(owner, "1' or '1'='1")
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 orderId 格式不正确')
    })
  })

  describe('current process', () => {
    it("by uid: the caller's newest open order, orders of the path's channel first", async () => {
      expect(data(await byUid(owner, owner.uid))).toBeNull()
      const older = await createOrder(test, owner)
      test.clock.advance(1000)
      const newer = await createOrder(test, owner, OTHER_PLATE)
      expect(data(await byUid(owner, owner.uid))?.orderId).toBe(newer)
      await setStates(newer, { channel: MAP.channelId })
      expect(data(await byUid(owner, owner.uid))?.orderId).toBe(older)
      expect(data(await byUid(owner, owner.uid, MAP.channelId))?.orderId).toBe(newer)
      data(await cancel(owner, older))
      expect(data(await byUid(owner, owner.uid))?.orderId).toBe(newer)
      await setStates(newer, STATUS_STATES.activated)
      expect(data(await byUid(owner, owner.uid))).toBeNull()
    })

    it("by uid: another user's uid is not found", async () => {
      const other = await login(test, PHONES.other)
      await createOrder(test, other)
      expect((await byUid(owner, other.uid)).json()).toEqual(NOT_FOUND)
    })

    it("by plate: the caller's open order of the plate, or null", async () => {
      const orderId = await createOrder(test, owner)
      expect(data(await byPlate(owner, PLATE))?.orderId).toBe(orderId)
      expect(data(await byPlate(owner, '京a12345'))?.orderId).toBe(orderId)
      expect(data(await byPlate(owner, OTHER_PLATE))).toBeNull()
      const other = await login(test, PHONES.other)
      expect(data(await byPlate(other, PLATE))).toBeNull()
      data(await cancel(owner, orderId))
      expect(data(await byPlate(owner, PLATE))).toBeNull()
    })

    it('by plate: a malformed plate is a 400', async () => {
      const response = await byPlate(owner, '京A')
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('车牌号应为7位（普通蓝牌）或8位（新能源绿牌）')
    })
  })

  describe('cancel', () => {
    it.each(['applying', 'awaitingAudit', 'rejected', 'awaitingShipment'] as const)(
      'cancels an order that is %s: cancelling, then confirmed, both on the timeline',
      async (status) => {
        const orderId = await createOrder(test, owner)
        await setStates(orderId, STATUS_STATES[status])
        expect(deriveOrderStatus(orderFields(await orderRow(database.db, orderId)))).toBe(status)
        const response = await cancel(owner, orderId, '  重复下单  ')
        expect(data(response)).toEqual({ orderId, cancelState: CANCEL_STATE.SUCCESS })
        expect(await orderRow(database.db, orderId)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: '重复下单' })
        const order = data(await detail(owner, orderId))
        expect(order.timeline.slice(-2)).toEqual([
          { kind: 'cancelRequested', at: test.clock.now().toISOString(), note: '重复下单' },
          { kind: 'cancelled', at: test.clock.now().toISOString() },
        ])
      },
    )

    it.each([
      ['awaitingActivation', '设备已发货，不能取消订单'],
      ['activated', '设备已激活，不能取消订单'],
      ['cancelled', '订单已取消，请勿重复操作'],
    ] as const)('refuses to cancel an order that is %s', async (status, message) => {
      const orderId = await createOrder(test, owner)
      await setStates(orderId, STATUS_STATES[status])
      expect(deriveOrderStatus(orderFields(await orderRow(database.db, orderId)))).toBe(status)
      const before = await orderRow(database.db, orderId)
      const response = await cancel(owner, orderId)
      expect(response.json()).toEqual({ code: 2003, msg: message, data: null })
      expect(await orderRow(database.db, orderId)).toEqual(before)
      expect(await eventKinds(orderId)).toEqual(['applied'])
    })

    it('refuses an order whose cancel is still being confirmed', async () => {
      const orderId = await createOrder(test, owner)
      await setStates(orderId, { cancelState: CANCEL_STATE.CANCELLING })
      expect((await cancel(owner, orderId)).json()).toEqual({ code: 2003, msg: '订单正在取消中，请稍后查看', data: null })
    })

    it('cancels once when asked twice at the same time', async () => {
      const orderId = await createOrder(test, owner)
      const answers = (await Promise.all([cancel(owner, orderId), cancel(owner, orderId)])).map((response) => envelope(response))
      expect(answers.map((answer) => answer.code).sort()).toEqual([200, 2003])
      expect(await eventKinds(orderId)).toEqual(['applied', 'cancelRequested', 'cancelled'])
    })

    it('frees the plate for a new application', async () => {
      const orderId = await createOrder(test, owner)
      data(await cancel(owner, orderId))
      const again = await createOrder(test, owner)
      expect(again).not.toBe(orderId)
    })

    it.each([
      ['no reason', undefined, '参数 reason 不能为空'],
      ['a blank reason', '   ', '参数 reason 不能为空'],
      ['a reason of the wrong type', 7, '参数 reason 应为字符串'],
      ['a reason that is too long', '很'.repeat(201), '参数 reason 长度不能超过200'],
      ['a reason typed rather than chosen', '不办了，身份证号110101199003077777', CANCEL_REASON_MESSAGE],
    ])('answers %s with a 400', async (_case, reason, message) => {
      const orderId = await createOrder(test, owner)
      const response = await api.malformed(API.cancelOrder, reason === undefined ? { orderId } : { orderId, reason }, { as: owner })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
      expect((await orderRow(database.db, orderId)).cancelState).toBeNull()
    })

    it("answers another user's order as not found and leaves it alone", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await createOrder(test, other)
      expect((await cancel(owner, theirs)).json()).toEqual(NOT_FOUND)
      expect((await orderRow(database.db, theirs)).cancelState).toBeNull()
    })
  })

  describe('offline order to online', () => {
    it('converts the offline order into a province order of the caller, once', async () => {
      const converted = data(await offline(owner))
      const row = await orderRow(database.db, converted.orderId)
      expect(row).toMatchObject({ plateNumber: FIXTURE.offlinePlate, orderSource: ORDER_SOURCE.PROVINCE, promotionChannelId: BANK.promotionChannelId, channel: BANK.channelId })
      expect(data(await detail(owner, converted.orderId)).timeline).toEqual([
        { kind: 'applied', at: test.clock.now().toISOString(), note: `线下订单${FIXTURE.offlineNo}转为线上办理` },
      ])
      expect(data(await offline(owner))).toEqual(converted)
      expect(await database.db.select({ n: count() }).from(orders)).toEqual([{ n: 1 }])

      const other = await login(test, PHONES.other)
      expect((await offline(other)).json()).toEqual(OFFLINE_REFUSED)
    })

    it.each([
      ['an unknown offline order', { offlineNo: 'OFFNONE', plateNumber: FIXTURE.offlinePlate }],
      ['a plate that is not the offline order’s', { offlineNo: FIXTURE.offlineNo, plateNumber: PLATE }],
    ])('answers %s with the uniform refusal', async (_case, param) => {
      expect((await offline(owner, param)).json()).toEqual(OFFLINE_REFUSED)
    })

    it('refuses when the caller already has an open order for the plate', async () => {
      await createOrder(test, owner, FIXTURE.offlinePlate)
      expect((await offline(owner)).json()).toEqual({ code: 2003, msg: '该车辆已有办理中的订单', data: null })
    })

    it('answers an unreadable parameter with 2004 and a malformed one with a 400', async () => {
      expect((await api.call(API.offlineToOnline, { encryptOfflineOrderToOnlineParam: 'garbage' }, { as: owner })).json()).toEqual({ code: 2004, msg: '参数解密失败，请刷新页面后重试', data: null })
      const malformed = await offline(owner, { offlineNo: FIXTURE.offlineNo })
      expect(malformed.statusCode).toBe(400)
      expect(envelope(malformed).msg).toBe('参数 plateNumber 不能为空')
      const noBody = await api.malformed(API.offlineToOnline, undefined, { as: owner })
      expect(noBody.statusCode).toBe(400)
      expect(await database.db.select({ n: count() }).from(orders)).toEqual([{ n: 0 }])
    })
  })
})
