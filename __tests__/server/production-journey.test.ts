/**
 * Production, whole: a server started as a deployment starts it (`APP_ENV=production`, every
 * outside party real and pointed at its local stand-in, npm run start:prod's configuration
 * checks passed), through which two people go the whole way over the real adapters:
 * - a WeChat mini-program user logs in with wx.login's code, applies (the risk-control service
 *   asked), pays with WeChat Pay's JSAPI (its signed notification replayed 10 times: one
 *   settlement), the order is handed to the issuer, whose signed notifications move it to 已激活
 *   (a late one moves nothing back), and the deposit goes back through WeChat Pay once;
 * - a bank H5 user logs in with the bank's signed page token, pays with Alipay's wap pay, cancels,
 *   and the money goes back through Alipay once.
 * Embedded database only: on a PostgreSQL server the server would migrate the shared public schema
 * (the two-process test runs on a database of its own).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TokenGrant } from '../../types/api/auth'
import type { PayMethod } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { CANCEL_REASONS } from '../../src/domain/cancel-reason'
import { PAY_STATE } from '../../src/domain/enums'
import { deriveOrderStatus, statusLabel } from '../../src/domain/order'
import type { Config } from '../../server/config'
import { startServer } from '../../server/main'
import type { RunningServer } from '../../server/main'
import { payNotifyPath } from '../../server/payments/cashier'
import { refundIdOf } from '../../server/refunds/refund-queue'
import type { NotificationRequest } from '../../server/payments/vendor'
import { loadProductionConfig } from '../../scripts/start-prod'
import { BANK, tokenCall } from './support/api'
import { apiClient } from './support/api-client'
import { OTHER_PLATE, data, submittedOrder } from './support/orders'
import { startProductionWorld } from './support/production-world'
import type { ProductionWorld } from './support/production-world'
import { FakeClock, LogCapture } from './support/test-app'
import type { TestApp } from './support/test-app'
import { testDriver } from './support/test-database'

const describeEmbedded = testDriver() === 'pglite' ? describe : describe.skip
/** A package of the demo seed (deposit, issuer 3), which production seeds like development. */
const SEEDED_PACKAGE = 'BANK_BASIC'
const REPLAYS = 10
const HAND_OVER_WAIT_MS = 5_000
const POLL_MS = 50

/** The running server, as the order helpers take an app. The SMS gateway is never used here: nobody logs in by SMS. */
function asTestApp(server: RunningServer, config: Config): TestApp {
  return {
    app: server.app,
    clock: new FakeClock(),
    logs: new LogCapture(),
    sms: { sender: { send: async () => undefined, notify: async () => undefined }, outbox: undefined },
    config,
    inject: (request) => server.app.inject(request),
    close: () => server.close(),
  }
}

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + HAND_OVER_WAIT_MS
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

describeEmbedded('production, with every outside party real', () => {
  let world: ProductionWorld
  let server: RunningServer
  let test: TestApp
  let root: string

  beforeAll(async () => {
    world = await startProductionWorld()
    root = mkdtempSync(path.join(os.tmpdir(), 'etc-production-'))
    const h5 = path.join(root, 'h5')
    mkdirSync(h5)
    writeFileSync(path.join(h5, 'index.html'), '<!doctype html><title>ETC</title>')
    // What start:prod checks (PostgreSQL, Redis, the build) passes with these; this process serves
    // the embedded database itself, one process, as startServer does for each worker.
    const env = { ...world.env, DATABASE_URL: 'postgres://etc@db.internal:5432/etc', REDIS_URL: 'redis://cache.internal:6379' }
    const checked = loadProductionConfig(env, h5)
    // Load shedding off: the embedded database runs its queries on this process's event loop (a
    // deployment's PostgreSQL does not), so on a loaded test machine the loop lags past production's
    // threshold and the server rightly answers 503. Shedding itself is tested in operations.test.ts.
    const config: Config = { ...checked, port: 0, host: '127.0.0.1', database: { driver: 'pglite', dataDir: path.join(root, 'pglite') }, redisUrl: undefined, uploadDir: path.join(root, 'uploads'), processes: 1, loadShedEventLoopDelayMs: 0 }
    server = await startServer({ config, staticRoot: h5 })
    test = asTestApp(server, config)
  })
  afterAll(async () => {
    await server?.close()
    await world?.close()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  const post = (url: string, headers: Record<string, string>, body: string) => fetch(`${server.url}${url}`, { method: 'POST', headers, body })
  const deliver = (vendor: 'wechat' | 'alipay', notification: NotificationRequest) => post(payNotifyPath(vendor), notification.headers as Record<string, string>, notification.rawBody)
  const api = apiClient(() => test)
  const pay = (grant: TokenGrant, orderId: string, payMethod: PayMethod) =>
    api.call(API.payDeposit, { orderId, promotionChannelId: BANK.promotionChannelId, payMethod }, { as: grant })
  const detail = async (grant: TokenGrant, orderId: string) => data(await api.call(API.orderDetail, { orderId }, { as: grant }))
  const statusOf = async (grant: TokenGrant, orderId: string) => statusLabel(deriveOrderStatus(await detail(grant, orderId)))
  const occurredAt = () => new Date().toISOString()

  it('needs nothing .env.production.example does not list', () => {
    const listed = new Set(readFileSync(path.join(__dirname, '../../.env.production.example'), 'utf8').match(/^[A-Z][A-Z0-9_]*(?==)/gm))
    expect(Object.keys(world.env).filter((name) => !listed.has(name))).toEqual([])
  })

  it('runs nothing simulated: the simulators’ routes are not there', async () => {
    expect((await fetch(`${server.url}/sim/cashier/P1?token=x`)).status).toBe(404)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  })

  it('a WeChat mini-program user: login, apply, JSAPI pay, issuer to 已激活, deposit back through WeChat Pay', async () => {
    world.wechatApi.addLoginCode('wx-login-1', 'openid-journey-1')
    const person = data<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider: 'wechat', code: 'wx-login-1' }))
    const orderId = await submittedOrder(test, person, { commodityId: SEEDED_PACKAGE })
    expect(world.risk.reviews.filter((review) => review.signatureValid).length).toBeGreaterThan(0)

    const answer = data(await pay(person, orderId, 'wechat'))
    const jsapi = world.wechatPay.requests.filter((request) => request.url.includes('/jsapi')).at(-1)
    expect(jsapi?.signatureValid).toBe(true)
    const paymentId = String((JSON.parse(jsapi?.body ?? '{}') as { out_trade_no?: string }).out_trade_no)
    expect(answer.wechatPay?.package).toBe(`prepay_id=${world.wechatPay.trade(paymentId)?.prepayId}`)

    const notification = world.wechatPay.pay(paymentId)
    const answers = await Promise.all(Array.from({ length: REPLAYS }, () => deliver('wechat', notification)))
    expect(answers.map((response) => response.status)).toEqual(Array(REPLAYS).fill(200))
    expect((await detail(person, orderId)).depositPayState).toBe(PAY_STATE.SUCCESS)

    const held = await until('the hand-over', () => world.issuer.held().find((taken) => taken.order.orderId === orderId))
    expect(world.issuer.held().filter((taken) => taken.order.orderId === orderId)).toHaveLength(1)
    expect(held.order).toMatchObject({ idempotencyKey: orderId, issuerId: 3 })

    const notify = (eventId: string, type: string, extra: object = {}) => world.issuer.notify(server.url, { eventId, orderId, type, occurredAt: occurredAt(), ...extra })
    expect(await notify('E1', 'auditPassed')).toMatchObject({ status: 200, answer: { code: 'SUCCESS', changed: true }, answerSigned: true })
    expect(await statusOf(person, orderId)).toBe('待发货')
    expect(await notify('E2', 'shipped', { waybillNo: 'SF1234567890' })).toMatchObject({ status: 200, answer: { code: 'SUCCESS', changed: true } })
    expect((await detail(person, orderId)).trackingNo).toBe('SF1234567890')
    expect(await notify('E3', 'activated')).toMatchObject({ status: 200, answer: { code: 'SUCCESS', changed: true } })
    expect(await statusOf(person, orderId)).toBe('已激活')
    // Late or repeated news moves nothing back.
    expect(await notify('E1', 'auditPassed')).toMatchObject({ status: 200, answer: { code: 'SUCCESS', changed: false } })
    expect(await notify('E3', 'activated')).toMatchObject({ status: 200, answer: { code: 'SUCCESS', changed: false } })
    expect(await statusOf(person, orderId)).toBe('已激活')

    // The deposit goes back through WeChat Pay, once.
    const refund = await until('the deposit refund', () => world.wechatPay.refund(refundIdOf(paymentId)))
    expect(refund).toMatchObject({ paymentId, amountCents: world.wechatPay.trade(paymentId)?.totalCents })
    expect(world.wechatPay.requests.filter((request) => request.url.includes('/refund')).length).toBe(1)
    expect((await deliver('wechat', world.wechatPay.refundNotification(refund.refundId, 'SUCCESS'))).status).toBe(200)
  })

  it('a bank H5 user: page token login, Alipay wap pay, cancel, money back through Alipay once', async () => {
    const person = data<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: await world.bankPageToken('bank-journey-1') }))
    const orderId = await submittedOrder(test, person, { commodityId: SEEDED_PACKAGE, plateNumber: OTHER_PLATE })
    const { cashierUrl } = data(await pay(person, orderId, 'h5'))
    const page = world.alipay.readCashierUrl(cashierUrl ?? '')
    expect(page.signatureValid).toBe(true)
    const trade = world.alipay.openCashier(cashierUrl ?? '')
    const paid = await deliver('alipay', world.alipay.pay(trade.paymentId))
    expect([paid.status, await paid.text()]).toEqual([200, 'success'])
    expect((await detail(person, orderId)).depositPayState).toBe(PAY_STATE.SUCCESS)

    const cancelled = await api.call(API.cancelOrder, { orderId, reason: CANCEL_REASONS[0] }, { as: person })
    expect(cancelled.json<{ code: number }>().code).toBe(200)
    const refunds = world.alipay.requests.filter((request) => request.method === 'alipay.trade.refund' && request.bizContent.out_trade_no === trade.paymentId)
    expect(refunds).toEqual([expect.objectContaining({ bizContent: expect.objectContaining({ out_request_no: refundIdOf(trade.paymentId) }) })])
    expect(await statusOf(person, orderId)).toBe('已取消')
  })
})
