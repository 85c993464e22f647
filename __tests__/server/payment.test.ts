/**
 * Paying through the simulated cashier: starting a payment, the cashier page and its one-time
 * result, pay state and payment info; paying twice never charges twice (second start, second
 * result, concurrent requests, the database's unique index); free orders need no payment; a
 * cancelled order's payment is abandoned or refunded.
 */
import { and, eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import { API, SIMULATOR_PATHS } from '../../types/api/paths'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { orderEvents, orders, payments } from '../../server/db/schema'
import { hashSecret } from '../../server/auth/secrets'
import { BANK, envelope, pathOf } from './support/api'
import { expectLoginEnforced } from './support/login-checks'
import {
  createOrder,
  data,
  FIXTURE,
  login,
  orderRow,
  orderWorld,
  PHONES,
  cashierOf,
  cashierResult,
  submittedOrder,
} from './support/orders'
import { suiteOf } from './support/app-world'
import { describeDb } from './support/test-database'

const NOT_FOUND = { code: 404, msg: '订单不存在', data: null }

describeDb('payment routes and the cashier simulator', () => {
  const world = orderWorld()
  const { database, test, grant: owner, api } = suiteOf(world)

  const payData = (orderId: string) => ({ orderId, promotionChannelId: BANK.promotionChannelId })
  const payRequest = (orderId: string) => api.request(API.payDeposit, payData(orderId))
  const stateRequest = (orderId: string) => api.request(API.payState, { orderId })
  const infoRequest = (orderId: string) => api.request(API.payOrderInfo, { orderId })
  const pay = (grant: TokenGrant, orderId: string) => api.call(API.payDeposit, payData(orderId), { as: grant })
  const payState = (grant: TokenGrant, orderId: string) => api.call(API.payState, { orderId }, { as: grant })
  const payInfo = (grant: TokenGrant, orderId: string) => api.call(API.payOrderInfo, { orderId }, { as: grant })
  const detail = (grant: TokenGrant, orderId: string) => api.call(API.orderDetail, { orderId }, { as: grant })
  const cashierPage = (path: string) => test.inject({ method: 'GET', url: path })
  const result = (paymentId: string, token: string, outcome: string) => cashierResult(test, paymentId, token, outcome)
  const paymentRows = (orderId: string) => database.db.select().from(payments).where(eq(payments.orderId, orderId))
  const eventKinds = async (orderId: string) =>
    (await database.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((row) => row.kind)

  describe('login', () => {
    it.each([
      ['payDeposit', payRequest],
      ['depositH5PayState', stateRequest],
      ['getOrderInfo', infoRequest],
    ])('needs a valid token for %s', async (_case, request) => {
      await expectLoginEnforced(test, request(await submittedOrder(test, owner)), owner)
    })
  })

  describe('the cashier address', () => {
    it('comes from configuration, never from a forged Host or forwarded host', async () => {
      const orderId = await submittedOrder(test, owner)
      const answer = data(
        await api.call(API.payDeposit, payData(orderId), { as: owner, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }),
      )
      expect(answer.cashierUrl?.startsWith(`${test.config.publicBaseUrl}/sim/cashier/`)).toBe(true)
      expect(answer.cashierUrl).not.toContain('evil.example')
    })
  })

  describe('a successful payment', () => {
    it('starts in PAYING with a cashier page address on this server (PUBLIC_BASE_URL)', async () => {
      const orderId = await submittedOrder(test, owner)
      const answer = data(await pay(owner, orderId))
      const base = test.config.publicBaseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      expect(answer).toEqual({ orderId, depositPayState: PAY_STATE.PAYING, cashierUrl: expect.stringMatching(new RegExp(`^${base}/sim/cashier/P[0-9a-f]{24}\\?token=[A-Za-z0-9_-]{43}$`)) })
      const cashier = cashierOf(answer)
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
      const [row] = await paymentRows(orderId)
      expect(row).toMatchObject({ id: cashier.paymentId, state: PAY_STATE.PAYING, amountCents: FIXTURE.paidPriceCents, cashierTokenHash: hashSecret(cashier.token) })
      expect(data(await payState(owner, orderId))).toEqual({ orderId, depositPayState: PAY_STATE.PAYING })
    })

    it('shows a self-contained Chinese cashier page with the amount and both buttons', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      const page = await cashierPage(cashier.path)
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.headers['content-security-policy']).toContain("form-action 'self'")
      expect(page.body).toContain('¥29.90')
      expect(page.body).toContain('>支付成功</button>')
      expect(page.body).toContain('>支付失败</button>')
      expect(page.body).toContain(`action="${pathOf(SIMULATOR_PATHS.cashierResult, { paymentId: cashier.paymentId })}"`)
      expect(page.body).toContain(`name="token" value="${cashier.token}"`)
      expect(page.body).not.toMatch(/<script|src=|href="http/)
    })

    it('settles on 支付成功: state 5, payment row, timeline, back to the app’s result page', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      test.clock.advance(30_000)
      const response = await result(cashier.paymentId, cashier.token, 'success')
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe(`/#/apply/payResult?orderId=${orderId}`)
      const paidAt = test.clock.now()
      expect(await orderRow(database.db, orderId)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS, paidAt })
      expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.SUCCESS, completedAt: paidAt })])
      expect(data(await payState(owner, orderId))).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      expect(data(await payInfo(owner, orderId))).toEqual({
        orderId,
        amountCents: FIXTURE.paidPriceCents,
        priceCents: FIXTURE.paidPriceCents,
        voucher: null,
        businessMode: 0,
        depositPayState: PAY_STATE.SUCCESS,
        paidAt: paidAt.toISOString(),
        promotionChannelId: BANK.promotionChannelId,
      })
      const timeline = data(await detail(owner, orderId)).timeline
      // Paid, then handed to its issuer at once: nothing is left to pay.
      expect(timeline.slice(-2)).toMatchObject([
        { kind: 'paid', at: paidAt.toISOString(), note: '已支付29.90元' },
        { kind: 'issuerReceived', at: paidAt.toISOString() },
      ])
    })
  })

  describe('paying twice never charges twice', () => {
    it('refuses a second result POST for the same payment', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      expect((await result(cashier.paymentId, cashier.token, 'success')).statusCode).toBe(303)
      for (const outcome of ['success', 'fail']) {
        const again = await result(cashier.paymentId, cashier.token, outcome)
        expect(again.statusCode).toBe(409)
        expect(again.body).toContain('该笔支付已处理，请勿重复提交')
        expect(again.body).toContain(`/#/apply/payResult?orderId=${orderId}`)
      }
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.SUCCESS)
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paid', 'issuerReceived'])
      const page = await cashierPage(cashier.path)
      expect(page.statusCode).toBe(409)
    })

    it('answers payDeposit on a paid order with state 5 and no cashier', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      await result(cashier.paymentId, cashier.token, 'success')
      expect(data(await pay(owner, orderId))).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      expect(await paymentRows(orderId)).toHaveLength(1)
    })

    it('settles one of two simultaneous result POSTs', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      const answers = await Promise.all([result(cashier.paymentId, cashier.token, 'success'), result(cashier.paymentId, cashier.token, 'success')])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([303, 409])
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paid', 'issuerReceived'])
    })

    it('keeps one payment when payDeposit arrives twice at once', async () => {
      const orderId = await submittedOrder(test, owner)
      const answers = await Promise.all([pay(owner, orderId), pay(owner, orderId)])
      const cashiers = answers.map((answer) => cashierOf(data(answer)))
      expect(cashiers[0]?.paymentId).toBe(cashiers[1]?.paymentId)
      expect(await paymentRows(orderId)).toHaveLength(1)
    })

    it('replaces the cashier token when payment is started again; the old page stops working', async () => {
      const orderId = await submittedOrder(test, owner)
      const first = cashierOf(data(await pay(owner, orderId)))
      const second = cashierOf(data(await pay(owner, orderId)))
      expect(second.paymentId).toBe(first.paymentId)
      expect(second.token).not.toBe(first.token)
      expect((await cashierPage(first.path)).statusCode).toBe(404)
      const stale = await result(first.paymentId, first.token, 'success')
      expect(stale.statusCode).toBe(404)
      expect(stale.body).toContain('支付链接无效或已失效')
      expect((await result(second.paymentId, second.token, 'success')).statusCode).toBe(303)
    })

    it('lets the database hold at most one successful payment per order', async () => {
      const orderId = await submittedOrder(test, owner)
      const row = { orderId, userId: (await orderRow(database.db, orderId)).userId, amountCents: 1, state: PAY_STATE.SUCCESS, cashierTokenHash: 'x' }
      await database.db.insert(payments).values({ ...row, id: 'PAY1' })
      await expect(database.db.insert(payments).values({ ...row, id: 'PAY2' })).rejects.toThrow()
      await database.db.insert(payments).values({ ...row, id: 'PAY3', state: PAY_STATE.FAILED })
    })
  })

  describe('failed payments and orders with nothing to pay', () => {
    it('records 支付失败 (state 4) and lets the user pay again', async () => {
      const orderId = await submittedOrder(test, owner)
      const first = cashierOf(data(await pay(owner, orderId)))
      const failed = await result(first.paymentId, first.token, 'fail')
      expect(failed.statusCode).toBe(303)
      expect(failed.headers.location).toBe(`/#/apply/payResult?orderId=${orderId}`)
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.FAILED)
      expect(data(await payState(owner, orderId)).depositPayState).toBe(PAY_STATE.FAILED)

      const retry = cashierOf(data(await pay(owner, orderId)))
      expect(retry.paymentId).not.toBe(first.paymentId)
      expect((await result(retry.paymentId, retry.token, 'success')).statusCode).toBe(303)
      const states = (await paymentRows(orderId)).map((row) => row.state).sort()
      expect(states).toEqual([PAY_STATE.FAILED, PAY_STATE.SUCCESS])
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paymentFailed', 'paid', 'issuerReceived'])
    })

    it('answers a free order with state 1 and no cashier', async () => {
      const orderId = await submittedOrder(test, owner, { commodityId: FIXTURE.freeCommodity })
      expect(data(await pay(owner, orderId))).toEqual({ orderId, depositPayState: PAY_STATE.NOT_NEEDED })
      expect(await paymentRows(orderId)).toEqual([])
      expect(data(await payInfo(owner, orderId))).toMatchObject({ amountCents: 0, depositPayState: PAY_STATE.NOT_NEEDED, paidAt: null })
    })

    it('refuses an order that is not submitted', async () => {
      const orderId = await createOrder(test, owner)
      const refusal = { code: 2003, msg: '订单尚未提交，请先完成申办', data: null }
      expect((await pay(owner, orderId)).json()).toEqual(refusal)
      expect((await payState(owner, orderId)).json()).toEqual(refusal)
      expect((await payInfo(owner, orderId)).json()).toEqual(refusal)
    })
  })

  describe('cancelled orders', () => {
    const cancel = (orderId: string) =>
      api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: owner })

    it('refunds a paid deposit on cancel and notes it on the timeline', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      await result(cashier.paymentId, cashier.token, 'success')
      test.clock.advance(60_000)
      data(await cancel(orderId))
      expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.SUCCESS, refundedAt: test.clock.now() })])
      const timeline = data(await detail(owner, orderId)).timeline
      expect(timeline.at(-1)).toEqual({ kind: 'cancelled', at: test.clock.now().toISOString(), note: '已支付的29.90元将原路退还' })
      expect((await pay(owner, orderId)).json()).toEqual({ code: 2003, msg: '订单已取消', data: null })
    })

    it('abandons a payment in progress: the cashier cannot charge a cancelled order', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      data(await cancel(orderId))
      expect(await orderRow(database.db, orderId)).toMatchObject({ cancelState: CANCEL_STATE.SUCCESS, depositPayState: PAY_STATE.FAILED })
      const late = await result(cashier.paymentId, cashier.token, 'success')
      expect(late.statusCode).toBe(409)
      expect(late.body).toContain('订单已取消，本次支付未扣款')
      expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.FAILED, refundedAt: null })])
      expect(await eventKinds(orderId)).not.toContain('paid')
    })

    it('does not charge an order whose cancel is being confirmed', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      // Set directly, as an issuer integration would while it confirms the cancel.
      await database.db.update(orders).set({ cancelState: CANCEL_STATE.CANCELLING }).where(eq(orders.orderId, orderId))
      const late = await result(cashier.paymentId, cashier.token, 'success')
      expect(late.statusCode).toBe(409)
      expect(late.body).toContain('订单已取消，本次支付未扣款')
      expect(await database.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.state, PAY_STATE.FAILED)))).toHaveLength(1)
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.FAILED)
    })
  })

  describe('ownership and malformed input', () => {
    it("answers another user's order as not found everywhere", async () => {
      const other = await login(test, PHONES.other)
      const theirs = await submittedOrder(test, other)
      expect((await pay(owner, theirs)).json()).toEqual(NOT_FOUND)
      expect((await payState(owner, theirs)).json()).toEqual(NOT_FOUND)
      expect((await payInfo(owner, theirs)).json()).toEqual(NOT_FOUND)
      expect(await paymentRows(theirs)).toEqual([])
    })

    it('answers a missing promotionChannelId or a hostile order id with a 400', async () => {
      const orderId = await submittedOrder(test, owner)
      const noPromotion = await api.malformed(API.payDeposit, { orderId }, { as: owner })
      expect(noPromotion.statusCode).toBe(400)
      expect(envelope(noPromotion).msg).toBe('参数 promotionChannelId 不能为空')
      const hostile = await payInfo(owner, '<script>')
      expect(hostile.statusCode).toBe(400)
    })

    it('answers a wrong token or unknown payment with a 404 page, malformed input with a 400', async () => {
      const orderId = await submittedOrder(test, owner)
      const cashier = cashierOf(data(await pay(owner, orderId)))
      const wrong = await cashierPage(pathOf(SIMULATOR_PATHS.cashier, { paymentId: cashier.paymentId }) + '?token=wrong')
      expect(wrong.statusCode).toBe(404)
      expect(wrong.body).toContain('支付链接无效或已失效')
      expect((await result('P000000000000000000000000', cashier.token, 'success')).statusCode).toBe(404)
      const noToken = await cashierPage(pathOf(SIMULATOR_PATHS.cashier, { paymentId: cashier.paymentId }))
      expect(noToken.statusCode).toBe(400)
      expect(envelope(noToken).msg).toBe('参数 token 不能为空')
      const badOutcome = await result(cashier.paymentId, cashier.token, 'maybe')
      expect(badOutcome.statusCode).toBe(400)
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
    })
  })
})
