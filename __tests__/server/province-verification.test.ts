/**
 * The province flow on the server: a province plate's (豫, Henan) complete order is refused at its
 * final commit until the issuer's SMS login verified it; the login records the verification with
 * the order (an order event); with the issuer's switch off nothing is asked.
 */
import { eq } from 'drizzle-orm'
import type { ApplyResponse } from '../../types/api/apply'
import { API } from '../../types/api/paths'
import { APPLY_STEP, ORDER_SOURCE } from '../../src/domain/enums'
import { PROVINCE_MESSAGE } from '../../src/domain/province'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import { appConfigs, orderEvents } from '../../server/db/schema'
import { PROVINCE_ORDER_MESSAGE } from '../../server/orders/province-verification'
import { envelope, latestCode } from './support/api'
import { PHONES, PLATE, apply, createOrder, data, fillOrder, login, orderRow, orderWorld, payload, uploadAllPhotos } from './support/orders'
import { describeDb } from './support/test-database'

const HENAN_PLATE = '豫A12345'

describeDb('province verification before the final commit', () => {
  const world = orderWorld()

  /** A complete, unsubmitted order of the plate. */
  async function completeOrder(plateNumber: string): Promise<string> {
    const orderId = await createOrder(world.test, world.owner, plateNumber)
    await fillOrder(world.test, world.owner, orderId, { plateNumber })
    await uploadAllPhotos(world.test, world.owner, orderId)
    return orderId
  }

  const commit = (orderId: string, plateNumber = HENAN_PLATE) =>
    apply(world.test, world.owner, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, plateNumber }))

  // The owner logged in by SMS just now: the issuer's code goes to another phone (one send per phone per 60 s).
  async function verify(orderId: string | undefined, mobile: string = PHONES.third) {
    await world.api.call(API.provinceSendMsg, { mobile }, { as: world.owner })
    const code = latestCode(world.test, mobile)
    return world.api.call(API.provinceLogin, { mobile, code, ...(orderId ? { orderId } : {}) }, { as: world.owner })
  }

  const closeProvince = () =>
    world.database.db.update(appConfigs).set({ switchStatus: 0 }).where(eq(appConfigs.key, APP_CONFIG_KEY.provinceMsgOpen))

  it('opens a province plate in the province flow (orderSource 1), others in the ordinary one', async () => {
    const henan = await createOrder(world.test, world.owner, HENAN_PLATE)
    const beijing = await createOrder(world.test, world.owner, PLATE)
    expect((await orderRow(world.database.db, henan)).orderSource).toBe(ORDER_SOURCE.PROVINCE)
    expect((await orderRow(world.database.db, beijing)).orderSource).toBe(0)
  })

  it('refuses the final commit of a Henan plate without the province login (400, nothing written), and accepts it after', async () => {
    const orderId = await completeOrder(HENAN_PLATE)
    const refused = await commit(orderId)
    expect(refused.statusCode).toBe(400)
    expect(envelope(refused)).toEqual({ code: 400, msg: PROVINCE_MESSAGE.unverified, data: null })
    const unsubmitted = await orderRow(world.database.db, orderId)
    expect(unsubmitted.submittedAt).toBeNull()
    expect(unsubmitted.depositPayState).toBeNull()

    const login = envelope<{ supplierUserId: string }>(await verify(orderId))
    expect(login.code).toBe(200)
    const [event] = await world.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).then((rows) => rows.filter((row) => row.kind === 'provinceVerified'))
    // The kind alone: nothing derived from the issuer's phone is stored with the order.
    expect(event).toBeDefined()
    expect(event?.note).toBeNull()
    expect(login.data.supplierUserId).toMatch(/^HN[0-9a-f]{24}$/)

    const accepted = data<ApplyResponse>(await commit(orderId))
    expect(accepted.missing).toEqual([])
    expect(accepted.stepId).toBe(APPLY_STEP.FINAL_COMMIT)
    expect((await orderRow(world.database.db, orderId)).submittedAt).not.toBeNull()
    // The order's timeline shows the verification before the submission.
    const detail = data(await world.api.call(API.orderDetail, { orderId }, { as: world.owner }))
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(['applied', 'provinceVerified', 'submitted'])
  })

  it('answers what is missing first: an incomplete order is not refused for the verification', async () => {
    const orderId = await createOrder(world.test, world.owner, HENAN_PLATE)
    const answer = data<ApplyResponse>(await commit(orderId))
    expect(answer.missing.length).toBeGreaterThan(0)
  })

  it('does not count a login without the order, nor a wrong code', async () => {
    const orderId = await completeOrder(HENAN_PLATE)
    expect(envelope(await verify(undefined)).code).toBe(200)
    expect((await commit(orderId)).statusCode).toBe(400)

    world.test.clock.advance(61_000)
    await world.api.call(API.provinceSendMsg, { mobile: PHONES.third }, { as: world.owner })
    const code = latestCode(world.test, PHONES.third)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const refused = await world.api.call(API.provinceLogin, { mobile: PHONES.third, code: wrong, orderId }, { as: world.owner })
    expect(envelope(refused).code).toBe(1002)
    expect((await commit(orderId)).statusCode).toBe(400)
  })

  it("refuses to record the verification with another user's order, an ordinary plate's or a submitted one", async () => {
    const other = await login(world.test, PHONES.other)
    const foreign = data<ApplyResponse>(await apply(world.test, other, payload({ plateNumber: '豫B54321' }))).orderId
    const foreignLogin = await verify(foreign)
    expect(envelope(foreignLogin).code).toBe(404)

    const ordinary = await createOrder(world.test, world.owner, PLATE)
    world.test.clock.advance(61_000)
    const ordinaryLogin = await verify(ordinary)
    expect(ordinaryLogin.statusCode).toBe(400)
    expect(envelope(ordinaryLogin).msg).toBe(PROVINCE_ORDER_MESSAGE.notProvincePlate)

    // The ordinary plate's commit needs no verification at all.
    await fillOrder(world.test, world.owner, ordinary)
    await uploadAllPhotos(world.test, world.owner, ordinary)
    expect(data<ApplyResponse>(await commit(ordinary, PLATE)).missing).toEqual([])
    world.test.clock.advance(61_000)
    expect(envelope(await verify(ordinary)).code).toBe(2003)
    // Nobody's order got an event from these refusals.
    const events = await world.database.db.select().from(orderEvents).where(eq(orderEvents.kind, 'provinceVerified'))
    expect(events).toEqual([])
  })

  it('skips the verification while the issuer switch is off', async () => {
    await closeProvince()
    const orderId = await completeOrder(HENAN_PLATE)
    const accepted = data<ApplyResponse>(await commit(orderId))
    expect(accepted.missing).toEqual([])
    expect((await orderRow(world.database.db, orderId)).submittedAt).not.toBeNull()
  })
})
