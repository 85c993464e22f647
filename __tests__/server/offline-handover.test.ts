/**
 * The offline hand-over needs proof: the caller's SMS-verified phone is the one the outlet took,
 * or the one-time code it handed over (spent on success). Every failed proof answers the same,
 * and attempts are limited per user and per IP. The new order passes a create's admission (the
 * cap on unsubmitted orders, a plate nobody else submitted).
 */
import { count, eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import type { OfflineToOnlineResponse } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { hashSecret } from '../../server/auth/secrets'
import { SEED_OFFLINE_ORDER_PROOFS, SEED_OFFLINE_ORDERS } from '../../server/catalogue/seed-data'
import { phoneIndex } from '../../server/crypto/field-cipher'
import { offlineOrders, orders } from '../../server/db/schema'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { plateHeldMessage } from '../../server/orders/plate-checks'
import { OFFLINE_HANDOVER_LIMITS, OFFLINE_MESSAGE } from '../../server/orders/offline-order'
import { MAX_OPEN_UNSUBMITTED_ORDERS, UNSUBMITTED_MESSAGE } from '../../server/orders/unsubmitted-orders'
import { envelope, sealFor } from './support/api'
import { createOrder, data, FIXTURE, login, orderRow, orderWorld, PHONES, PLATE, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

const REFUSED = { code: 404, msg: OFFLINE_MESSAGE.refused, data: null }
const TOO_MANY = { code: 429, msg: OFFLINE_MESSAGE.tooMany, data: null }
const HOUR_MS = 60 * 60 * 1000
/** Plates of the caller's own unsubmitted orders, as many as the cap allows. */
const CAPPED_PLATES = ['京A11111', '京A22222', '京A33333'].slice(0, MAX_OPEN_UNSUBMITTED_ORDERS)

describeDb('offline hand-over proof', () => {
  const world = orderWorld()

  const handOver = (grant: TokenGrant, param: object, remoteAddress = '127.0.0.1') =>
    world.api.call(API.offlineToOnline, { encryptOfflineOrderToOnlineParam: sealFor(world.test, SEALED_FIELD.offlineOrder, param) }, { as: grant, remoteAddress })
  const proofRow = async () => {
    const [row] = await world.database.db.select().from(offlineOrders).where(eq(offlineOrders.offlineNo, FIXTURE.offlineNo))
    if (!row) throw new Error('fixture offline order missing')
    return row
  }
  const orderCount = async () => (await world.database.db.select({ n: count() }).from(orders))[0]?.n
  const param = { offlineNo: FIXTURE.offlineNo, plateNumber: FIXTURE.offlinePlate }

  it('converts for the customer whose SMS-verified phone the outlet took, and spends the code', async () => {
    const converted = data<OfflineToOnlineResponse>(await handOver(world.owner, param))
    expect((await orderRow(world.database.db, converted.orderId)).plateNumber).toBe(FIXTURE.offlinePlate)
    expect(await proofRow()).toMatchObject({ convertedOrderId: converted.orderId, handoverCodeHash: null })
  })

  it('converts for another person with the one-time code, once', async () => {
    const other = await login(world.test, PHONES.other)
    const converted = data<OfflineToOnlineResponse>(await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode }))
    expect((await orderRow(world.database.db, converted.orderId)).plateNumber).toBe(FIXTURE.offlinePlate)
    // The same person asking again gets their order back; the spent code proves nothing to anyone else.
    expect(data<OfflineToOnlineResponse>(await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode }))).toEqual(converted)
    const third = await login(world.test, PHONES.third)
    expect((await handOver(third, { ...param, handoverCode: FIXTURE.offlineCode })).json()).toEqual(REFUSED)
    expect((await handOver(world.owner, param)).json()).toEqual(REFUSED)
    expect(await orderCount()).toBe(1)
  })

  it('gives the identical refusal to every guess, and converts nothing', async () => {
    const other = await login(world.test, PHONES.other)
    const guesses: readonly object[] = [
      { offlineNo: 'OFF209901010001', plateNumber: FIXTURE.offlinePlate, handoverCode: FIXTURE.offlineCode },
      { offlineNo: FIXTURE.offlineNo, plateNumber: PLATE, handoverCode: FIXTURE.offlineCode },
      { ...param, handoverCode: '87654321' },
      param,
    ]
    const answers = await Promise.all(guesses.map(async (guess) => (await handOver(other, guess)).json()))
    expect(answers).toEqual(guesses.map(() => REFUSED))
    // Converted by its customer: to everyone else it looks exactly like an unknown number.
    await handOver(world.owner, param)
    expect((await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode })).json()).toEqual(REFUSED)
    expect(await orderCount()).toBe(1)
  })

  it('needs the proof before it says anything about the plate', async () => {
    const other = await login(world.test, PHONES.other)
    await createOrder(world.test, other, FIXTURE.offlinePlate)
    expect((await handOver(other, param)).json()).toEqual(REFUSED)
    expect(envelope(await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode })).msg).toBe(OFFLINE_MESSAGE.plateBusy)
  })

  it('answers a malformed code with the domain reason', async () => {
    const response = await handOver(world.owner, { ...param, handoverCode: '12ab' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('转线上验证码应为8位数字')
  })

  it('seeds the demo offline order with its demo phone and one-time code', async () => {
    const [demo] = SEED_OFFLINE_ORDERS
    const [proof] = SEED_OFFLINE_ORDER_PROOFS
    if (!demo || !proof) throw new Error('demo offline order missing')
    const [row] = await world.database.db.select().from(offlineOrders).where(eq(offlineOrders.offlineNo, proof.offlineNo))
    expect(row).toMatchObject({ phone: proof.phone, phoneIndex: phoneIndex(proof.phone), handoverCodeHash: hashSecret(proof.handoverCode) })
    const other = await login(world.test, PHONES.other)
    const demoParam = { offlineNo: demo.offlineNo, plateNumber: demo.plateNumber }
    expect((await handOver(other, demoParam)).json()).toEqual(REFUSED)
    expect(envelope(await handOver(other, { ...demoParam, handoverCode: proof.handoverCode })).code).toBe(200)
  })

  it('limits attempts per user, whatever the address, until the window ends', async () => {
    const other = await login(world.test, PHONES.other)
    const { max } = OFFLINE_HANDOVER_LIMITS.perUser
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await handOver(other, { ...param, handoverCode: '00000000' }, `10.0.0.${attempt + 1}`)).json()).toEqual(REFUSED)
    }
    // Even the right code is refused now: guessing cannot go on.
    expect((await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode }, '10.0.1.1')).json()).toEqual(TOO_MANY)
    expect((await proofRow()).convertedOrderId).toBeNull()
    world.test.clock.advance(HOUR_MS)
    expect(envelope(await handOver(other, { ...param, handoverCode: FIXTURE.offlineCode }, '10.0.1.1')).code).toBe(200)
  })

  it('limits attempts per IP address across users', async () => {
    const { max } = OFFLINE_HANDOVER_LIMITS.perIp
    const perUser = OFFLINE_HANDOVER_LIMITS.perUser.max
    const phones = Array.from({ length: Math.ceil(max / perUser) }, (_, index) => `1360000${String(index).padStart(4, '0')}`)
    const users = await Promise.all(phones.map((phone) => login(world.test, phone)))
    for (let attempt = 0; attempt < max; attempt++) {
      const user = users[Math.floor(attempt / perUser)] as TokenGrant
      expect((await handOver(user, { ...param, handoverCode: '00000000' }, '10.9.9.9')).json()).toEqual(REFUSED)
    }
    const fresh = await login(world.test, '13611112222')
    expect((await handOver(fresh, { ...param, handoverCode: FIXTURE.offlineCode }, '10.9.9.9')).json()).toEqual(TOO_MANY)
    expect(envelope(await handOver(fresh, { ...param, handoverCode: FIXTURE.offlineCode }, '10.9.9.10')).code).toBe(200)
  })

  describe("the new order's admission, as a create's", () => {
    it('refuses a fourth unsubmitted order, and converts nothing', async () => {
      for (const plate of CAPPED_PLATES) await createOrder(world.test, world.owner, plate)
      expect((await handOver(world.owner, param)).json()).toEqual({ code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg: UNSUBMITTED_MESSAGE.tooMany, data: null })
      expect(await orderCount()).toBe(CAPPED_PLATES.length)
      expect((await proofRow()).convertedOrderId).toBeNull()
    })

    it('refuses a plate another user has submitted, and converts nothing', async () => {
      const other = await login(world.test, PHONES.other)
      await submittedOrder(world.test, other, { plateNumber: FIXTURE.offlinePlate })
      // Submitted unpaid at the clock's start (16:00 in China): the refusal tells when the plate frees.
      expect((await handOver(world.owner, param)).json()).toEqual({ code: BUSINESS_CODE.PLATE_TAKEN, msg: plateHeldMessage(new Date('2026-03-01T08:30:00Z')), data: null })
      expect(await orderCount()).toBe(1)
      expect((await proofRow()).convertedOrderId).toBeNull()
    })
  })
})
