/**
 * The server with real merchant accounts (CASHIER_PROVIDER=vendors), read from the environment as
 * a deployment sets it, and the real WeChat Pay and Alipay adapters talking over HTTP to local
 * stand-ins that speak the vendors' protocols (each checks our signatures and signs its answers
 * and notifications with its own key):
 * - a WeChat mini-program user pays with JSAPI: the stand-in's notification settles the order;
 * - a browser pays with Alipay's wap pay, returning to the order's pay result page; the order is
 *   cancelled and the money goes back through Alipay once;
 * - a notification that never came is recovered by a query; an abandoned WeChat trade is closed;
 * - the configuration names every missing setting; production refuses the simulated cashier and
 *   accepts these accounts.
 */
import { eq } from 'drizzle-orm'
import type { TokenGrant } from '../../types/api/auth'
import type { PayDepositResponse, PayMethod } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { CANCEL_REASONS } from '../../src/domain/cancel-reason'
import { PAY_STATE } from '../../src/domain/enums'
import { loadConfig } from '../../server/config'
import type { Config } from '../../server/config'
import { paymentRefunds, payments, users } from '../../server/db/schema'
import { payNotifyPath } from '../../server/payments/cashier'
import type { Cashier } from '../../server/payments/cashier'
import { createConfiguredCashier } from '../../server/payments/configured-cashier'
import { REFUND_STATE, refundIdOf } from '../../server/refunds/refund-queue'
import { PENDING_QUERY_AFTER_MS, runPaymentUpkeep } from '../../server/payments/upkeep'
import type { NotificationRequest } from '../../server/payments/vendor'
import { cryptoRandom } from '../../server/runtime/random'
import { createSimulatedIssuer } from '../../server/simulators/issuer'
import { BANK, envelope, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import { startAlipayStandIn } from './support/alipay-standin'
import { merchantAccountsEnv } from './support/merchant-env'
import type { AlipayStandIn } from './support/alipay-standin'
import { OTHER_PLATE, data, orderRow, seedOrderFixtures, submittedOrder } from './support/orders'
import { FakeClock, createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { TEST_DATA_KEY_HEX } from './support/test-keys'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'
import { startWechatPayStandIn } from './support/wechat-pay-standin'
import type { WechatPayStandIn } from './support/wechat-pay-standin'
import { configProblems } from './support/config-problems'

const PUBLIC_BASE_URL = 'https://etc.example.com'
const MINUTE_MS = 60_000

/** The environment of a deployment paying through both stand-ins. */
function vendorEnvironment(wechat: WechatPayStandIn, alipay: AlipayStandIn): Record<string, string> {
  return { APP_ENV: 'development', DATA_KEY_HEX: TEST_DATA_KEY_HEX, PUBLIC_BASE_URL, ...merchantAccountsEnv(wechat, alipay) }
}

describe('the payment accounts in the configuration', () => {
  it('names every missing setting of an account, and needs at least one account', () => {
    const refusal = (env: Record<string, string>) => configProblems(() => loadConfig({ APP_ENV: 'development', CASHIER_PROVIDER: 'vendors', ...env }, '/tmp/etc-apply-test'))
    expect(refusal({})).toContain('CASHIER_PROVIDER=vendors needs a WeChat Pay (WECHAT_PAY_MCH_ID, …) or an Alipay (ALIPAY_APP_ID, …) account')
    expect(refusal({ WECHAT_PAY_MCH_ID: '1900000001' })).toEqual(
      expect.arrayContaining([
        'WECHAT_PAY_API_V3_KEY must be set (or WECHAT_PAY_API_V3_KEY_FILE, a file holding it)',
        'WECHAT_PAY_APP_ID must be set',
        'WECHAT_PAY_MERCHANT_SERIAL must be set',
        'WECHAT_PAY_PRIVATE_KEY must be set (or WECHAT_PAY_PRIVATE_KEY_FILE, a file holding it)',
        'WECHAT_PAY_PUBLIC_KEY_ID must be set',
        'WECHAT_PAY_PUBLIC_KEY must be set (or WECHAT_PAY_PUBLIC_KEY_FILE, a file holding it)',
      ]),
    )
    expect(refusal({ ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'not a key', ALIPAY_PUBLIC_KEY_FILE: '/nonexistent/alipay.pem' })).toEqual(
      expect.arrayContaining(['ALIPAY_PRIVATE_KEY must be a PEM key (-----BEGIN … KEY-----)', 'ALIPAY_PUBLIC_KEY_FILE names a file that cannot be read']),
    )
    expect(refusal({ CASHIER_PROVIDER: 'paypal' })).toContain('CASHIER_PROVIDER must be "simulated" or "vendors"')
  })

  it('refuses the simulated cashier in production, and takes the accounts', async () => {
    const [wechat, alipay] = await Promise.all([startWechatPayStandIn(), startAlipayStandIn()])
    try {
      const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, '/tmp/etc-apply-test'))
      const production = { ...vendorEnvironment(wechat, alipay), APP_ENV: 'production' }
      expect(problemsOf(production).filter((problem) => problem.startsWith('CASHIER_PROVIDER'))).toEqual([])
      expect(problemsOf({ ...production, CASHIER_PROVIDER: 'simulated' })).toContain('CASHIER_PROVIDER=simulated is refused in production: set CASHIER_PROVIDER=vendors')
    } finally {
      await Promise.all([wechat.close(), alipay.close()])
    }
  })
})

describeDb('paying through the vendors’ stand-ins', () => {
  let wechat: WechatPayStandIn
  let alipay: AlipayStandIn
  let config: Config
  let database: TestDatabase
  let test: TestApp
  let cashier: Cashier

  beforeAll(async () => {
    ;[wechat, alipay, database] = await Promise.all([startWechatPayStandIn(), startAlipayStandIn(), openTestDatabase()])
    config = loadConfig(vendorEnvironment(wechat, alipay), '/tmp/etc-apply-test')
  })
  afterAll(async () => {
    await Promise.all([wechat.close(), alipay.close(), database.dispose()])
  })
  beforeEach(async () => {
    await database.reset()
    await seedOrderFixtures(database.db)
    cashier = createConfiguredCashier(config, () => PUBLIC_BASE_URL)
    // The vendors check their signatures' times against the real clock.
    const clock = new FakeClock(new Date())
    test = await createTestApp(database.db, { config: { outsideParties: config.outsideParties, payments: config.payments, publicBaseUrl: PUBLIC_BASE_URL }, cashier, clock })
  })
  afterEach(async () => test.close())

  /** A person logged in through a platform's authorisation (their id there is what its payment needs). */
  const platformUser = async (provider: 'wechat' | 'alipay', code: string): Promise<TokenGrant> =>
    data<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider, code }))
  const api = apiClient(() => test)
  const pay = (grant: TokenGrant, orderId: string, payMethod: PayMethod) =>
    api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, payMethod }, { as: grant })
  const deliver = (vendor: 'wechat' | 'alipay', notification: NotificationRequest) =>
    test.inject({ method: 'POST', url: payNotifyPath(vendor), headers: notification.headers as Record<string, string>, payload: notification.rawBody })
  const upkeep = () => runPaymentUpkeep({ db: database.db, clock: test.clock, random: cryptoRandom, cashier, issuer: createSimulatedIssuer(), log: test.app.log })
  const paymentOf = async (orderId: string) => {
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt)
    if (!payment) throw new Error('no payment')
    return payment
  }

  it('a WeChat mini-program user pays with JSAPI: the stand-in’s signed notification settles the order once', async () => {
    const person = await platformUser('wechat', 'sim-dave')
    const [account] = await database.db.select().from(users).where(eq(users.uid, person.uid))
    const orderId = await submittedOrder(test, person)
    const answer = data<PayDepositResponse>(await pay(person, orderId, 'wechat'))
    const payment = await paymentOf(orderId)
    const trade = wechat.trade(payment.id)
    expect(trade).toMatchObject({ tradeType: 'JSAPI', totalCents: payment.amountCents })
    expect(trade?.order).toMatchObject({ payer: { openid: account?.externalId }, notify_url: `${PUBLIC_BASE_URL}/pay/v1/notify/wechat` })
    expect(answer.wechatPay).toMatchObject({ package: `prepay_id=${trade?.prepayId}`, signType: 'RSA' })

    const notification = wechat.pay(payment.id)
    for (let replay = 0; replay < 3; replay += 1) expect((await deliver('wechat', notification)).statusCode).toBe(200)
    expect(await paymentOf(orderId)).toMatchObject({ state: PAY_STATE.SUCCESS, provider: 'wechat', vendorTradeNo: wechat.trade(payment.id)?.transactionId })
    expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.SUCCESS)
    // A forged copy is refused.
    const forged = await deliver('wechat', { ...notification, rawBody: notification.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') })
    expect(forged.statusCode).toBe(500)
  })

  it('a browser pays with Alipay’s wap pay and comes back to its order; cancelled, the money goes back once', async () => {
    const person = await platformUser('alipay', 'sim-erin')
    const orderId = await submittedOrder(test, person)
    const { cashierUrl } = data<PayDepositResponse>(await pay(person, orderId, 'h5'))
    const page = alipay.readCashierUrl(cashierUrl ?? '')
    expect(page.signatureValid).toBe(true)
    expect(page.params.return_url).toBe(`${PUBLIC_BASE_URL}/#/apply/payResult?orderId=${orderId}`)
    const payment = await paymentOf(orderId)
    alipay.openCashier(cashierUrl ?? '')
    const paid = await deliver('alipay', alipay.pay(payment.id))
    expect([paid.statusCode, paid.body]).toEqual([200, 'success'])
    expect((await orderRow(database.db, orderId)).depositPayState).toBe(PAY_STATE.SUCCESS)

    const cancelled = await api.call(API.cancelOrder, { orderId, reason: CANCEL_REASONS[0] }, { as: person })
    expect(envelope(cancelled).code).toBe(200)
    await upkeep()
    await upkeep()
    const refunds = alipay.requests.filter((request) => request.method === 'alipay.trade.refund')
    expect(refunds).toEqual([expect.objectContaining({ bizContent: expect.objectContaining({ out_request_no: refundIdOf(payment.id), refund_amount: expect.any(String) }) })])
    expect(alipay.trade(payment.id)?.status).toBe('TRADE_CLOSED')
    const [refund] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))
    expect(refund).toMatchObject({ state: REFUND_STATE.SUCCEEDED, amountCents: payment.amountCents })
  })

  it('recovers a notification that never came by a query, and closes a WeChat trade replaced by an Alipay one', async () => {
    const person = await platformUser('alipay', 'sim-frank')
    const orderId = await submittedOrder(test, person)
    data<PayDepositResponse>(await pay(person, orderId, 'alipay'))
    const payment = await paymentOf(orderId)
    alipay.pay(payment.id)
    test.clock.advance(PENDING_QUERY_AFTER_MS)
    expect(await upkeep()).toMatchObject({ recovered: 1 })
    expect(await orderRow(database.db, orderId)).toMatchObject({ depositPayState: PAY_STATE.SUCCESS })

    const wechatPerson = await platformUser('wechat', 'sim-grace')
    const second = await submittedOrder(test, wechatPerson, { plateNumber: OTHER_PLATE })
    data<PayDepositResponse>(await pay(wechatPerson, second, 'wechat'))
    const abandoned = await paymentOf(second)
    await database.db.update(users).set({ aliUid: '2088000000000001' }).where(eq(users.uid, wechatPerson.uid))
    data<PayDepositResponse>(await pay(wechatPerson, second, 'alipay'))
    test.clock.advance(MINUTE_MS)
    expect(await upkeep()).toMatchObject({ closed: 1 })
    expect(wechat.trade(abandoned.id)?.state).toBe('CLOSED')
  })
})
