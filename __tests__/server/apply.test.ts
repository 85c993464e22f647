/**
 * The apply routes: the sealed payload's steps (create, update, final commit) with plate
 * admission, one open order per plate and user (also under concurrent requests), completeness and
 * the deposit state of the package; the hand-over to the issuer; the sealed draft.
 */
import { count, eq } from 'drizzle-orm'
import type { ApplyResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { APPLY_STEP, BUSINESS_MODE, CANCEL_STATE, PAY_STATE, PLATE_COLOR } from '../../src/domain/enums'
import { PACKAGE_VARIANT, REPLACEMENT_ONLY_MESSAGE } from '../../src/domain/money'
import { seal } from '../../server/crypto/sealed-box'
import { applyDrafts, commodities, orderEvents, orders } from '../../server/db/schema'
import { BANK, envelope, sealFor } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import { apply, applyRaw, createOrder, data, fillOrder, FIXTURE, ISSUER_AGREEMENT, login, MAIL_DELIVERY, orderRow, orderWorld, OTHER_PLATE, OWNER, payload, PHONES, PLATE, paidOrder, submittedOrder, upload, uploadAllPhotos, VEHICLE } from './support/orders'
import type { TestApp } from './support/test-app'
import { suiteOf } from './support/app-world'
import { describeDb } from './support/test-database'

const ALL_MISSING = ['车主信息', '车辆信息', '领取方式', '身份证照片（人像面和国徽面）', '行驶证照片', '车头照片', '套餐']

describeDb('apply routes', () => {
  const world = orderWorld()
  const { database, test, grant: owner, api } = suiteOf(world)

  const orderCount = async (plateNumber = PLATE) =>
    (await database.db.select({ n: count() }).from(orders).where(eq(orders.plateNumber, plateNumber)))[0]?.n
  const events = async (orderId: string) =>
    (await database.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((row) => row.kind)

  describe('login', () => {
    it('needs a valid token for the apply call', async () => {
      const request = api.request(API.apply, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, payload()) })
      await expectLoginEnforced(test, request, owner)
    })

    it('needs a valid token to save and load the draft', async () => {
      await expectLoginEnforced(test, api.request(API.loadDraft), owner)
    })

    it('needs a valid token to push an order', async () => {
      const orderId = await submittedOrder(test, owner)
      await expectLoginEnforced(test, api.request(API.applyPush, { orderId, promotionChannelId: BANK.promotionChannelId }), owner)
    })
  })

  describe('step 1: create', () => {
    it('opens an order for the plate with the payload and the path channel', async () => {
      const response = await apply(test, owner, payload())
      const created = data<ApplyResponse>(response)
      expect(created).toEqual({
        orderId: expect.stringMatching(/^O[0-9a-f]{24}$/),
        stepId: APPLY_STEP.CREATE,
        certificatesCommitSate: 0,
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        missing: ALL_MISSING,
      })
      const row = await orderRow(database.db, created.orderId)
      expect(row).toMatchObject({
        plateNumber: PLATE,
        plateColor: PLATE_COLOR.BLUE,
        channel: BANK.channelId,
        channelSource: 'bank',
        sourceChannel: BANK.sourceChannel,
        promotionChannelId: BANK.promotionChannelId,
        partnerId: BANK.partnerId,
        promoterId: BANK.promoterId,
        orderSource: 0,
        submittedAt: null,
        depositPayState: null,
        createdAt: test.clock.now(),
      })
      expect(await events(created.orderId)).toEqual(['applied'])
    })

    it('normalises the plate (lower case letters) before storing it', async () => {
      const created = data<ApplyResponse>(await apply(test, owner, payload({ plateNumber: '京a12345' })))
      expect((await orderRow(database.db, created.orderId)).plateNumber).toBe(PLATE)
    })

    it('answers a replayed create with the same open order', async () => {
      const body = { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, payload()) }
      const first = data<ApplyResponse>(await applyRaw(test, owner, body))
      const replay = data<ApplyResponse>(await applyRaw(test, owner, body))
      const repeat = data<ApplyResponse>(await apply(test, owner, payload()))
      expect(replay.orderId).toBe(first.orderId)
      expect(repeat.orderId).toBe(first.orderId)
      expect(await orderCount()).toBe(1)
      expect(await events(first.orderId)).toEqual(['applied'])
    })

    it('creates one order when the same create arrives many times at once', async () => {
      const responses = await Promise.all(Array.from({ length: 6 }, () => apply(test, owner, payload())))
      const ids = new Set(responses.map((response) => data<ApplyResponse>(response).orderId))
      expect(ids.size).toBe(1)
      expect(await orderCount()).toBe(1)
      const [orderId] = [...ids]
      expect(await events(orderId!)).toEqual(['applied'])
    })

    it("keeps a user's plates apart, and refuses a plate another user has submitted an order for", async () => {
      const mine = await createOrder(test, owner)
      const second = await createOrder(test, owner, OTHER_PLATE)
      expect(second).not.toBe(mine)
      const other = await login(test, PHONES.other)
      await database.db.update(orders).set({ submittedAt: test.clock.now() }).where(eq(orders.orderId, mine))
      expect((await apply(test, other, payload())).json()).toEqual({ code: 2001, msg: '该车辆已有其他申请人提交办理申请，如有疑问请联系客服', data: null })
      await database.db.update(orders).set({ cancelState: CANCEL_STATE.SUCCESS }).where(eq(orders.orderId, mine))
      expect(await createOrder(test, other)).not.toBe(mine)
    })

    it('refuses a plate that already has ETC, with business code 2001', async () => {
      const response = await apply(test, owner, payload({ plateNumber: FIXTURE.takenPlate }))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 2001, msg: '该车辆已办理ETC', data: null })
      expect(await orderCount(FIXTURE.takenPlate)).toBe(0)
    })

    it('refuses an intercepted plate with the reason', async () => {
      const response = await apply(test, owner, payload({ plateNumber: FIXTURE.interceptedPlate }))
      expect(response.json()).toEqual({ code: 2002, msg: FIXTURE.interceptReason, data: null })
      expect(await orderCount(FIXTURE.interceptedPlate)).toBe(0)
    })

    it('refuses a plate on an intercepted promotion channel', async () => {
      const response = await apply(test, owner, payload({ promotionChannelId: FIXTURE.closedPromotion }))
      expect(response.json()).toEqual({ code: 2002, msg: '该推广活动已结束，暂不支持办理', data: null })
      expect(await orderCount()).toBe(0)
    })

    it('refuses an unknown promotion channel', async () => {
      const response = await apply(test, owner, payload({ promotionChannelId: 'NO_SUCH_PROMOTION' }))
      expect(response.json()).toEqual({ code: 2002, msg: '推广渠道不存在，暂不支持办理', data: null })
      expect(await orderCount()).toBe(0)
    })

    it('answers an unknown {channel} with a 404', async () => {
      const response = await applyRaw(test, owner, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, payload()) }, 'NO_SUCH_CHANNEL')
      expect(response.statusCode).toBe(404)
      expect(envelope(response).msg).toBe('渠道不存在')
    })

    it('refuses a uid that is not the caller', async () => {
      const response = await apply(test, owner, payload({ uid: 'U000000000000000000000000' }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('登录用户与申办用户不一致，请重新登录')
      expect(await orderCount()).toBe(0)
    })

    it('takes the uid of the caller', async () => {
      expect(data<ApplyResponse>(await apply(test, owner, payload({ uid: owner.uid }))).orderId).toMatch(/^O/)
    })
  })

  describe('unreadable, malformed and hostile payloads', () => {
    it.each([
      ['garbage', () => 'not-sealed'],
      ['a value sealed for another field', (t: TestApp) => sealFor(t, SEALED_FIELD.token, payload())],
      ['a value sealed with another key', () => seal('0'.repeat(64), SEALED_FIELD.apply, JSON.stringify(payload()))],
      ['sealed text that is not JSON', (t: TestApp) => seal(t.config.payloadKeyHex, SEALED_FIELD.apply, '{not json')],
    ])('answers %s with business code 2004 and writes nothing', async (_case, make) => {
      const response = await applyRaw(test, owner, { encryptUsersVehicleApplyVoStr: make(test) })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 2004, msg: '参数解密失败，请刷新页面后重试', data: null })
      expect(await orderCount()).toBe(0)
    })

    it.each([
      ['no body', undefined, '请求参数不能为空'],
      ['no payload field', {}, '参数 encryptUsersVehicleApplyVoStr 不能为空'],
      ['a number as payload', { encryptUsersVehicleApplyVoStr: 42 }, '参数 encryptUsersVehicleApplyVoStr 应为字符串'],
      ['a payload over the size limit', { encryptUsersVehicleApplyVoStr: 'v'.repeat(16 * 1024 + 1) }, '参数 encryptUsersVehicleApplyVoStr 长度不能超过16384'],
    ])('answers %s with a 400 and a Chinese message', async (_case, body, message) => {
      const response = await applyRaw(test, owner, body)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
    })

    it.each([
      ['an invalid plate', { plateNumber: '京A1234' }, '车牌号应为7位（普通蓝牌）或8位（新能源绿牌）'],
      ['a colour that does not match the plate', { plateColor: PLATE_COLOR.GREEN }, '车牌颜色与车牌号不符'],
      ['an unknown step', { stepId: 3 }, '申办步骤不正确'],
      ['an update without orderId', { stepId: APPLY_STEP.UPDATE }, '缺少订单号'],
      ['an unknown field', { isAdmin: true }, '请求参数不支持的字段 isAdmin'],
      ['a bad ID number', { owner: { ...OWNER, idNumber: '110105194912310021' } }, '身份证号校验位不正确，请核对'],
      ['mail delivery without an address', { delivery: { method: '3' } }, '邮寄到家需填写收货人、电话和地址'],
      ['a hostile identifier', { orderId: "x' or 1=1 --", stepId: APPLY_STEP.UPDATE }, '参数 orderId 格式不正确'],
    ])('answers a sealed payload with %s with a 400', async (_case, overrides, message) => {
      const response = await apply(test, owner, { ...payload(), ...overrides })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
      expect(await orderCount()).toBe(0)
    })

    it('answers a sealed JSON array or string with a 400', async () => {
      for (const value of [[1, 2], 'text']) {
        const response = await applyRaw(test, owner, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, value) })
        expect(response.statusCode).toBe(400)
        expect(envelope(response).msg).toMatch(/^请求参数/)
      }
    })

    it('refuses prototype-poisoning keys in the body with a 400', async () => {
      const response = await api.malformed(API.apply, '{"encryptUsersVehicleApplyVoStr":"x","__proto__":{"isAdmin":true}}', {
        as: owner,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).code).toBe(400)
    })
  })

  describe('step 2: update', () => {
    it('stores owner, vehicle, delivery and package, and says what is still missing', async () => {
      const orderId = await createOrder(test, owner)
      test.clock.advance(1000)
      const updated = await fillOrder(test, owner, orderId)
      expect(updated).toEqual({
        orderId,
        stepId: APPLY_STEP.UPDATE,
        certificatesCommitSate: 0,
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        missing: ['身份证照片（人像面和国徽面）', '行驶证照片', '车头照片'],
      })
      expect(await orderRow(database.db, orderId)).toMatchObject({
        ownerName: OWNER.ownerName,
        ownerIdNumber: OWNER.idNumber,
        ownerMobile: OWNER.mobile,
        vehicle: VEHICLE,
        deliveryMethod: MAIL_DELIVERY.method,
        consigneeName: MAIL_DELIVERY.consigneeName,
        address: MAIL_DELIVERY.address,
        commodityId: FIXTURE.paidCommodity,
        amountCents: FIXTURE.paidPriceCents,
        issuerId: 3,
        stepId: APPLY_STEP.UPDATE,
        updatedAt: test.clock.now(),
      })
    })

    it('clears the consignee when the delivery changes to on-site pick-up', async () => {
      const orderId = await createOrder(test, owner)
      await fillOrder(test, owner, orderId)
      data(await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, delivery: { method: '2' } })))
      expect(await orderRow(database.db, orderId)).toMatchObject({ deliveryMethod: '2', consigneeName: null, consigneeMobile: null, region: null, address: null })
    })

    it('answers a free package with nothing to pay', async () => {
      const orderId = await createOrder(test, owner)
      expect((await fillOrder(test, owner, orderId, { commodityId: FIXTURE.freeCommodity })).depositPayState).toBe(PAY_STATE.NOT_NEEDED)
    })

    it.each([
      ['an unknown package', 'NO_SUCH_PACKAGE'],
      ["another promotion channel's package", FIXTURE.mapCommodity],
    ])('refuses %s with a 400 and keeps the rest of the step unwritten', async (_case, commodityId) => {
      const orderId = await createOrder(test, owner)
      const response = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, owner: OWNER, commodityId }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('套餐不存在或已下架')
      expect(await orderRow(database.db, orderId)).toMatchObject({ ownerName: null, commodityId: null, stepId: APPLY_STEP.CREATE })
    })

    it("refuses an existing user's package (a device replacement) for an application, writing nothing", async () => {
      await database.db.insert(commodities).values({
        id: 'TEST_REPLACEMENT',
        promotionChannelId: BANK.promotionChannelId,
        name: '老用户换新套餐',
        commodityPrice: 6990,
        bizType: BUSINESS_MODE.DEPOSIT,
        packageVariant: PACKAGE_VARIANT.existingUser,
        issuerId: ISSUER_AGREEMENT.issuerId,
        isExistUser: true,
      })
      const orderId = await createOrder(test, owner)
      const response = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, owner: OWNER, commodityId: 'TEST_REPLACEMENT' }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(REPLACEMENT_ONLY_MESSAGE)
      expect(await orderRow(database.db, orderId)).toMatchObject({ ownerName: null, commodityId: null })
    })

    it("answers another user's order as not found and leaves it alone", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await createOrder(test, other)
      const response = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId: theirs, owner: OWNER }))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 404, msg: '订单不存在', data: null })
      expect((await orderRow(database.db, theirs)).ownerName).toBeNull()
    })

    it('refuses a plate that is not the order’s', async () => {
      const orderId = await createOrder(test, owner)
      const response = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, plateNumber: OTHER_PLATE }))
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('车牌号与订单不一致')
    })

    it('refuses changes to a submitted order with business code 2003', async () => {
      const orderId = await submittedOrder(test, owner)
      const response = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, owner: { ...OWNER, ownerName: '王五' } }))
      expect(response.json()).toEqual({ code: 2003, msg: '订单已提交，不能再修改资料', data: null })
      expect((await orderRow(database.db, orderId)).ownerName).toBe(OWNER.ownerName)
    })

    it('records the time of the first consent from the server clock', async () => {
      const orderId = await createOrder(test, owner)
      data(await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, agreementsAcceptedAt: 1 })))
      const acceptedAt = test.clock.now()
      expect((await orderRow(database.db, orderId)).agreementsAcceptedAt).toEqual(acceptedAt)
      test.clock.advance(60_000)
      data(await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, agreementsAcceptedAt: 2 })))
      expect((await orderRow(database.db, orderId)).agreementsAcceptedAt).toEqual(acceptedAt)
    })
  })

  describe('step 200: final commit', () => {
    const commit = (orderId: string) => apply(test, owner, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId }))

    it('answers what is missing, in Chinese, and does not submit an incomplete order', async () => {
      const orderId = await createOrder(test, owner)
      await fillOrder(test, owner, orderId)
      data(await upload(test, owner, API.uploadIdCardH5.path, { orderId, side: 'front' }))
      const answer = data<ApplyResponse>(await commit(orderId))
      expect(answer.missing).toEqual(['身份证照片（人像面和国徽面）', '行驶证照片', '车头照片'])
      expect(answer.stepId).toBe(APPLY_STEP.UPDATE)
      expect(answer.submitted).toBeUndefined()
      const row = await orderRow(database.db, orderId)
      expect(row.submittedAt).toBeNull()
      expect(row.depositPayState).toBeNull()
      expect(await events(orderId)).toEqual(['applied'])
    })

    it('lists a missing package and form parts', async () => {
      const orderId = await createOrder(test, owner)
      await uploadAllPhotos(test, owner, orderId)
      expect(data<ApplyResponse>(await commit(orderId)).missing).toEqual(['车主信息', '车辆信息', '领取方式', '套餐'])
    })

    it('saves the data it carries and submits once complete; the deposit then awaits payment', async () => {
      const orderId = await createOrder(test, owner)
      await uploadAllPhotos(test, owner, orderId)
      const full = payload({
        stepId: APPLY_STEP.FINAL_COMMIT,
        orderId,
        owner: OWNER,
        vehicle: VEHICLE,
        delivery: MAIL_DELIVERY,
        commodityId: FIXTURE.paidCommodity,
        issuerAgreements: [ISSUER_AGREEMENT],
      })
      const { submitted, ...answer } = data<ApplyResponse>(await apply(test, owner, full))
      expect(answer).toEqual({ orderId, stepId: APPLY_STEP.FINAL_COMMIT, certificatesCommitSate: 7, depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: [] })
      // The pay page's data comes with it: what getOrderInfo and handleOrders answer now.
      const payInfo = data(await api.call(API.payOrderInfo, { orderId }, { as: owner }))
      const detail = data(await api.call(API.orderDetail, { orderId }, { as: owner }))
      expect(submitted).toEqual({ payment: payInfo, order: detail })
      expect(submitted?.payment.depositPayState).toBe(PAY_STATE.AWAITING_PAYMENT)
      expect(await orderRow(database.db, orderId)).toMatchObject({
        submittedAt: test.clock.now(),
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        stepId: APPLY_STEP.FINAL_COMMIT,
        ownerName: OWNER.ownerName,
      })
      expect(await events(orderId)).toEqual(['applied', 'submitted'])
    })

    it('sets "no payment needed" for a free package', async () => {
      const orderId = await submittedOrder(test, owner, { commodityId: FIXTURE.freeCommodity })
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.NOT_NEEDED)
    })

    it('is idempotent on a submitted order', async () => {
      const orderId = await submittedOrder(test, owner)
      const submittedAt = (await orderRow(database.db, orderId)).submittedAt
      test.clock.advance(60_000)
      const again = await Promise.all([commit(orderId), commit(orderId)])
      for (const response of again) expect(data<ApplyResponse>(response)).toMatchObject({ orderId, stepId: APPLY_STEP.FINAL_COMMIT, missing: [] })
      expect((await orderRow(database.db, orderId)).submittedAt).toEqual(submittedAt)
      expect(await events(orderId)).toEqual(['applied', 'submitted'])
    })

    it("answers another user's order as not found", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await createOrder(test, other)
      expect((await commit(theirs)).json()).toEqual({ code: 404, msg: '订单不存在', data: null })
    })
  })

  describe('push to the issuer', () => {
    const push = (grant: TokenGrant, orderId: string) => api.call(API.applyPush, { orderId, promotionChannelId: BANK.promotionChannelId }, { as: grant })

    it('hands a paid order to its issuer, once: asked again, it answers the first receipt', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      const receivedAt = test.clock.now().toISOString()
      expect(data(await push(owner, orderId))).toEqual({ orderId, pushed: true, issuerReceivedAt: receivedAt })
      const first = (await orderRow(database.db, orderId)).pushedAt
      expect(first).toEqual(test.clock.now())
      test.clock.advance(5000)
      expect(data(await push(owner, orderId))).toEqual({ orderId, pushed: true, issuerReceivedAt: receivedAt })
      expect((await orderRow(database.db, orderId)).pushedAt).toEqual(first)
      expect(await events(orderId)).toEqual(['applied', 'submitted', 'paid', 'issuerReceived'])
    })

    it('refuses an order that is not submitted', async () => {
      const orderId = await createOrder(test, owner)
      expect((await push(owner, orderId)).json()).toEqual({ code: 2003, msg: '订单尚未提交，请先完成申办', data: null })
    })

    it("answers another user's order as not found", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await paidOrder(database.db, test, other)
      expect((await push(owner, theirs)).json()).toEqual({ code: 404, msg: '订单不存在', data: null })
      expect((await orderRow(database.db, theirs)).pushedAt).toBeNull()
    })

    it('needs the promotionChannelId query parameter', async () => {
      const orderId = await submittedOrder(test, owner)
      const response = await api.malformed(API.applyPush, { orderId }, { as: owner })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('参数 promotionChannelId 不能为空')
    })
  })

  describe('draft', () => {
    const save = (grant: TokenGrant, sealed: string) => api.call(API.saveDraft, { encryptUsersVehicleApplyVoStr: sealed }, { as: grant })
    const load = (grant: TokenGrant) => api.call(API.loadDraft, undefined, { as: grant })

    it('keeps the sealed draft exactly as sent and gives it back to its owner only', async () => {
      expect(data(await load(owner))).toEqual({ encryptUsersVehicleApplyVoStr: null, savedAt: null })
      const sealed = sealFor(test, SEALED_FIELD.apply, { plateNumber: '京A1', owner: { ownerName: '张' }, savedAt: 1 })
      expect(data(await save(owner, sealed))).toEqual({ savedAt: test.clock.now().toISOString() })
      expect(data(await load(owner))).toEqual({ encryptUsersVehicleApplyVoStr: sealed, savedAt: test.clock.now().toISOString() })
      const other = await login(test, PHONES.other)
      expect(data(await load(other)).encryptUsersVehicleApplyVoStr).toBeNull()
    })

    it('replaces the previous draft', async () => {
      await save(owner, sealFor(test, SEALED_FIELD.apply, { plateNumber: '京A' }))
      test.clock.advance(1000)
      const newer = sealFor(test, SEALED_FIELD.apply, { plateNumber: '京A1' })
      data(await save(owner, newer))
      expect(data(await load(owner)).encryptUsersVehicleApplyVoStr).toBe(newer)
      expect(await database.db.select({ n: count() }).from(applyDrafts)).toEqual([{ n: 1 }])
    })

    it('refuses a draft that does not open (2004), is not an object or too large (400), storing nothing', async () => {
      expect(envelope(await save(owner, 'garbage')).code).toBe(2004)
      const array = await save(owner, sealFor(test, SEALED_FIELD.apply, [1, 2, 3]))
      expect(array.statusCode).toBe(400)
      const tooManyFields = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, i]))
      const many = await save(owner, sealFor(test, SEALED_FIELD.apply, tooManyFields))
      expect(many.statusCode).toBe(400)
      expect(envelope(many).msg).toBe('草稿字段过多')
      const large = await save(owner, 'v'.repeat(16 * 1024 + 1))
      expect(large.statusCode).toBe(400)
      expect(envelope(large).msg).toBe('参数 encryptUsersVehicleApplyVoStr 长度不能超过16384')
      expect(await database.db.select().from(applyDrafts)).toEqual([])
    })
  })
})
