/**
 * Paying through real payment providers (issue 28), with scripted merchant accounts in place of
 * WeChat Pay and Alipay (their adapters are tested against their stand-ins elsewhere): what the
 * server does with what a provider says.
 * - A notification settles once, replayed 10 times: one settlement, one hand-over to the issuer.
 * - Another amount, an unknown payment, another provider's payment or a bad signature is refused
 *   (answered so the provider tries again), logged, and changes nothing.
 * - Money taken for a payment abandoned meanwhile goes back: one refund, however often it is said.
 * - A cancelled paid order is refunded through the provider once; a retryable refusal is tried
 *   again later, one a retry cannot mend is marked for a person; a refund finishing later is
 *   recorded from its notification.
 * - A lost notification is recovered by a query; an abandoned trade is closed at its provider.
 * - A provider that times out leaves one payment in progress: asking again reopens the same trade.
 */
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { PayMethod } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { CANCEL_REASONS } from '../../src/domain/cancel-reason'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { issuerOutbox, orderEvents, paymentRefunds, payments } from '../../server/db/schema'
import { createVendorCashier, payNotifyPath } from '../../server/payments/cashier'
import type { Cashier } from '../../server/payments/cashier'
import { PAYMENT_MESSAGE } from '../../server/payments/payments'
import { REFUND_REASON, REFUND_STATE, refundIdOf } from '../../server/refunds/refund-queue'
import { PENDING_QUERY_AFTER_MS, runPaymentUpkeep } from '../../server/payments/upkeep'
import { VendorError } from '../../server/payments/vendor'
import type { PaymentVendor, RefundOrder, TradeOrder, VendorName, VendorTrade, VerifiedNotification } from '../../server/payments/vendor'
import { createSimulatedIssuer } from '../../server/simulators/issuer'
import { cryptoRandom } from '../../server/runtime/random'
import { BANK, envelope } from './support/api'
import { appWorld } from './support/app-world'
import { OTHER_PLATE, PHONES, PLATE, data, login, orderRow, seedOrderFixtures, submittedOrder } from './support/orders'
import { describeDb } from './support/test-database'

const MINUTE_MS = 60_000

/** A merchant account whose answers the test scripts, keeping what it was asked. */
class ScriptedVendor implements PaymentVendor {
  readonly methods: readonly PayMethod[]
  readonly started: { method: PayMethod; trade: TradeOrder }[] = []
  readonly closed: string[] = []
  readonly refunds: RefundOrder[] = []
  readonly trades = new Map<string, VendorTrade>()
  /** Thrown by the next call of each kind, once. */
  readonly failNext: Partial<Record<'start' | 'refund' | 'close', VendorError>> = {}
  refundOutcome: 'succeeded' | 'processing' = 'succeeded'

  constructor(readonly name: VendorName) {
    this.methods = name === 'wechat' ? ['wechat'] : ['alipay', 'h5']
  }

  private failure(kind: 'start' | 'refund' | 'close'): void {
    const error = this.failNext[kind]
    delete this.failNext[kind]
    if (error) throw error
  }

  async start(method: PayMethod, trade: TradeOrder) {
    this.started.push({ method, trade })
    this.failure('start')
    if (!this.trades.has(trade.paymentId)) this.trades.set(trade.paymentId, { state: 'unpaid' })
    switch (method) {
      case 'h5':
        return { cashierUrl: `https://pay.test/${trade.paymentId}` }
      case 'alipay':
        return { alipayTradeNo: `T${trade.paymentId}` }
      case 'wechat':
        return { wechatPay: { timeStamp: '1', nonceStr: trade.nonce, package: `prepay_id=W${trade.paymentId}`, signType: 'RSA' as const, paySign: 'signed' } }
    }
  }

  async query(paymentId: string): Promise<VendorTrade> {
    return this.trades.get(paymentId) ?? { state: 'absent' }
  }

  async close(paymentId: string) {
    this.closed.push(paymentId)
    this.failure('close')
    return this.trades.get(paymentId)?.state === 'paid' ? ('paid' as const) : ('closed' as const)
  }

  async refund(refund: RefundOrder) {
    this.refunds.push(refund)
    this.failure('refund')
    return this.refundOutcome
  }

  /** The buyer pays: the trade is paid, and this is the notification the provider sends (signed). */
  paid(paymentId: string, amountCents: number): VerifiedNotification {
    this.trades.set(paymentId, { state: 'paid', amountCents, vendorTradeNo: `V-${paymentId}` })
    return { kind: 'payment', paymentId, amountCents, vendorTradeNo: `V-${paymentId}` }
  }

  /** Genuine when signed 'ok'; anything else fails its signature. */
  async readNotification({ rawBody }: { rawBody: string }): Promise<VerifiedNotification | undefined> {
    const { signature, ...notification } = JSON.parse(rawBody) as VerifiedNotification & { signature: string }
    return signature === 'ok' ? (notification as VerifiedNotification) : undefined
  }

  answer(accepted: boolean) {
    return { status: accepted ? 200 : 500, contentType: 'text/plain', body: accepted ? 'success' : 'fail' }
  }
}

describeDb('paying through payment providers', () => {
  let alipay: ScriptedVendor
  let cashier: Cashier
  const world = appWorld(
    (test) => login(test, PHONES.owner),
    seedOrderFixtures,
    () => {
      alipay = new ScriptedVendor('alipay')
      cashier = createVendorCashier({ wechat: new ScriptedVendor('wechat'), alipay, h5: 'alipay' })
      return { cashier }
    },
  )

  const db = () => world.database.db
  const pay = (orderId: string, payMethod: PayMethod = 'h5') =>
    world.api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, payMethod }, { as: world.grant })
  const notify = (vendor: VendorName, notification: VerifiedNotification, signature = 'ok'): Promise<LightMyRequestResponse> =>
    world.test.inject({ method: 'POST', url: payNotifyPath(vendor), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...notification, signature }) })
  const upkeep = () =>
    runPaymentUpkeep({ db: db(), clock: world.test.clock, random: cryptoRandom, cashier, issuer: createSimulatedIssuer(), log: world.test.app.log })
  const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt)
  const refundsOf = (paymentId: string) => db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))
  /** A submitted order with its payment started at Alipay (h5): the payment's id and amount. */
  const started = async (plateNumber = PLATE): Promise<{ orderId: string; paymentId: string; amountCents: number }> => {
    const orderId = await submittedOrder(world.test, world.grant, { plateNumber })
    expect(data(await pay(orderId)).cashierUrl).toMatch(/^https:\/\/pay\.test\/P/)
    const [payment] = await paymentsOf(orderId)
    if (!payment) throw new Error('no payment')
    return { orderId, paymentId: payment.id, amountCents: payment.amountCents }
  }
  const cancel = (orderId: string) =>
    world.api.call(API.cancelOrder, { orderId, reason: CANCEL_REASONS[0] }, { as: world.grant })

  it('starts the trade at the account the method goes to, with what the bill says, its expiry and the payer', async () => {
    const { orderId, paymentId, amountCents } = await started()
    expect(alipay.started).toEqual([
      {
        method: 'h5',
        trade: expect.objectContaining({ paymentId, amountCents, description: expect.stringMatching(/^ETC申办 /), payer: { clientIp: '127.0.0.1' } }),
      },
    ])
    const trade = alipay.started[0]!.trade
    expect(trade.expiresAt.getTime() - world.test.clock.now().getTime()).toBe(15 * MINUTE_MS)
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ provider: 'alipay', state: PAY_STATE.PAYING })])
  })

  it('settles a notification once, replayed 10 times: one settlement, one hand-over', async () => {
    const { orderId, paymentId, amountCents } = await started()
    const notification = alipay.paid(paymentId, amountCents)
    for (let replay = 0; replay < 10; replay += 1) {
      const answer = await notify('alipay', notification)
      expect([answer.statusCode, answer.body]).toEqual([200, 'success'])
    }
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.SUCCESS, vendorTradeNo: `V-${paymentId}` })])
    expect(await orderRow(db(), orderId)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS })
    const paidEvents = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
    expect(paidEvents.filter((event) => event.kind === 'paid')).toHaveLength(1)
    expect(await db().select().from(issuerOutbox).where(eq(issuerOutbox.orderId, orderId))).toHaveLength(1)
    expect(await refundsOf(paymentId)).toEqual([])
  })

  it('refuses and logs another amount, an unknown payment, another provider’s payment and a bad signature, changing nothing', async () => {
    const { orderId, paymentId, amountCents } = await started()
    const refusals = [
      await notify('alipay', { kind: 'payment', paymentId, amountCents: amountCents + 1, vendorTradeNo: 'V' }),
      await notify('alipay', { kind: 'payment', paymentId: 'P-NOT-OURS', amountCents, vendorTradeNo: 'V' }),
      await notify('wechat', { kind: 'payment', paymentId, amountCents, vendorTradeNo: 'V' }),
      await notify('alipay', { kind: 'payment', paymentId, amountCents, vendorTradeNo: 'V' }, 'forged'),
    ]
    expect(refusals.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [500, 'fail'],
      [500, 'fail'],
      [500, 'fail'],
      [500, 'fail'],
    ])
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.PAYING, vendorTradeNo: null })])
    expect((await orderRow(db(), orderId)).depositPayState).toBe(PAY_STATE.PAYING)
    const lines = world.test.logs.entries()
    expect(lines.filter((line) => line.msg === 'payment notification refused: no such payment of this provider, or another amount')).toHaveLength(3)
    expect(lines.filter((line) => line.msg === 'payment notification refused: its signature or body did not verify')).toHaveLength(1)
  })

  it('answers 404 for a provider that is not configured', async () => {
    const answer = await world.test.inject({ method: 'POST', url: '/pay/v1/notify/unionpay', headers: { 'content-type': 'text/plain' }, payload: 'x' })
    expect(answer.statusCode).toBe(404)
  })

  it('gives back money taken for a payment abandoned meanwhile: one refund, however often it is said', async () => {
    const { orderId, paymentId, amountCents } = await started()
    expect(envelope(await cancel(orderId)).code).toBe(200)
    const notification = alipay.paid(paymentId, amountCents)
    for (let replay = 0; replay < 10; replay += 1) expect((await notify('alipay', notification)).body).toBe('success')
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.FAILED })])
    expect(await refundsOf(paymentId)).toEqual([expect.objectContaining({ id: refundIdOf(paymentId), amountCents, reason: REFUND_REASON.abandoned, state: REFUND_STATE.QUEUED })])
    expect((await orderRow(db(), orderId)).cancelState).toBe(CANCEL_STATE.SUCCESS)

    await upkeep()
    await upkeep()
    expect(alipay.refunds).toEqual([{ refundId: refundIdOf(paymentId), paymentId, amountCents, totalCents: amountCents, reason: REFUND_REASON.abandoned }])
    expect((await refundsOf(paymentId))[0]).toMatchObject({ state: REFUND_STATE.SUCCEEDED })
    // The abandoned trade was found paid when closing it: nothing more goes back.
    expect(alipay.closed).toEqual([paymentId])
  })

  it('refunds a cancelled paid order through its provider once; a refund finishing later is recorded from its notification', async () => {
    const { orderId, paymentId, amountCents } = await started()
    await notify('alipay', alipay.paid(paymentId, amountCents))
    alipay.refundOutcome = 'processing'
    // The cancel hands the refund over at once, not at the upkeep's next round.
    expect(envelope(await cancel(orderId)).code).toBe(200)
    expect((await refundsOf(paymentId))[0]).toMatchObject({ state: REFUND_STATE.PROCESSING, reason: REFUND_REASON.cancelled })
    expect(alipay.refunds).toHaveLength(1)
    const finished = { kind: 'refund' as const, refundId: refundIdOf(paymentId), paymentId, outcome: 'succeeded' as const }
    expect((await notify('alipay', finished)).statusCode).toBe(200)
    expect((await notify('alipay', finished)).statusCode).toBe(200)
    expect((await refundsOf(paymentId))[0]).toMatchObject({ state: REFUND_STATE.SUCCEEDED })
    // An unknown refund is refused.
    expect((await notify('alipay', { ...finished, refundId: 'R-NOT-OURS' })).statusCode).toBe(500)
    await upkeep()
    expect(alipay.refunds).toHaveLength(1)
  })

  it('tries a refund again after a retryable refusal, and marks one a retry cannot mend for a person', async () => {
    const first = await started()
    await notify('alipay', alipay.paid(first.paymentId, first.amountCents))
    alipay.failNext.refund = new VendorError('alipay', 'ACQ.SYSTEM_ERROR', 'busy', true)
    // The cancel stands; its refund waits for the upkeep.
    expect(envelope(await cancel(first.orderId)).code).toBe(200)
    expect((await refundsOf(first.paymentId))[0]).toMatchObject({ state: REFUND_STATE.QUEUED, attempts: 1, lastError: 'ACQ.SYSTEM_ERROR: busy' })
    await upkeep()
    expect(alipay.refunds).toHaveLength(1)
    world.test.clock.advance(MINUTE_MS)
    await upkeep()
    expect(alipay.refunds).toHaveLength(2)
    expect((await refundsOf(first.paymentId))[0]).toMatchObject({ state: REFUND_STATE.SUCCEEDED })

    alipay.failNext.refund = new VendorError('alipay', 'ACQ.SELLER_BALANCE_NOT_ENOUGH', 'no balance', false)
    await db().update(paymentRefunds).set({ state: REFUND_STATE.QUEUED, nextAttemptAt: world.test.clock.now() }).where(eq(paymentRefunds.paymentId, first.paymentId))
    await upkeep()
    expect((await refundsOf(first.paymentId))[0]).toMatchObject({ state: REFUND_STATE.FAILED })
    expect(world.test.logs.entries().some((line) => line.msg === 'refund refused by the payment provider: needs a person')).toBe(true)
  })

  it('recovers a lost notification by a query, and closes an abandoned trade at its provider', async () => {
    const { orderId, paymentId, amountCents } = await started()
    alipay.paid(paymentId, amountCents)
    await upkeep()
    expect((await orderRow(db(), orderId)).depositPayState).toBe(PAY_STATE.PAYING)
    world.test.clock.advance(PENDING_QUERY_AFTER_MS)
    expect(await upkeep()).toMatchObject({ recovered: 1 })
    expect(await orderRow(db(), orderId)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS })
    expect(await db().select().from(issuerOutbox).where(eq(issuerOutbox.orderId, orderId))).toEqual([expect.objectContaining({ deliveredAt: expect.any(Date) })])

    // Another order: its payment replaced by one of another method is closed at the first provider.
    const second = await started(OTHER_PLATE)
    expect(data(await pay(second.orderId, 'wechat')).wechatPay?.package).toBe(`prepay_id=W${(await paymentsOf(second.orderId))[1]?.id}`)
    const [abandoned, current] = await paymentsOf(second.orderId)
    expect(abandoned).toMatchObject({ id: second.paymentId, provider: 'alipay', state: PAY_STATE.FAILED })
    expect(current).toMatchObject({ provider: 'wechat', state: PAY_STATE.PAYING })
    expect(await upkeep()).toMatchObject({ closed: 1 })
    expect(alipay.closed).toEqual([second.paymentId])
    expect((await paymentsOf(second.orderId))[0]?.vendorClosedAt).toBeInstanceOf(Date)
    expect(await upkeep()).toMatchObject({ closed: 0 })
  })

  it('keeps one payment in progress when the provider times out: asking again reopens the same trade', async () => {
    const orderId = await submittedOrder(world.test, world.grant)
    alipay.failNext.start = new VendorError('alipay', 'TIMEOUT', 'no answer', true)
    expect((await pay(orderId)).json()).toEqual({ code: BUSINESS_CODE.PAYMENT_FAILED, msg: PAYMENT_MESSAGE.providerBusy, data: null })
    expect(data(await pay(orderId)).cashierUrl).toMatch(/^https:\/\/pay\.test\//)
    expect(await paymentsOf(orderId)).toHaveLength(1)
    expect(new Set(alipay.started.map(({ trade }) => trade.paymentId)).size).toBe(1)
    alipay.failNext.start = new VendorError('alipay', 'isv.invalid-signature', 'bad key', false)
    expect((await pay(orderId)).json()).toEqual({ code: BUSINESS_CODE.PAYMENT_FAILED, msg: PAYMENT_MESSAGE.methodUnavailable, data: null })
  })

  it('opens no new payment once the order’s pay-by time has passed: the one in progress is finished instead', async () => {
    const orderId = await submittedOrder(world.test, world.grant)
    world.test.clock.advance(world.test.config.orderLimits.unpaidHoldMinutes * MINUTE_MS - MINUTE_MS)
    data(await pay(orderId))
    world.test.clock.advance(2 * MINUTE_MS)
    // Past pay-by, in the payment's grace: another method would open a new trade, and hold the plate longer.
    expect((await pay(orderId, 'wechat')).json()).toEqual({ code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg: PAYMENT_MESSAGE.keepMethod, data: null })
    expect(data(await pay(orderId)).cashierUrl).toMatch(/^https:\/\/pay\.test\//)
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.PAYING })])
  })
})
