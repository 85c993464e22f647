/**
 * The issuer's side of an application: its agreement accepted on the consent step (recorded per
 * order with the version and the server's time, needed by the final commit), and the hand-over of
 * the submitted order (apply/push) through the outbox: delivered once when pushed twice, at once or
 * across a restart of the app on the same database, sent again with the same idempotency key when
 * a confirmation is lost, never for a cancelled order; the order detail says the issuer received it.
 */
import { eq, sql } from 'drizzle-orm'
import { ISSUER_AGREEMENT_OUTDATED, MISSING_ISSUER_AGREEMENT } from '../../types/api/apply'
import type { ApplyResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import type { OrderDetail } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { APPLY_STEP, ISSUERS, SHOW } from '../../src/domain/enums'
import { APP_CONFIG_KEY } from '../../server/catalogue/app-configs'
import { SEED_SUPPLIER_PROTOCOLS } from '../../server/catalogue/seed-data'
import type { Database } from '../../server/db/database'
import { queryRows } from '../../server/db/database'
import { appConfigs, issuerOutbox, orderEvents, orderIssuerAgreements } from '../../server/db/schema'
import { startIssuerOutbox } from '../../server/jobs/issuer-outbox'
import { runMaintenance } from '../../server/maintenance/sweep'
import type { IssuerGateway } from '../../server/orders/issuer-gateway'
import {
  ISSUER_DELIVERY_LEASE_MS,
  ISSUER_RETRY_BASE_MS,
  ISSUER_RETRY_MAX_MS,
  deliverDue,
  issuerReceiptNote,
  retryDelayMs,
} from '../../server/orders/issuer-outbox'
import type { IssuerOutboxContext } from '../../server/orders/issuer-outbox'
import { issuersSeed } from '../../server/seed/base'
import { createSimulatedIssuer, simulatedReceiptNo } from '../../server/simulators/issuer'
import type { SimulatedIssuer } from '../../server/simulators/issuer'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { BANK } from './support/api'
import { apiClient } from './support/api-client'
import { apply, createOrder, data, fillOrder, FIXTURE, ISSUER_AGREEMENT, login, MAIL_DELIVERY, orderRow, OTHER_PLATE, OWNER, payload, PHONES, PLATE, seedOrderFixtures, paidOrder, submittedOrder, uploadAllPhotos, VEHICLE } from './support/orders'
import { FakeClock, createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { databaseFromMigrations } from './support/older-schema'
import { databasePerFile, describeDb } from './support/test-database'

const OUTDATED = { code: ISSUER_AGREEMENT_OUTDATED.code, msg: ISSUER_AGREEMENT_OUTDATED.message, data: null }
/** Past any lease and any wait before a retry: a row still due would be sent again by then. */
const LATER_MS = ISSUER_DELIVERY_LEASE_MS + ISSUER_RETRY_MAX_MS

describeDb('the issuer: its agreement and the hand-over of an order', () => {
  const database = databasePerFile()
  let issuer: SimulatedIssuer
  let test: TestApp
  let owner: TokenGrant

  beforeEach(async () => {
    await seedOrderFixtures(database.db)
    issuer = createSimulatedIssuer()
    test = await createTestApp(database.db, { issuer })
    owner = await login(test, PHONES.owner)
  })
  afterEach(async () => test.close())

  /** The app built again on the same database, with the same issuer outside it: a restart. */
  async function restart(gateway: IssuerGateway = issuer): Promise<void> {
    await test.close()
    test = await createTestApp(database.db, { issuer: gateway, clock: test.clock })
  }

  /** The contract's calls to the app of the moment (restart replaces it). */
  const api = apiClient(() => test)
  const push = (orderId: string, as: TokenGrant = owner) => api.call(API.applyPush, { orderId, promotionChannelId: BANK.promotionChannelId }, { as })
  const detail = async (orderId: string): Promise<OrderDetail> => data(await api.call(API.orderDetail, { orderId }, { as: owner }))
  const agreements = (orderId: string) =>
    database.db.select().from(orderIssuerAgreements).where(eq(orderIssuerAgreements.orderId, orderId))
  const outbox = async (orderId: string) => (await database.db.select().from(issuerOutbox).where(eq(issuerOutbox.orderId, orderId)))[0]
  const receivedEvents = async (orderId: string) =>
    (await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((event) => event.kind === 'issuerReceived')
  const outboxContext = (gateway: IssuerGateway = issuer): IssuerOutboxContext => ({ db: database.db, clock: test.clock, issuer: gateway, log: test.app.log })
  /** An order with everything but the issuer's agreement, then the final commit carrying `extra`. */
  async function commitWithout(extra: Record<string, unknown> = {}): Promise<{ orderId: string; answer: ApplyResponse }> {
    const orderId = await createOrder(test, owner)
    await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, owner: OWNER, vehicle: VEHICLE, delivery: MAIL_DELIVERY, commodityId: FIXTURE.paidCommodity }))
    await uploadAllPhotos(test, owner, orderId)
    const answer = data<ApplyResponse>(await apply(test, owner, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, ...extra })))
    return { orderId, answer }
  }

  describe('the issuer agreement of the consent step', () => {
    it('records the accepted version with the server time, once; the order detail lists it', async () => {
      const orderId = await createOrder(test, owner)
      const acceptedAt = test.clock.now()
      await fillOrder(test, owner, orderId)
      expect(await agreements(orderId)).toMatchObject([{ issuerId: ISSUER_AGREEMENT.issuerId, version: ISSUER_AGREEMENT.version, acceptedAt }])
      test.clock.advance(60_000)
      await fillOrder(test, owner, orderId)
      expect(await agreements(orderId)).toMatchObject([{ acceptedAt }])
      expect((await detail(orderId)).issuerAgreements).toEqual([
        { issuerId: ISSUER_AGREEMENT.issuerId, version: ISSUER_AGREEMENT.version, acceptedAt: acceptedAt.toISOString() },
      ])
    })

    it('records the newer version, with its own time, once the issuer changed its text and it was accepted again', async () => {
      const orderId = await createOrder(test, owner)
      await fillOrder(test, owner, orderId)
      const key = APP_CONFIG_KEY.supplierProtocol(ISSUER_AGREEMENT.issuerId)
      await database.db.update(appConfigs).set({ content: { title: '北京ETC用户服务协议', content: '新版协议', version: '2026-02' } }).where(eq(appConfigs.key, key))
      test.clock.advance(60_000)
      const step = payload({ stepId: APPLY_STEP.UPDATE, orderId, issuerAgreements: [{ issuerId: ISSUER_AGREEMENT.issuerId, version: '2026-02' }] })
      data(await apply(test, owner, step))
      expect(await agreements(orderId)).toMatchObject([{ version: '2026-02', acceptedAt: test.clock.now() }])
    })

    it('refuses a version that is no longer the current one, or an issuer without an agreement, and saves nothing of the step', async () => {
      const orderId = await createOrder(test, owner)
      for (const issuerAgreements of [[{ issuerId: ISSUER_AGREEMENT.issuerId, version: '2025-01' }], [{ issuerId: 99, version: ISSUER_AGREEMENT.version }]]) {
        const step = payload({ stepId: APPLY_STEP.UPDATE, orderId, owner: OWNER, issuerAgreements })
        expect((await apply(test, owner, step)).json()).toEqual(OUTDATED)
      }
      expect(await agreements(orderId)).toEqual([])
      expect((await orderRow(database.db, orderId)).ownerName).toBeNull()
    })

    it('is needed by the final commit: without it the order stays unsubmitted and nothing is queued for the issuer', async () => {
      const { orderId, answer } = await commitWithout()
      expect(answer.missing).toEqual([MISSING_ISSUER_AGREEMENT])
      expect(answer.stepId).toBe(APPLY_STEP.UPDATE)
      expect((await orderRow(database.db, orderId)).submittedAt).toBeNull()
      expect(await outbox(orderId)).toBeUndefined()

      const accepted = data<ApplyResponse>(await apply(test, owner, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, issuerAgreements: [ISSUER_AGREEMENT] })))
      expect(accepted).toMatchObject({ stepId: APPLY_STEP.FINAL_COMMIT, missing: [] })
      // Submitted but unpaid: the issuer gets the order only once it is paid.
      expect(await outbox(orderId)).toBeUndefined()
    })

    it('queues a paid order for its issuer when its payment settles, never an unpaid one', async () => {
      const unpaid = await submittedOrder(test, owner)
      expect(await outbox(unpaid)).toBeUndefined()
      expect(data(await push(unpaid))).toEqual({ orderId: unpaid, pushed: false, issuerReceivedAt: null })
      const paid = await paidOrder(database.db, test, owner, { plateNumber: OTHER_PLATE })
      expect(await outbox(paid)).toMatchObject({ issuerId: ISSUER_AGREEMENT.issuerId, deliveredAt: null, attempts: 0 })
    })

    it('counts an acceptance of a version the operator has since replaced as missing: the final commit submits nothing', async () => {
      const orderId = await createOrder(test, owner)
      await fillOrder(test, owner, orderId)
      await uploadAllPhotos(test, owner, orderId)
      const key = APP_CONFIG_KEY.supplierProtocol(ISSUER_AGREEMENT.issuerId)
      await database.db.update(appConfigs).set({ content: { title: '北京ETC用户服务协议', content: '新版协议', version: '2026-02' } }).where(eq(appConfigs.key, key))
      const answer = data<ApplyResponse>(await apply(test, owner, payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId })))
      expect(answer.missing).toEqual([MISSING_ISSUER_AGREEMENT])
      expect((await orderRow(database.db, orderId)).submittedAt).toBeNull()
      expect(await outbox(orderId)).toBeUndefined()
    })

    it('tells a repeated create of the open order that its agreement is missing', async () => {
      const orderId = await createOrder(test, owner)
      await apply(test, owner, payload({ stepId: APPLY_STEP.UPDATE, orderId, commodityId: FIXTURE.paidCommodity }))
      const again = data<ApplyResponse>(await apply(test, owner, payload()))
      expect(again.orderId).toBe(orderId)
      expect(again.missing).toContain(MISSING_ISSUER_AGREEMENT)
    })

    it("does not count another issuer's agreement", async () => {
      const other = SEED_SUPPLIER_PROTOCOLS.find((protocol) => protocol.issuerId !== ISSUER_AGREEMENT.issuerId)!
      const { answer } = await commitWithout({ issuerAgreements: [{ issuerId: other.issuerId, version: other.version }] })
      expect(answer.missing).toEqual([MISSING_ISSUER_AGREEMENT])
    })

    it('is not needed for an issuer whose agreement is switched off', async () => {
      const key = APP_CONFIG_KEY.supplierProtocol(ISSUER_AGREEMENT.issuerId)
      await database.db.update(appConfigs).set({ switchStatus: SHOW.NO }).where(eq(appConfigs.key, key))
      const { orderId, answer } = await commitWithout()
      expect(answer.missing).toEqual([])
      expect((await orderRow(database.db, orderId)).submittedAt).toEqual(test.clock.now())
    })
  })

  describe('push to the issuer', () => {
    it('delivers the order once when pushed twice, with the accepted agreement, and the order detail says received', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      expect(await detail(orderId)).toMatchObject({ issuerReceivedAt: null })
      const receivedAt = test.clock.now().toISOString()
      expect(data(await push(orderId))).toEqual({ orderId, pushed: true, issuerReceivedAt: receivedAt })
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId))).toEqual({ orderId, pushed: true, issuerReceivedAt: receivedAt })
      expect(await deliverDue(outboxContext())).toBe(0)

      expect(issuer.attempts).toHaveLength(1)
      expect(issuer.received()).toEqual([
        {
          idempotencyKey: orderId,
          orderId,
          issuerId: ISSUER_AGREEMENT.issuerId,
          plateNumber: PLATE,
          plateColor: 1,
          submittedAt: new Date(receivedAt),
          agreementVersion: ISSUER_AGREEMENT.version,
        },
      ])
      const receiptNo = simulatedReceiptNo({ issuerId: ISSUER_AGREEMENT.issuerId, idempotencyKey: orderId })
      expect(await outbox(orderId)).toMatchObject({ deliveredAt: new Date(receivedAt), receiptNo, attempts: 1 })
      const shown = await detail(orderId)
      expect(shown.issuerReceivedAt).toBe(receivedAt)
      expect(shown.timeline.filter((entry) => entry.kind === 'issuerReceived')).toEqual([
        { kind: 'issuerReceived', at: receivedAt, note: issuerReceiptNote(receiptNo) },
      ])
    })

    it('delivers once when two pushes arrive together', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      const answers = await Promise.all([push(orderId), push(orderId)])
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200])
      expect(issuer.attempts).toHaveLength(1)
      expect(await receivedEvents(orderId)).toHaveLength(1)
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId)).pushed).toBe(true)
      expect(issuer.attempts).toHaveLength(1)
    })

    it('delivers once across a restart: committed before it, pushed twice after it', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      await restart()
      expect(data(await push(orderId)).pushed).toBe(true)
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId)).pushed).toBe(true)
      expect(await deliverDue(outboxContext())).toBe(0)
      expect(issuer.attempts).toHaveLength(1)
      expect(issuer.received()).toHaveLength(1)
    })

    it('sends nothing again after a restart once the issuer has the order', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      data(await push(orderId))
      await restart()
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId)).pushed).toBe(true)
      const job = startIssuerOutbox(outboxContext(), 60_000)
      await job.stop()
      expect(issuer.attempts).toHaveLength(1)
      expect(await receivedEvents(orderId)).toHaveLength(1)
    })

    it('delivers, with the job started after a restart, an order committed but never pushed; a push afterwards sends nothing', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      await restart()
      const job = startIssuerOutbox(outboxContext(), 60_000)
      await job.stop()
      expect(issuer.attempts).toHaveLength(1)
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId)).pushed).toBe(true)
      expect(await deliverDue(outboxContext())).toBe(0)
      expect(issuer.attempts).toHaveLength(1)
      expect((await detail(orderId)).issuerReceivedAt).not.toBeNull()
    })

    it('sends an order whose confirmation was lost again later with the same key, and the issuer keeps one', async () => {
      let lose = true
      const lossy: IssuerGateway = {
        submitOrder: async (submission) => {
          const receipt = await issuer.submitOrder(submission)
          if (lose) {
            lose = false
            throw new Error('issuer timeout')
          }
          return receipt
        },
      }
      await restart(lossy)
      const orderId = await paidOrder(database.db, test, owner)
      expect(data(await push(orderId))).toEqual({ orderId, pushed: false, issuerReceivedAt: null })
      const failedAt = test.clock.now()
      expect(await outbox(orderId)).toMatchObject({
        attempts: 1,
        deliveredAt: null,
        lastError: 'issuer timeout',
        nextAttemptAt: new Date(failedAt.getTime() + ISSUER_RETRY_BASE_MS),
      })
      expect((await detail(orderId)).issuerReceivedAt).toBeNull()

      // Not due yet: asking again sends nothing.
      expect(data(await push(orderId)).pushed).toBe(false)
      expect(issuer.attempts).toHaveLength(1)

      test.clock.advance(ISSUER_RETRY_BASE_MS)
      expect(await deliverDue(outboxContext(lossy))).toBe(1)
      expect(issuer.attempts.map((attempt) => attempt.idempotencyKey)).toEqual([orderId, orderId])
      expect(issuer.received()).toHaveLength(1)
      expect(await receivedEvents(orderId)).toHaveLength(1)
      const receivedAt = test.clock.now().toISOString()
      test.clock.advance(LATER_MS)
      expect(data(await push(orderId))).toEqual({ orderId, pushed: true, issuerReceivedAt: receivedAt })
      expect(await deliverDue(outboxContext(lossy))).toBe(0)
      expect(issuer.attempts).toHaveLength(2)
    })

    it('leaves a try in progress alone: another process skips the row it holds', async () => {
      let release: () => void = () => undefined
      const slow: IssuerGateway = {
        submitOrder: async (submission) => {
          await new Promise<void>((resolve) => {
            release = resolve
          })
          return issuer.submitOrder(submission)
        },
      }
      await restart(slow)
      const orderId = await paidOrder(database.db, test, owner)
      const pushing = push(orderId)
      // The push has claimed the row once its try counts.
      for (let wait = 0; (await outbox(orderId))?.attempts !== 1; wait += 1) {
        if (wait > 200) throw new Error('the push never claimed its row')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      expect(await deliverDue(outboxContext(slow))).toBe(0)
      release()
      expect(data(await pushing).pushed).toBe(true)
      test.clock.advance(LATER_MS)
      expect(await deliverDue(outboxContext(slow))).toBe(0)
      expect(issuer.attempts).toHaveLength(1)
    })

    it('sends each row of a run under its own lease, however long the sends before it took', async () => {
      const first = await paidOrder(database.db, test, owner)
      const second = await paidOrder(database.db, test, owner, { plateNumber: OTHER_PLATE })
      const leasedAtSend: boolean[] = []
      const slow: IssuerGateway = {
        submitOrder: async (submission) => {
          const row = await outbox(submission.orderId)
          leasedAtSend.push(row !== undefined && row.nextAttemptAt.getTime() > test.clock.now().getTime())
          // The issuer takes longer than a lease to answer.
          test.clock.advance(ISSUER_DELIVERY_LEASE_MS + 1)
          return issuer.submitOrder(submission)
        },
      }
      expect(await deliverDue(outboxContext(slow))).toBe(2)
      expect(leasedAtSend).toEqual([true, true])
      expect(issuer.attempts.map((attempt) => attempt.orderId).sort()).toEqual([first, second].sort())
    })

    it('does not write its failure over a later try that took the row after its lease ran out', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      let laterLease: Date | undefined
      const failing: IssuerGateway = {
        submitOrder: async () => {
          // Meanwhile another process claims the row, as it may once this try's lease has run out.
          test.clock.advance(ISSUER_DELIVERY_LEASE_MS + 1)
          laterLease = new Date(test.clock.now().getTime() + ISSUER_DELIVERY_LEASE_MS)
          await database.db.update(issuerOutbox).set({ attempts: sql`${issuerOutbox.attempts} + 1`, nextAttemptAt: laterLease }).where(eq(issuerOutbox.orderId, orderId))
          throw new Error('issuer unreachable')
        },
      }
      expect(await deliverDue(outboxContext(failing))).toBe(0)
      expect(await outbox(orderId)).toMatchObject({ attempts: 2, nextAttemptAt: laterLease, lastError: null })
    })

    it('waits longer after each failed try, up to an hour', () => {
      expect([1, 2, 3].map(retryDelayMs)).toEqual([ISSUER_RETRY_BASE_MS, 2 * ISSUER_RETRY_BASE_MS, 4 * ISSUER_RETRY_BASE_MS])
      expect(retryDelayMs(30)).toBe(ISSUER_RETRY_MAX_MS)
    })

    it('never hands over an order cancelled before its delivery', async () => {
      const orderId = await paidOrder(database.db, test, owner)
      const cancel = await api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: owner })
      expect(cancel.json()).toMatchObject({ code: 200 })
      expect(await deliverDue(outboxContext())).toBe(0)
      expect((await push(orderId)).json()).toEqual({ code: 2003, msg: '订单已取消', data: null })
      expect(issuer.attempts).toEqual([])
      // The sweep drops its queued hand-over rather than keeping it for ever; a delivered one stays.
      const delivered = await paidOrder(database.db, test, owner, { plateNumber: OTHER_PLATE })
      expect(data(await push(delivered)).pushed).toBe(true)
      expect(await runMaintenance({ db: database.db, clock: test.clock, storage: createMemoryFileStorage(), log: test.app.log })).toMatchObject({ issuerHandOvers: 1 })
      expect(await outbox(orderId)).toBeUndefined()
      expect(await outbox(delivered)).toMatchObject({ deliveredAt: expect.any(Date) })
    })

    it('answers an order not yet submitted, or another user’s, without sending anything', async () => {
      const orderId = await createOrder(test, owner)
      expect((await push(orderId)).json()).toEqual({ code: 2003, msg: '订单尚未提交，请先完成申办', data: null })
      const other = await login(test, PHONES.other)
      const theirs = await paidOrder(database.db, test, other, { plateNumber: '沪C67890' })
      expect((await push(theirs)).json()).toEqual({ code: 404, msg: '订单不存在', data: null })
      expect(issuer.attempts).toEqual([])
    })
  })
})

describeDb('the issuer outbox migration', () => {
  /** The migrations before the outbox (0000 to 0003). */
  const MIGRATIONS_BEFORE_OUTBOX = 4
  const PROMOTION = 'LEGACY_OUTBOX_PROMOTION'
  const ORDERS = { pushed: 'OLEGACYPUSHED', waiting: 'OLEGACYWAITING', unsubmitted: 'OLEGACYDRAFT', cancelled: 'OLEGACYCANCELLED' } as const
  const PUSHED_AT = new Date('2026-02-01T08:00:00.000Z')

  async function databaseBeforeOutbox(target: Database): Promise<void> {
    const db = target.db
    // The issuers, as the base seed would have made them then (so the seed does not make them again).
    for (const { id, name } of ISSUERS) await db.execute(sql`insert into issuers (id, name) values (${id}, ${name})`)
    await db.execute(sql`insert into seed_history (name) values (${issuersSeed.name})`)
    await db.execute(sql`insert into promotion_channels (id, channel_key, channel_id, promotion_subject, business_mode)
      values (${PROMOTION}, 'bank', ${BANK.channelId}, '旧活动', 0)`)
    const [user] = await queryRows<{ id: number }>(db, sql`insert into users (uid, channel) values ('U00000000000000000000OUTBOX', ${BANK.channelId}) returning id`)
    const order = (orderId: string, plate: string, columns: string) =>
      db.execute(sql`insert into orders (order_id, user_id, channel, channel_source, source_channel, plate_number, plate_color, promotion_channel_id, issuer_id)
        values (${orderId}, ${user!.id}, ${BANK.channelId}, 'bank', ${BANK.sourceChannel}, ${plate}, 1, ${PROMOTION}, 3)`).then(() =>
        db.execute(sql.raw(`update orders set ${columns} where order_id = '${orderId}'`)),
      )
    await order(ORDERS.pushed, '京B00001', `submitted_at = now(), pushed_at = '${PUSHED_AT.toISOString()}'`)
    await order(ORDERS.waiting, '京B00002', 'submitted_at = now()')
    await order(ORDERS.unsubmitted, '京B00003', 'step_id = 2')
    await order(ORDERS.cancelled, '京B00004', 'submitted_at = now(), cancel_state = 2')
  }

  const database = databaseFromMigrations(MIGRATIONS_BEFORE_OUTBOX, 'etc-outbox-migrations-', databaseBeforeOutbox)

  it('queues the open submitted orders: one pushed before counts as received, one not yet pushed is delivered by the job', async () => {
    const db = database().db
    const rows = await db.select().from(issuerOutbox)
    expect(rows.map((row) => [row.orderId, row.deliveredAt]).sort()).toEqual([
      [ORDERS.pushed, PUSHED_AT],
      [ORDERS.waiting, null],
    ])
    const events = await db.select().from(orderEvents).where(eq(orderEvents.kind, 'issuerReceived'))
    expect(events.map((event) => [event.orderId, event.at])).toEqual([[ORDERS.pushed, PUSHED_AT]])

    const issuer = createSimulatedIssuer()
    // The migration queued it at the database's time: the server's clock is past it.
    const test = await createTestApp(db, { issuer, clock: new FakeClock(new Date()) })
    try {
      expect(await deliverDue({ db, clock: test.clock, issuer, log: test.app.log })).toBe(1)
      expect(issuer.received().map((submission) => submission.orderId)).toEqual([ORDERS.waiting])
    } finally {
      await test.close()
    }
  })
})
