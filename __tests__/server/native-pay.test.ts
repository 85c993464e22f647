/**
 * Paying in the mini-programs: payDeposit answers what each pay method needs (the cashier page
 * for h5, WeChat Pay's requestPayment parameters, Alipay's trade number), and the simulated
 * platforms' notification settles the payment once, as the cashier page's form does; never in
 * production.
 */
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { PayMethod, WechatPayParams } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { PAY_STATE } from '../../src/domain/enums'
import { orderEvents, payments } from '../../server/db/schema'
import { createSimulatedCashier, PLACEHOLDER_WECHAT_MINI_APP_ID } from '../../server/payments/cashier'
import type { Cashier, IssuedPayment } from '../../server/payments/cashier'
import { NATIVE_PAY_NOTIFY_PATH } from '../../server/simulators/native-pay'
import { SIM_OPERATOR_HEADER } from '../../server/simulators/operator-secret'
import { BANK, envelope, pathOf } from './support/api'
import { apiClient } from './support/api-client'
import { data, FIXTURE, orderRow, orderWorld, submittedOrder } from './support/orders'
import { realOutsidePartyStubs, webOnlyCashier } from './support/outside-party-stubs'
import { createTestApp, TEST_SIM_OPERATOR_SECRET } from './support/test-app'
import type { TestApp } from './support/test-app'
import { suiteOf } from './support/app-world'
import { describeDb } from './support/test-database'

const SECRET_HEX = 'ab'.repeat(32)

describe('the simulated cashier’s WeChat Pay parameters', () => {
  const payment: IssuedPayment = {
    orderId: 'order-1',
    paymentId: 'P0123456789abcdef01234567',
    token: 't',
    amountCents: 2990,
    description: 'ETC申办 京A12345',
    expiresAt: new Date('2026-03-01T08:15:00.000Z'),
    payer: { clientIp: '127.0.0.1' },
    issuedAt: new Date('2026-03-01T08:00:00.500Z'),
    nonce: '0123456789abcdef0123456789abcdef',
  }

  /** The simulated cashier's WeChat Pay parameters for `payment`. */
  const wechatPayOf = async (cashier: Cashier) => {
    const params = await cashier.start('wechat', payment)
    if (!('wechatPay' in params)) throw new Error('no WeChat Pay parameters')
    return params.wechatPay
  }

  it('names the payment as the prepay id and signs appId, timeStamp, nonceStr and package with a key derived from the server secret', async () => {
    const cashier = createSimulatedCashier(() => 'https://etc.example.com', { signingSecretHex: SECRET_HEX })
    const params = await wechatPayOf(cashier)
    const key = createHmac('sha256', Buffer.from(SECRET_HEX, 'hex')).update('wechat-pay-sign').digest()
    const message = `${PLACEHOLDER_WECHAT_MINI_APP_ID}\n1772352000\n${payment.nonce}\nprepay_id=${payment.paymentId}\n`
    expect(params).toEqual({
      timeStamp: '1772352000',
      nonceStr: payment.nonce,
      package: `prepay_id=${payment.paymentId}`,
      signType: 'RSA',
      paySign: createHmac('sha256', key).update(message).digest('base64'),
    })
    // Another server secret, another signature.
    const other = createSimulatedCashier(() => 'https://etc.example.com', { signingSecretHex: 'cd'.repeat(32) })
    expect((await wechatPayOf(other)).paySign).not.toBe(params.paySign)
  })

  it('names the payment as Alipay’s trade number', async () => {
    await expect(createSimulatedCashier(() => 'https://etc.example.com').start('alipay', payment)).resolves.toEqual({ alipayTradeNo: payment.paymentId })
  })
})

describeDb('paying in the mini-programs', () => {
  const world = orderWorld()
  const { database, test, grant: owner, api } = suiteOf(world)

  const pay = (orderId: string, payMethod?: PayMethod, app: TestApp = test) =>
    apiClient(app).call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, ...(payMethod === undefined ? {} : { payMethod }) }, { as: owner })
  const payState = async (orderId: string) => data(await api.call(API.payState, { orderId }, { as: owner })).depositPayState
  /** The platform's notification, played by this machine's operator (as `npm run sim` and the mini-program suites do). */
  const notify = (paymentId: string, body: object, app: TestApp = test, headers: Record<string, string> = { [SIM_OPERATOR_HEADER]: TEST_SIM_OPERATOR_SECRET }) =>
    app.inject({ method: 'POST', url: pathOf(NATIVE_PAY_NOTIFY_PATH, { paymentId }), payload: body, headers })
  const paymentRows = (orderId: string) => database.db.select().from(payments).where(eq(payments.orderId, orderId))
  const eventKinds = async (orderId: string) =>
    (await database.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((row) => row.kind)
  const prepayId = (params: WechatPayParams | undefined): string => {
    const id = /^prepay_id=(P[0-9a-f]{24})$/.exec(params?.package ?? '')?.[1]
    if (!id) throw new Error(`Unexpected package ${params?.package}`)
    return id
  }

  describe('what each pay method answers', () => {
    it('answers the cashier page for h5, and for a request without payMethod (older clients)', async () => {
      const orderId = await submittedOrder(test, owner)
      for (const method of ['h5', undefined] as const) {
        const answer = data(await pay(orderId, method))
        expect(Object.keys(answer).sort()).toEqual(['cashierUrl', 'depositPayState', 'orderId'])
        expect(answer.cashierUrl?.startsWith(`${test.config.publicBaseUrl}/sim/cashier/P`)).toBe(true)
      }
    })

    it('answers WeChat Pay’s requestPayment parameters for wechat, naming the payment row', async () => {
      const orderId = await submittedOrder(test, owner)
      const answer = data(await pay(orderId, 'wechat'))
      expect(answer).toEqual({
        orderId,
        depositPayState: PAY_STATE.PAYING,
        wechatPay: {
          timeStamp: String(Math.floor(test.clock.now().getTime() / 1000)),
          nonceStr: expect.stringMatching(/^[0-9a-f]{32}$/),
          package: expect.stringMatching(/^prepay_id=P[0-9a-f]{24}$/),
          signType: 'RSA',
          paySign: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
        },
      })
      const [row] = await paymentRows(orderId)
      expect(row).toMatchObject({ id: prepayId(answer.wechatPay), state: PAY_STATE.PAYING, amountCents: FIXTURE.paidPriceCents })
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
      // Asking again keeps the payment, with a fresh nonce and signature.
      const again = data(await pay(orderId, 'wechat'))
      expect(prepayId(again.wechatPay)).toBe(row?.id)
      expect(again.wechatPay?.nonceStr).not.toBe(answer.wechatPay?.nonceStr)
      expect(again.wechatPay?.paySign).not.toBe(answer.wechatPay?.paySign)
      expect(await paymentRows(orderId)).toHaveLength(1)
    })

    it('answers Alipay’s trade number for alipay: the payment id', async () => {
      const orderId = await submittedOrder(test, owner)
      const answer = data(await pay(orderId, 'alipay'))
      const [row] = await paymentRows(orderId)
      expect(answer).toEqual({ orderId, depositPayState: PAY_STATE.PAYING, alipayTradeNo: row?.id })
    })

    it('answers a paid order with state 5 and nothing to pay with, whatever the method', async () => {
      const orderId = await submittedOrder(test, owner)
      const tradeNo = data(await pay(orderId, 'alipay')).alipayTradeNo ?? ''
      expect(data(await notify(tradeNo, { method: 'alipay', outcome: 'success' }))).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      for (const method of ['h5', 'wechat', 'alipay'] as const) {
        expect(data(await pay(orderId, method))).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      }
    })

    it('refuses an unknown pay method with a 400 in Chinese, starting nothing', async () => {
      const orderId = await submittedOrder(test, owner)
      const response = await api.malformed(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, payMethod: 'unionpay' }, { as: owner })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toMatch(/^参数 payMethod /)
      expect(envelope(response).msg).toMatch(/[\u4e00-\u9fa5]/)
      expect(await paymentRows(orderId)).toEqual([])
    })

    it('refuses a method the cashier does not offer, starting nothing', async () => {
      const orderId = await submittedOrder(test, owner)
      const webOnly = await createTestApp(database.db, { cashier: webOnlyCashier() })
      try {
        for (const method of ['wechat', 'alipay'] as const) {
          expect((await pay(orderId, method, webOnly)).json()).toEqual({ code: 2003, msg: '当前支付方式暂不可用，请稍后重试', data: null })
        }
        expect(await paymentRows(orderId)).toEqual([])
        expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.AWAITING_PAYMENT)
      } finally {
        await webOnly.close()
      }
    })
  })

  describe('the simulated platforms’ notification', () => {
    it('settles a WeChat payment on success: state 5, payment row, timeline, once', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      test.clock.advance(30_000)
      const settled = await notify(paymentId, { method: 'wechat', outcome: 'success' })
      expect(settled.statusCode).toBe(200)
      expect(data(settled)).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      const paidAt = test.clock.now()
      expect(await orderRow(database.db, orderId)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS, paidAt })
      expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ state: PAY_STATE.SUCCESS, completedAt: paidAt })])
      expect(await payState(orderId)).toBe(PAY_STATE.SUCCESS)
      for (const outcome of ['success', 'fail']) {
        const again = await notify(paymentId, { method: 'wechat', outcome })
        expect(again.statusCode).toBe(409)
        expect(envelope(again)).toEqual({ code: 2003, msg: '该笔支付已处理，请勿重复提交', data: null })
      }
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paid', 'issuerReceived'])
    })

    it('records an Alipay failure (state 4) and lets the user pay again with a new payment', async () => {
      const orderId = await submittedOrder(test, owner)
      const first = data(await pay(orderId, 'alipay')).alipayTradeNo ?? ''
      expect(data(await notify(first, { method: 'alipay', outcome: 'fail' }))).toEqual({ orderId, depositPayState: PAY_STATE.FAILED })
      expect(await payState(orderId)).toBe(PAY_STATE.FAILED)
      const retry = data(await pay(orderId, 'alipay')).alipayTradeNo ?? ''
      expect(retry).not.toBe(first)
      expect(data(await notify(retry, { method: 'alipay', outcome: 'success' }))).toEqual({ orderId, depositPayState: PAY_STATE.SUCCESS })
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paymentFailed', 'paid', 'issuerReceived'])
    })

    it('settles one of two simultaneous notifications', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      const body = { method: 'wechat', outcome: 'success' }
      const answers = await Promise.all([notify(paymentId, body), notify(paymentId, body)])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(await eventKinds(orderId)).toEqual(['applied', 'submitted', 'paid', 'issuerReceived'])
    })

    it('refuses an unknown payment with a 404, malformed input with a 400, settling nothing', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      const unknown = await notify('P000000000000000000000000', { method: 'wechat', outcome: 'success' })
      expect(unknown.statusCode).toBe(404)
      expect(envelope(unknown).msg).toBe('支付单不存在')
      for (const body of [{ method: 'wechat', outcome: 'maybe' }, { method: 'unionpay', outcome: 'success' }, { outcome: 'success' }]) {
        expect((await notify(paymentId, body)).statusCode).toBe(400)
      }
      expect((await notify('<script>', { method: 'wechat', outcome: 'success' })).statusCode).toBe(400)
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
    })

    it('does not charge a cancelled order', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      data(await api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: owner }))
      const late = await notify(paymentId, { method: 'wechat', outcome: 'success' })
      expect(late.statusCode).toBe(409)
      expect(envelope(late).msg).toBe('订单已取消，本次支付未扣款')
      expect(await eventKinds(orderId)).not.toContain('paid')
    })

    it('settles nothing for anyone but the local operator: a payment id alone (it is in every cashier address) is not enough', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      const strangers: Record<string, string>[] = [{}, { [SIM_OPERATOR_HEADER]: 'not-the-operator-secret-at-all' }]
      for (const headers of strangers) {
        expect((await notify(paymentId, { method: 'wechat', outcome: 'success' }, test, headers)).statusCode).toBe(404)
      }
      expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
    })

    it('is not served in production, nor beside a real cashier', async () => {
      const orderId = await submittedOrder(test, owner)
      const paymentId = prepayId(data(await pay(orderId, 'wechat')).wechatPay)
      const production = await createTestApp(database.db, { config: { production: true, smsSimulator: false }, ...realOutsidePartyStubs() })
      const staging = await createTestApp(database.db, { cashier: realOutsidePartyStubs().cashier })
      try {
        for (const app of [production, staging]) {
          expect((await notify(paymentId, { method: 'wechat', outcome: 'success' }, app)).statusCode).toBe(404)
        }
        expect(production.app.printRoutes()).not.toContain('sim')
        expect(staging.app.printRoutes()).not.toContain('cashier')
        expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.PAYING)
      } finally {
        await production.close()
        await staging.close()
      }
    })
  })
})
