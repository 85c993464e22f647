/**
 * Running the server for real people: Prometheus metrics (who may read them, what they count:
 * requests by route pattern, the payment providers' calls, payments in progress, refunds and the
 * issuer outbox's lag) and load shedding (503 with Retry-After while the event loop lags; the
 * probes still answer).
 */
import type { Envelope } from '../../types/api/envelope'
import { METRICS_PATH, createMetrics } from '../../server/http/metrics'
import { instrumentVendor } from '../../server/payments/vendor-metrics'
import { SHED_RETRY_AFTER_S } from '../../server/http/load-shedding'
import { VendorError } from '../../server/payments/vendor'
import type { PaymentVendor } from '../../server/payments/vendor'
import { API } from '../../types/api/paths'
import { apiClient } from './support/api-client'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

const STRANGER = '203.0.113.9'

describe('the payment providers’ calls in the metrics', () => {
  it('counts each call by vendor, operation and outcome, and times it', async () => {
    const metrics = createMetrics()
    const failures = [new VendorError('alipay', 'ACQ.SYSTEM_ERROR', 'busy', true), new VendorError('alipay', 'isv.invalid-signature', 'bad key', false)]
    const vendor: PaymentVendor = {
      name: 'alipay',
      methods: ['alipay'],
      start: async () => ({ alipayTradeNo: 'T1' }),
      query: async () => {
        const failure = failures.shift()
        if (failure) throw failure
        return { state: 'absent' }
      },
      close: async () => 'closed',
      refund: async () => 'succeeded',
      readNotification: async () => undefined,
      answer: () => ({ status: 200, contentType: 'text/plain', body: 'success' }),
    }
    const measured = instrumentVendor(vendor, metrics)
    await measured.start('alipay', { paymentId: 'P1', amountCents: 1, description: 'd', expiresAt: new Date(), payer: { clientIp: '127.0.0.1' }, issuedAt: new Date(), nonce: 'n' })
    await expect(measured.query('P1')).rejects.toThrow('busy')
    await expect(measured.query('P1')).rejects.toThrow('bad key')
    await expect(measured.query('P1')).resolves.toEqual({ state: 'absent' })
    const text = await metrics.registry.metrics()
    expect(text).toContain('payment_vendor_calls_total{vendor="alipay",operation="start",outcome="ok"} 1')
    expect(text).toContain('payment_vendor_calls_total{vendor="alipay",operation="query",outcome="retryable"} 1')
    expect(text).toContain('payment_vendor_calls_total{vendor="alipay",operation="query",outcome="refused"} 1')
    expect(text).toContain('payment_vendor_calls_total{vendor="alipay",operation="query",outcome="ok"} 1')
    expect(text).toContain('payment_vendor_call_duration_seconds_count{vendor="alipay",operation="query"} 3')
  })
})

describeDb('operations', () => {
  let database: TestDatabase
  const apps: TestApp[] = []
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()))
  })
  afterAll(async () => database.dispose())

  const app = async (options: Parameters<typeof createTestApp>[1] = {}): Promise<TestApp> => {
    const test = await createTestApp(database.db, options)
    apps.push(test)
    return test
  }

  it('serves the metrics to this machine only, counting requests by route pattern, with the business gauges', async () => {
    const test = await app()
    await test.inject({ method: 'GET', url: '/order/v1/bank/orders/user/h5/handleOrders/ORDER-123' })
    const scraped = await test.inject({ method: 'GET', url: METRICS_PATH })
    expect(scraped.statusCode).toBe(200)
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/)
    const pattern = API.orderDetail.path.replace(/\{(\w+)\}/g, ':$1')
    expect(scraped.body).toContain(`http_requests_total{method="GET",route="${pattern}",status="401"} 1`)
    expect(scraped.body).not.toContain('ORDER-123')
    for (const gauge of ['payments_in_progress 0', 'payment_refunds{state="waiting"} 0', 'payment_refunds{state="failed"} 0', 'issuer_outbox_lag_seconds 0']) {
      expect(scraped.body).toContain(gauge)
    }
    expect((await test.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: STRANGER })).statusCode).toBe(404)
  })

  it('serves them to the bearer of METRICS_TOKEN only, once one is configured', async () => {
    const test = await app({ config: { metricsToken: 'metrics-token-0123456789' } })
    expect((await test.inject({ method: 'GET', url: METRICS_PATH })).statusCode).toBe(404)
    expect((await test.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(404)
    const allowed = await test.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: STRANGER, headers: { authorization: 'Bearer metrics-token-0123456789' } })
    expect(allowed.statusCode).toBe(200)
  })

  it('sheds requests with 503 and Retry-After while the event loop lags, and the probes still answer', async () => {
    const test = await app({ config: { loadShedEventLoopDelayMs: 50 } })
    await test.app.ready()
    // Block the loop for longer than a sampling interval (1 s): the sample due meanwhile is taken
    // as soon as the loop is free, and sees the lag (the one after it, a second later, would not).
    const until = Date.now() + 1500
    while (Date.now() < until) {
      // busy: the lag under-pressure measures
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    const shed = await apiClient(test).call(API.regions)
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_S))
    expect(shed.json<Envelope<null>>()).toEqual({ code: 500, msg: '服务器繁忙，请稍后重试', data: null })
    expect((await test.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })
})
