/**
 * Prometheus metrics (prom-client) at GET /metrics, one registry per app (tests build many):
 * - requests: count and duration by method, route pattern (never the filled path: ids would make
 *   a series per order) and status;
 * - payment providers' calls: count by vendor, operation and outcome (ok, or the error code's
 *   class: retryable / refused), and their duration (the cashier's vendors are wrapped:
 *   instrumentVendor, server/payments/vendor-metrics.ts), and the same of the issuer's and the
 *   risk-control service's signed calls;
 * - read at each scrape: payments in progress, refunds waiting or failed, and the issuer outbox's
 *   lag (the age of its oldest hand-over not yet delivered).
 * A scrape needs METRICS_TOKEN as a bearer token; without one configured, only this machine's
 * loopback may read (a sidecar or a local agent), since the numbers describe the business.
 */
import { timingSafeEqual } from 'node:crypto'
import { count, eq, isNull, min } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { SECOND_MS } from '../../src/domain/constants'
import { PAY_STATE } from '../../src/domain/enums'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { issuerOutbox, paymentRefunds, payments } from '../db/schema'
import { ApiError } from './envelope'
import { REFUND_STATE } from '../refunds/refund-queue'

export const METRICS_PATH = '/metrics'
const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
/** Refunds waiting for delivery: queued, or processing at the provider. */
const WAITING_REFUND_STATES = [REFUND_STATE.QUEUED, REFUND_STATE.PROCESSING]

export interface AppMetrics {
  readonly registry: Registry
  readonly requests: Counter<'method' | 'route' | 'status'>
  readonly requestSeconds: Histogram<'method' | 'route'>
  readonly vendorCalls: Counter<'vendor' | 'operation' | 'outcome'>
  readonly vendorSeconds: Histogram<'vendor' | 'operation'>
  /** Calls to the partners whose protocol is ours (server/partners/signed-call.ts): the issuer, the risk-control service. */
  readonly partnerCalls: Counter<'partner' | 'outcome'>
  readonly partnerSeconds: Histogram<'partner'>
}

export function createMetrics(): AppMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    requests: new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    requestSeconds: new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request', labelNames: ['method', 'route'], registers: [registry] }),
    vendorCalls: new Counter({
      name: 'payment_vendor_calls_total',
      help: 'Calls to the payment providers, by outcome: ok, retryable or refused',
      labelNames: ['vendor', 'operation', 'outcome'],
      registers: [registry],
    }),
    vendorSeconds: new Histogram({ name: 'payment_vendor_call_duration_seconds', help: 'Time a payment provider took to answer', labelNames: ['vendor', 'operation'], registers: [registry] }),
    partnerCalls: new Counter({ name: 'partner_calls_total', help: 'Signed calls to the issuer and the risk-control service, by outcome: ok or failed', labelNames: ['partner', 'outcome'], registers: [registry] }),
    partnerSeconds: new Histogram({ name: 'partner_call_duration_seconds', help: 'Time the issuer or the risk-control service took to answer', labelNames: ['partner'], registers: [registry] }),
  }
}

/** The business gauges, read from the database at each scrape. */
function registerBusinessGauges(metrics: AppMetrics, db: Db, clock: Clock): void {
  const { registry } = metrics
  new Gauge({
    name: 'payments_in_progress',
    help: 'Payments started and not settled',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ total: count() }).from(payments).where(eq(payments.state, PAY_STATE.PAYING))
      this.set(row?.total ?? 0)
    },
  })
  new Gauge({
    name: 'payment_refunds',
    help: 'Refunds waiting for their provider, and refunds that failed for good (a person must act)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await db.select({ state: paymentRefunds.state, total: count() }).from(paymentRefunds).groupBy(paymentRefunds.state)
      const total = (states: readonly number[]) => rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.total, 0)
      this.set({ state: 'waiting' }, total(WAITING_REFUND_STATES))
      this.set({ state: 'failed' }, total([REFUND_STATE.FAILED]))
    },
  })
  new Gauge({
    name: 'issuer_outbox_lag_seconds',
    help: 'Age of the oldest hand-over to an issuer not yet delivered (0: none waiting)',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ oldest: min(issuerOutbox.createdAt) }).from(issuerOutbox).where(isNull(issuerOutbox.deliveredAt))
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined
      this.set(oldest === undefined ? 0 : Math.max(0, (clock.now().getTime() - oldest) / SECOND_MS))
    },
  })
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Counts every answer, and serves the registry at METRICS_PATH to whoever may read it. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, options: { readonly db: Db; readonly clock: Clock; readonly token: string | undefined }): void {
  registerBusinessGauges(metrics, options.db, options.clock)
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const labels = { method: request.method, route }
    metrics.requests.inc({ ...labels, status: String(reply.statusCode) })
    metrics.requestSeconds.observe(labels, reply.elapsedTime / SECOND_MS)
  })
  app.get(METRICS_PATH, { config: { public: true, rateLimit: false as const } }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const allowed = options.token === undefined ? LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '') : bearer !== undefined && sameToken(bearer, options.token)
    if (!allowed) throw ApiError.notFound()
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}
