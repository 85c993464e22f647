/**
 * The issuer's notifications (POST /issuer/v1/notify, server/routes/issuer-notifications.ts) from a
 * local stand-in of the issuer (support/issuer-standin.ts) signing with ISSUER_SECRET: an order
 * moved to 已激活 through audit, shipment and activation; a replay taken once (one change, one
 * deposit refund); news out of order (an activation before its shipment takes the shipment first; a
 * late audit or shipment changes nothing); refusals (a bad or missing signature, another app id, a
 * stale timestamp, an unknown, cancelled or unpaid order, a malformed body) answered FAIL with
 * nothing written; every answer signed; and whose key counts where (the simulated issuer's outside
 * production only).
 */
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { deriveOrderStatus, statusLabel } from '../../src/domain/order'
import { API } from '../../types/api/paths'
import { orderEvents, paymentRefunds, payments } from '../../server/db/schema'
import type { IssuerAccount } from '../../server/orders/http-issuer'
import { cryptoRandom } from '../../server/runtime/random'
import { simulatedIssuerNotification } from '../../server/simulators/issuer'
import { appWorld } from './support/app-world'
import { ISSUER_TEST_APP_ID, ISSUER_TEST_SECRET, startIssuerStandIn } from './support/issuer-standin'
import type { IssuerStandIn, NotificationSigning, SignedStandInNotification, StandInNotification } from './support/issuer-standin'
import { PHONES, data, login, orderRow, paidOrder, seedOrderFixtures, submittedOrder } from './support/orders'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import { FakeClock, TEST_SIM_OPERATOR_SECRET, createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb } from './support/test-database'

/** The server's account at the issuer (its ISSUER_* settings); hand-overs are not under test here. */
const ACCOUNT: IssuerAccount = { baseUrl: 'http://127.0.0.1:9/unused', appId: ISSUER_TEST_APP_ID, secret: ISSUER_TEST_SECRET, timeoutMs: 1_000 }
const WAYBILL = 'SF123456789012'
/** Beyond the five minutes either side a signature's timestamp may be off. */
const STALE_MS = 6 * 60 * 1_000
const REPLAYS = 10
const UNKNOWN_ORDER = 'O000000000000000000000000'
const UNSIGNED = { code: 'FAIL', message: '签名验证失败' }

describeDb("the issuer's notifications", () => {
  let clock = new FakeClock()
  let standIn: IssuerStandIn
  const world = appWorld(
    (test) => login(test, PHONES.owner),
    seedOrderFixtures,
    () => {
      clock = new FakeClock()
      return { clock, config: { issuerAccount: ACCOUNT } }
    },
  )
  beforeAll(async () => {
    standIn = await startIssuerStandIn(() => clock.now())
  })
  afterAll(() => standIn.close())

  let eventSequence = 0
  const notification = (orderId: string, type: string, extra: Partial<StandInNotification> = {}): StandInNotification => {
    eventSequence += 1
    return { eventId: `EV${eventSequence}`, orderId, type, occurredAt: clock.now().toISOString(), ...extra }
  }

  /** Sends a signed notification through fastify.inject; answers its status, body and whether our answer was signed. */
  async function send(sent: SignedStandInNotification, app: TestApp = world.test) {
    const response = await app.inject({ method: 'POST', url: sent.path, headers: sent.headers, payload: sent.body })
    return { status: response.statusCode, answer: response.json<unknown>(), signed: standIn.answerSigned(sent, { headers: response.headers, body: response.body }) }
  }
  const notify = (value: StandInNotification, signing?: NotificationSigning) => send(standIn.signedNotification(value, signing))

  const paid = () => paidOrder(world.database.db, world.test, world.grant)
  const timeline = async (orderId: string) =>
    (await world.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((event) =>
      event.note ? `${event.kind}:${event.note}` : event.kind,
    )
  const refundsOf = async (orderId: string) =>
    world.database.db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.orderId, orderId))
  const PAID_TIMELINE = ['applied', 'submitted', 'paid:已支付29.90元']

  it('moves a paid order to 已激活 through audit, shipment and activation, each answered SUCCESS and signed', async () => {
    const orderId = await paid()
    await world.test.app.listen({ port: 0, host: '127.0.0.1' })
    const server = `http://127.0.0.1:${(world.test.app.server.address() as AddressInfo).port}`
    expect(await standIn.notify(server, notification(orderId, 'auditPassed'))).toEqual({
      status: 200,
      answer: { code: 'SUCCESS', orderId, changed: true, status: 'awaitingShipment' },
      answerSigned: true,
    })
    expect(await standIn.notify(server, notification(orderId, 'shipped', { waybillNo: WAYBILL }))).toMatchObject({ status: 200, answer: { changed: true, status: 'awaitingActivation' } })
    expect(await standIn.notify(server, notification(orderId, 'activated'))).toMatchObject({ status: 200, answer: { changed: true, status: 'activated' } })
    const detail = data(await world.api.call(API.orderDetail, { orderId }, { as: world.grant }))
    expect(statusLabel(deriveOrderStatus(detail))).toBe('已激活')
    expect(detail).toMatchObject({ trackingNo: WAYBILL, refund: { amountCents: 2990 } })
    expect(await timeline(orderId)).toEqual([...PAID_TIMELINE, 'audited', `shipped:${WAYBILL}`, 'activated', 'depositRefunded:押金29.90元已原路退还'])
    expect(world.test.logs.entries()).toContainEqual(expect.objectContaining({ msg: 'issuer notification applied', orderId, type: 'activated', steps: ['activate'] }))
  })

  it('records a rejection with its reason', async () => {
    const orderId = await paid()
    expect(await notify(notification(orderId, 'auditRejected', { reason: '身份证已过期' }))).toMatchObject({ status: 200, answer: { changed: true, status: 'rejected' } })
    expect((await orderRow(world.database.db, orderId)).auditReason).toBe('身份证已过期')
    expect((await timeline(orderId)).at(-1)).toBe('auditRejected:身份证已过期')
  })

  it(`takes a notification replayed ${REPLAYS} times once: one change, one timeline entry, one deposit refund`, async () => {
    const orderId = await paid()
    await notify(notification(orderId, 'auditPassed'))
    await notify(notification(orderId, 'shipped', { waybillNo: WAYBILL }))
    const activation = standIn.signedNotification(notification(orderId, 'activated'))
    const answers = await Promise.all(Array.from({ length: REPLAYS }, () => send(activation)))
    expect(answers.every((reply) => reply.status === 200 && reply.signed)).toBe(true)
    const changed = answers.map((reply) => (reply.answer as { changed: boolean }).changed)
    expect(changed.filter(Boolean)).toHaveLength(1)
    expect(answers.find((reply) => !(reply.answer as { changed: boolean }).changed)?.answer).toEqual({
      code: 'SUCCESS',
      orderId,
      changed: false,
      status: 'activated',
      message: '设备尚未发货或已激活',
    })
    expect((await timeline(orderId)).filter((kind) => kind === 'activated')).toHaveLength(1)
    expect(await refundsOf(orderId)).toHaveLength(1)
  })

  it('applies an activation heard before its shipment after the shipment it implies; late news changes nothing', async () => {
    const orderId = await paid()
    expect(await notify(notification(orderId, 'activated'))).toMatchObject({ status: 200, answer: { changed: true, status: 'activated' } })
    expect(await timeline(orderId)).toEqual([...PAID_TIMELINE, 'audited', 'shipped', 'activated', 'depositRefunded:押金29.90元已原路退还'])
    const before = await orderRow(world.database.db, orderId)
    expect(await notify(notification(orderId, 'shipped', { waybillNo: WAYBILL }))).toEqual({
      status: 200,
      answer: { code: 'SUCCESS', orderId, changed: false, status: 'activated', message: '订单已发货' },
      signed: true,
    })
    expect(await notify(notification(orderId, 'auditPassed'))).toMatchObject({ status: 200, answer: { changed: false, status: 'activated', message: '订单已审核' } })
    expect(await orderRow(world.database.db, orderId)).toEqual(before)
    expect(await timeline(orderId)).toHaveLength(PAID_TIMELINE.length + 4)
    expect(await refundsOf(orderId)).toHaveLength(1)
  })

  describe('refuses, writing nothing', () => {
    /** The order and its timeline, which a refused notification must leave as they were. */
    async function unchanged(orderId: string, act: () => Promise<unknown>): Promise<void> {
      const before = { order: await orderRow(world.database.db, orderId), timeline: await timeline(orderId) }
      await act()
      expect({ order: await orderRow(world.database.db, orderId), timeline: await timeline(orderId) }).toEqual(before)
    }

    it.each<[string, (value: StandInNotification) => SignedStandInNotification]>([
      ['without a signature', (value) => standIn.signedNotification(value, { unsigned: true })],
      ['signed with another key', (value) => standIn.signedNotification(value, { secret: 'not-the-issuer-secret-0123456789abcdef' })],
      ['for another app id', (value) => standIn.signedNotification(value, { appId: 'someone-else' })],
      ['changed after it was signed', (value) => ({ ...standIn.signedNotification(value), body: JSON.stringify({ ...value, type: 'activated' }) })],
    ])('a notification %s: 401', async (_case, sign) => {
      const orderId = await paid()
      await unchanged(orderId, async () => {
        expect(await send(sign(notification(orderId, 'auditPassed')))).toEqual({ status: 401, answer: UNSIGNED, signed: false })
      })
    })

    it('a timestamp more than five minutes off, either way: 401', async () => {
      const orderId = await paid()
      const stale = { code: 'FAIL', message: '请求时间戳与服务器时间相差超过5分钟，请校准时钟后重发' }
      await unchanged(orderId, async () => {
        expect(await notify(notification(orderId, 'auditPassed'), { at: new Date(clock.now().getTime() - STALE_MS) })).toMatchObject({ status: 401, answer: stale })
        expect(await notify(notification(orderId, 'auditPassed'), { at: new Date(clock.now().getTime() + STALE_MS) })).toMatchObject({ status: 401, answer: stale })
      })
    })

    it('an unknown order: 404', async () => {
      expect(await notify(notification(UNKNOWN_ORDER, 'activated'))).toEqual({ status: 404, answer: { code: 'FAIL', message: '订单不存在' }, signed: true })
    })

    it('a cancelled order, an unpaid one, an order the audit rejected: 409', async () => {
      const cancelled = await paid()
      await world.api.call(API.cancelOrder, { orderId: cancelled, reason: '暂时不需要了' }, { as: world.grant })
      await unchanged(cancelled, async () => {
        expect(await notify(notification(cancelled, 'activated'))).toEqual({ status: 409, answer: { code: 'FAIL', message: '订单已取消' }, signed: true })
      })
      const unpaid = await submittedOrder(world.test, world.grant, { plateNumber: '沪C67890' })
      await unchanged(unpaid, async () => {
        expect(await notify(notification(unpaid, 'auditPassed'))).toMatchObject({ status: 409, answer: { code: 'FAIL', message: '订单尚未支付，不能审核' } })
      })
      const rejected = await paidOrder(world.database.db, world.test, world.grant, { plateNumber: '粤B12345' })
      await notify(notification(rejected, 'auditRejected'))
      await unchanged(rejected, async () => {
        expect(await notify(notification(rejected, 'shipped'))).toMatchObject({ status: 409, answer: { code: 'FAIL', message: '订单尚未审核通过，不能发货' } })
      })
    })

    it.each<[string, (orderId: string) => NotificationSigning | Partial<StandInNotification>, RegExp]>([
      ['a body that is not JSON', () => ({ rawBody: '{"orderId":' }), /^通知内容不是JSON$/],
      ['an unknown type', () => ({ type: 'delivered' }), /type/],
      ['no order id', () => ({ orderId: undefined }), /orderId/],
      ['a time that is no time', () => ({ occurredAt: 'yesterday' }), /occurredAt/],
      ['a malformed waybill', () => ({ type: 'shipped', waybillNo: 'SF 1234<script>' }), /waybillNo/],
    ])('%s: 400', async (_case, change, message) => {
      const orderId = await paid()
      const changed = change(orderId)
      const base = notification(orderId, 'auditPassed')
      const reply = 'rawBody' in changed ? await notify(base, changed) : await notify({ ...base, ...changed })
      expect(reply).toMatchObject({ status: 400, answer: { code: 'FAIL', message: expect.stringMatching(message) }, signed: true })
      expect((await orderRow(world.database.db, orderId)).auditState).toBeNull()
    })
  })

  describe('whose key counts', () => {
    const simulatedAudit = (app: TestApp, orderId: string) =>
      simulatedIssuerNotification(TEST_SIM_OPERATOR_SECRET, { orderId, action: 'audit-pass' }, { now: app.clock.now(), random: cryptoRandom, publicBaseUrl: app.config.publicBaseUrl })

    it("the simulated issuer's (the operator secret) outside production while no real issuer is configured, and then only it", async () => {
      const orderId = await paid()
      const development = await createTestApp(world.database.db, { clock, config: { issuerAccount: undefined } })
      try {
        expect(await send({ ...standIn.signedNotification(notification(orderId, 'auditPassed')) }, development)).toMatchObject({ status: 401, answer: UNSIGNED })
        const simulated = simulatedAudit(development, orderId)
        const reply = await development.inject({ method: 'POST', url: simulated.path, headers: simulated.headers, payload: simulated.body })
        expect({ status: reply.statusCode, answer: reply.json<unknown>() }).toEqual({ status: 200, answer: { code: 'SUCCESS', orderId, changed: true, status: 'awaitingShipment' } })
      } finally {
        await development.close()
      }
      // With the real issuer configured, the operator's key moves nothing.
      const simulated = simulatedAudit(world.test, orderId)
      expect((await world.test.inject({ method: 'POST', url: simulated.path, headers: simulated.headers, payload: simulated.body })).statusCode).toBe(401)
    })

    it("in production, the real issuer's only", async () => {
      const production = await createTestApp(world.database.db, { clock, config: { production: true, smsSimulator: false, issuerAccount: ACCOUNT }, ...realOutsidePartyStubs() })
      try {
        const simulated = simulatedAudit(production, UNKNOWN_ORDER)
        expect((await production.inject({ method: 'POST', url: simulated.path, headers: simulated.headers, payload: simulated.body })).statusCode).toBe(401)
        expect(await send(standIn.signedNotification(notification(UNKNOWN_ORDER, 'auditPassed')), production)).toMatchObject({ status: 404, signed: true })
      } finally {
        await production.close()
      }
    })
  })
})
