/**
 * Who holds a plate, and promotions that stay in their channel: only another user's submitted
 * order blocks a plate (an empty squat blocks nobody; an unpaid one until its hold ends, which the
 * refusal tells: abuse.test.ts); the plate goes to the first to submit, held by the database's
 * unique index; unsubmitted orders are capped per user and expire on their own; apply, choosing
 * a package and paying refuse a promotion of another channel.
 */
import { eq } from 'drizzle-orm'
import type { ApplyResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import type { Page } from '../../types/api/envelope'
import type { OrderDetail, OrderSummary, SearchOrdersRequest } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { APPLY_STEP, CANCEL_STATE, PAY_STATE, PLATE_COLOR } from '../../src/domain/enums'
import { orders, promotionChannels, uploads } from '../../server/db/schema'
import { runMaintenance } from '../../server/maintenance/sweep'
import { MAX_OPEN_UNSUBMITTED_ORDERS, UNSUBMITTED_ORDER_TTL_MS } from '../../server/orders/unsubmitted-orders'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { BANK, MAP, envelope, sealFor, tokenCall } from './support/api'
import {
  FIXTURE,
  OTHER_PLATE,
  PHONES,
  PLATE,
  apply,
  applyRaw,
  createOrder,
  data,
  fillOrder,
  login,
  orderRow,
  orderWorld,
  payload,
  submittedOrder,
  upload,
  uploadAllPhotos,
} from './support/orders'
import { describeDb, testDriver } from './support/test-database'

const PLATE_HELD = { code: 2001, msg: '该车辆已有其他申请人提交办理申请，如有疑问请联系客服', data: null }
/** Held by an order submitted unpaid at the clock's start (16:00 in China): free at 16:30 unless paid. */
const PLATE_HELD_UNPAID = { ...PLATE_HELD, msg: '该车辆已有其他申请人提交办理申请，若对方未支付，车牌将于16:30释放' }
const OTHER_CHANNEL = { code: 2002, msg: '该推广活动不适用于当前渠道', data: null }
const TOO_MANY = { code: 2003, msg: `您已有${MAX_OPEN_UNSUBMITTED_ORDERS}笔未提交的申请，请先提交或取消后再办理新的车辆`, data: null }
const EXPIRED_MESSAGE = '申请超过24小时未提交，已自动取消，请重新办理'
const RACERS = 10
const EXTRA_PLATES = ['粤B10001', '粤B10002', '粤B10003', '粤B10004']

describeDb('plate holding and channel binding', () => {
  const world = orderWorld()

  const { api } = world
  const uniqueResult = async (grant: TokenGrant, plateNumber = PLATE): Promise<number> =>
    data(await api.call(API.plateUnique, { plateNumber, plateColor: PLATE_COLOR.BLUE, vehicleType: 2 }, { as: grant })).data.resultType
  const commit = (grant: TokenGrant, orderId: string, plateNumber = PLATE) => apply(world.test, grant, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, plateNumber }))
  /** A person logged in by the bank's page token (no SMS, so many can log in within the send limits). */
  const bankUser = async (name: string): Promise<TokenGrant> => data<TokenGrant>(await tokenCall(world.test, { grantType: 'pageToken', token: `sim-${name}` }))
  const search = async (grant: TokenGrant, request: SearchOrdersRequest): Promise<Page<OrderSummary>> =>
    data(await api.call(API.searchOrders, request, { as: grant }))
  const detail = async (grant: TokenGrant, orderId: string): Promise<OrderDetail> =>
    data(await api.call(API.orderDetail, { orderId }, { as: grant }))

  describe('squatting', () => {
    it('lets the owner check, apply and submit a plate another user only opened (step 1)', async () => {
      const { test, owner } = world
      const squatter = await login(test, PHONES.other)
      const squat = await createOrder(test, squatter)
      expect(await uniqueResult(owner)).toBe(1)
      const ownersOrder = await submittedOrder(test, owner)
      expect(ownersOrder).not.toBe(squat)
      // Now the plate is held: the squatter's check says so, and their commit says what happened.
      expect(await uniqueResult(squatter)).toBe(3)
      await fillOrder(test, squatter, squat)
      await uploadAllPhotos(test, squatter, squat)
      expect((await commit(squatter, squat)).json()).toEqual(PLATE_HELD_UNPAID)
      expect((await orderRow(world.database.db, squat)).submittedAt).toBeNull()
      // A third user cannot open an order for the submitted plate at all.
      expect((await apply(test, await login(test, PHONES.third), payload())).json()).toEqual(PLATE_HELD_UNPAID)
    })

    it(`refuses the ${MAX_OPEN_UNSUBMITTED_ORDERS + 1}th unsubmitted order with the reason, and frees a place once one is submitted`, async () => {
      const { test, owner } = world
      const held = [PLATE, OTHER_PLATE, EXTRA_PLATES[0]!]
      const orderIds = []
      for (const plateNumber of held) orderIds.push(await createOrder(test, owner, plateNumber))
      expect(held).toHaveLength(MAX_OPEN_UNSUBMITTED_ORDERS)
      const refused = await apply(test, owner, payload({ plateNumber: EXTRA_PLATES[1]! }))
      expect(refused.json()).toEqual(TOO_MANY)
      expect(await world.database.db.select().from(orders).where(eq(orders.plateNumber, EXTRA_PLATES[1]!))).toHaveLength(0)
      // Resuming an order already held is not a new one.
      expect(data<ApplyResponse>(await apply(test, owner, payload({ plateNumber: OTHER_PLATE }))).orderId).toBe(orderIds[1])
      await fillOrder(test, owner, orderIds[0]!)
      await uploadAllPhotos(test, owner, orderIds[0]!)
      expect(data<ApplyResponse>(await commit(owner, orderIds[0]!)).missing).toEqual([])
      expect(data<ApplyResponse>(await apply(test, owner, payload({ plateNumber: EXTRA_PLATES[1]! }))).stepId).toBe(APPLY_STEP.CREATE)
    })

    it('keeps the cap when one user opens many orders at once', async () => {
      const { test, owner } = world
      const plates = [PLATE, OTHER_PLATE, ...EXTRA_PLATES]
      const answers = await Promise.all(plates.map((plateNumber) => apply(test, owner, payload({ plateNumber }))))
      const codes = answers.map((response) => envelope(response).code)
      expect(codes.filter((code) => code === 200)).toHaveLength(MAX_OPEN_UNSUBMITTED_ORDERS)
      expect(codes.filter((code) => code === TOO_MANY.code)).toHaveLength(plates.length - MAX_OPEN_UNSUBMITTED_ORDERS)
    })

    it('expires an order left unsubmitted for 24 hours: cancelled, with the reason on the timeline, holding nothing', async () => {
      const { test } = world
      const stale = await createOrder(test, world.owner)
      test.clock.advance(UNSUBMITTED_ORDER_TTL_MS - 1)
      // A day outlives the session: the same person logs in again.
      const owner = await login(test, PHONES.owner)
      expect(await createOrder(test, owner)).toBe(stale)
      const young = await createOrder(test, owner, OTHER_PLATE)
      test.clock.advance(1)
      const shown = await detail(owner, stale)
      expect(shown).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: EXPIRED_MESSAGE })
      expect(shown.timeline.at(-1)).toMatchObject({ kind: 'cancelled', note: EXPIRED_MESSAGE })
      expect((await orderRow(world.database.db, young)).cancelState).toBeNull()
      // Going on with it says why it cannot.
      const step = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId: stale, owner: { ownerName: '张三', idNumber: '11010519491231002X', mobile: PHONES.owner } }))
      expect(step.json()).toEqual({ code: 2003, msg: EXPIRED_MESSAGE, data: null })
      // A new application of the plate starts afresh.
      expect(await createOrder(test, owner)).not.toBe(stale)
    })

    it('lists an order past its 24 hours cancelled, with the reason on its timeline, before any sweep has run', async () => {
      const { test } = world
      const stale = await createOrder(test, world.owner)
      test.clock.advance(UNSUBMITTED_ORDER_TTL_MS - 1)
      const owner = await login(test, PHONES.owner)
      const young = await createOrder(test, owner, OTHER_PLATE)
      test.clock.advance(1)
      const listed = await search(owner, {})
      expect(listed.total).toBe(2)
      expect(listed.list.find((order) => order.orderId === stale)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS })
      expect(listed.list.find((order) => order.orderId === young)?.cancelState).toBeNull()
      expect((await detail(owner, stale)).timeline.at(-1)).toMatchObject({ kind: 'cancelled', note: EXPIRED_MESSAGE })
    })

    it('tells the number of orders on a page past the end of the list', async () => {
      const { test, owner } = world
      for (const plateNumber of [PLATE, OTHER_PLATE, EXTRA_PLATES[0]!]) await createOrder(test, owner, plateNumber)
      expect(await search(owner, { pageNo: 5, pageSize: 1 })).toMatchObject({ list: [], total: 3, pageNo: 5, pageSize: 1 })
      expect(await search(owner, { pageNo: 2, pageSize: 2 })).toMatchObject({ total: 3 })
      expect((await search(owner, { pageNo: 2, pageSize: 2 })).list).toHaveLength(1)
    })

    it('refuses a photo for an order past its 24 hours before any sweep has run, saying it expired', async () => {
      const { test, owner } = world
      const stale = await createOrder(test, owner)
      test.clock.advance(UNSUBMITTED_ORDER_TTL_MS)
      const again = await login(test, PHONES.owner)
      const refused = await upload(test, again, API.uploadDrivingLicenseH5.path, { orderId: stale })
      expect(refused.json()).toEqual({ code: 2003, msg: EXPIRED_MESSAGE, data: null })
      expect(await world.database.db.select().from(uploads).where(eq(uploads.orderId, stale))).toEqual([])
      expect(owner.uid).toBe(again.uid)
    })

    it('expires unsubmitted orders of every user from the maintenance sweep, and leaves submitted ones with nothing to pay', async () => {
      const { test, owner } = world
      const submitted = await submittedOrder(test, owner, { commodityId: FIXTURE.freeCommodity })
      const other = await login(test, PHONES.other)
      const stale = await createOrder(test, other, OTHER_PLATE)
      test.clock.advance(UNSUBMITTED_ORDER_TTL_MS + 1)
      const sweep = () => runMaintenance({ db: world.database.db, clock: test.clock, storage: createMemoryFileStorage(), log: test.app.log })
      expect(await sweep()).toMatchObject({ expiredOrders: 1, unpaidOrders: 0 })
      expect((await orderRow(world.database.db, stale)).cancelReason).toBe(EXPIRED_MESSAGE)
      expect((await orderRow(world.database.db, submitted)).cancelState).toBeNull()
      expect(await sweep()).toMatchObject({ expiredOrders: 0 })
    })

    it(`gives the plate to exactly one of ${RACERS} users committing it at once (the unique index decides)`, async () => {
      const { test } = world
      const racers: { grant: TokenGrant; orderId: string }[] = []
      for (let index = 0; index < RACERS; index++) {
        const grant = await bankUser(`racer-${index}`)
        const orderId = await createOrder(test, grant)
        await fillOrder(test, grant, orderId)
        await uploadAllPhotos(test, grant, orderId)
        racers.push({ grant, orderId })
      }
      const answers = await Promise.all(racers.map(({ grant, orderId }) => commit(grant, orderId)))
      const bodies = answers.map((response) => [response.statusCode, envelope(response)] as const)
      const winners = bodies.filter(([status, body]) => status === 200 && body.code === 200)
      expect(winners).toHaveLength(1)
      // The winner has not paid yet: the others are told when the plate frees unless it pays.
      expect(bodies.filter(([status, body]) => status === 200 && body.code === PLATE_HELD.code && body.msg === PLATE_HELD_UNPAID.msg)).toHaveLength(RACERS - 1)
      const submitted = await world.database.db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.plateNumber, PLATE))
      const submittedRows = (await Promise.all(submitted.map(({ orderId }) => orderRow(world.database.db, orderId)))).filter((row) => row.submittedAt !== null)
      expect(submittedRows).toHaveLength(1)
    }, testDriver() === 'pg' ? 60_000 : 120_000)
  })

  describe('promotions stay in their channel', () => {
    it('refuses a bank-channel apply with the map channel’s promotion, opening nothing', async () => {
      const { test, owner } = world
      const foreign = await apply(test, owner, payload({ promotionChannelId: MAP.promotionChannelId, partnerId: MAP.partnerId, promoterId: MAP.promoterId }))
      expect(foreign.json()).toEqual(OTHER_CHANNEL)
      // Claiming the map channel's source channel through the bank's {channel} is refused alike.
      const mapSource = await apply(test, owner, payload({ promotionChannelId: MAP.promotionChannelId, sourceChannel: MAP.sourceChannel, channelSource: 'map' }))
      expect(mapSource.json()).toEqual(OTHER_CHANNEL)
      expect(await world.database.db.select().from(orders)).toHaveLength(0)
    })

    it('refuses a map-channel apply with the bank channel’s promotion and its free package', async () => {
      const { test, owner } = world
      const body = { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, payload({ commodityId: FIXTURE.freeCommodity })) }
      expect((await applyRaw(test, owner, body, MAP.channelId)).json()).toEqual(OTHER_CHANNEL)
    })

    it('refuses choosing a package once the order’s promotion has ended', async () => {
      const { test, owner } = world
      const orderId = await createOrder(test, owner)
      await world.database.db.update(promotionChannels).set({ effective: false }).where(eq(promotionChannels.id, BANK.promotionChannelId))
      const step = await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, commodityId: FIXTURE.freeCommodity }))
      expect(step.json()).toEqual({ code: 2002, msg: '该推广活动已结束，暂不支持办理', data: null })
      expect((await orderRow(world.database.db, orderId)).commodityId).toBeNull()
    })

    it('refuses a payment that names another channel’s promotion, or comes through another channel', async () => {
      const { test, owner } = world
      const orderId = await submittedOrder(test, owner)
      const pay = (channel: string, promotionChannelId: string) =>
        api.call(API.payDeposit, { orderId, promotionChannelId }, { as: owner, params: { channel } })
      expect((await pay(BANK.channelId, MAP.promotionChannelId)).json()).toEqual(OTHER_CHANNEL)
      expect((await pay(MAP.channelId, BANK.promotionChannelId)).json()).toEqual(OTHER_CHANNEL)
      expect((await pay(BANK.channelId, FIXTURE.closedPromotion)).json()).toEqual({ code: 2002, msg: '推广活动与订单不一致', data: null })
      expect((await orderRow(world.database.db, orderId)).depositPayState).toBe(PAY_STATE.AWAITING_PAYMENT)
      expect(envelope(await pay(BANK.channelId, BANK.promotionChannelId)).code).toBe(200)
    })
  })
})
