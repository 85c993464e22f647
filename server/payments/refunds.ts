/**
 * Money going back to a payer, through an outbox (payment_refunds), like the issuer hand-over:
 * - a refund is queued (server/refunds/refund-queue.ts) in the transaction that decides it (a paid order cancelled, a deposit
 *   returned after activation, money a provider took for a payment abandoned meanwhile), one per
 *   payment and always in full, so deciding it again (a replayed notification) queues nothing;
 *   the payment's refunded_at says when it was decided (what the order's page shows);
 * - the request that decided it hands it over at once (refundNow: a cancel, the issuer's
 *   activation), and the upkeep job (server/payments/upkeep.ts) delivers whatever is still due
 *   after a failure or a restart: each try claims its row under a lease first (FOR UPDATE SKIP
 *   LOCKED), calls the provider outside any transaction with the same refund number every time
 *   (the providers answer a repeat with the refund they already have), and records the outcome;
 *   a refund the simulator's payment needs is done at once;
 * - a refund the provider accepted but has not finished (processing) is asked again later, or
 *   finished by the provider's notification (recordRefundOutcome); a provider's refusal that a
 *   retry cannot mend marks it failed, for a person (logged at error).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { MINUTE_MS } from '../../src/domain/constants'
import type { Db } from '../db/database'
import { paymentRefunds, payments } from '../db/schema'
import { retryDelayMs } from '../orders/issuer-outbox'
import { REFUND_STATE } from '../refunds/refund-queue'
import type { RefundState } from '../refunds/refund-queue'
import type { Clock } from '../runtime/clock'
import { SIMULATOR_PROVIDER } from './cashier'
import type { Cashier } from './cashier'
import { VendorError, isVendorName } from './vendor'
import type { VendorName } from './vendor'

/** How long a claimed try holds its row: a process that dies mid-try frees it after this. */
const REFUND_LEASE_MS = MINUTE_MS
/** When a refund the provider is still processing is asked about again. */
const PROCESSING_RECHECK_MS = 10 * MINUTE_MS
/** Refunds one run delivers at most. */
const REFUND_BATCH = 50
const LAST_ERROR_LENGTH = 200

export interface RefundContext {
  readonly db: Db
  readonly clock: Clock
  readonly cashier: Cashier
  readonly log: FastifyBaseLogger
}

interface Claim {
  readonly id: string
  readonly paymentId: string
  readonly amountCents: number
  readonly totalCents: number
  readonly reason: string
  readonly provider: string
  readonly attempts: number
}

/** Claims the next due refund (of `orderId`'s payments only, when given). */
async function claimNext(db: Db, now: Date, orderId?: string): Promise<Claim | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({
        id: paymentRefunds.id,
        paymentId: paymentRefunds.paymentId,
        amountCents: paymentRefunds.amountCents,
        totalCents: payments.amountCents,
        reason: paymentRefunds.reason,
        provider: payments.provider,
        attempts: paymentRefunds.attempts,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          inArray(paymentRefunds.state, [REFUND_STATE.QUEUED, REFUND_STATE.PROCESSING]),
          lte(paymentRefunds.nextAttemptAt, now),
          orderId === undefined ? undefined : eq(payments.orderId, orderId),
        ),
      )
      .orderBy(asc(paymentRefunds.nextAttemptAt))
      .limit(1)
      .for('update', { of: paymentRefunds, skipLocked: true })
    if (!due) return undefined
    const attempts = due.attempts + 1
    await tx
      .update(paymentRefunds)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS) })
      .where(eq(paymentRefunds.id, due.id))
    return { ...due, attempts }
  })
}

async function finish(db: Db, id: string, state: RefundState, now: Date, lastError: string | null = null): Promise<void> {
  const done = state === REFUND_STATE.SUCCEEDED || state === REFUND_STATE.FAILED
  await db
    .update(paymentRefunds)
    .set({ state, lastError, ...(done ? { completedAt: now } : { nextAttemptAt: new Date(now.getTime() + PROCESSING_RECHECK_MS) }) })
    .where(eq(paymentRefunds.id, id))
}

async function deliver(context: RefundContext, claim: Claim): Promise<void> {
  const { db, log } = context
  if (claim.provider === SIMULATOR_PROVIDER) return finish(db, claim.id, REFUND_STATE.SUCCEEDED, context.clock.now())
  try {
    const vendor = isVendorName(claim.provider) ? context.cashier.vendor(claim.provider) : undefined
    if (!vendor) throw new VendorError('wechat', 'NOT_CONFIGURED', `No ${claim.provider} account is configured`, true)
    const outcome = await vendor.refund({ refundId: claim.id, paymentId: claim.paymentId, amountCents: claim.amountCents, totalCents: claim.totalCents, reason: claim.reason })
    await finish(db, claim.id, outcome === 'succeeded' ? REFUND_STATE.SUCCEEDED : REFUND_STATE.PROCESSING, context.clock.now())
    log.info({ refundId: claim.id, vendor: claim.provider, outcome }, 'refund handed to the payment provider')
  } catch (error) {
    if (!(error instanceof VendorError)) throw error
    const now = context.clock.now()
    const lastError = `${error.code}: ${error.message}`.slice(0, LAST_ERROR_LENGTH)
    if (!error.retryable) {
      log.error({ refundId: claim.id, vendor: error.vendor, code: error.code }, 'refund refused by the payment provider: needs a person')
      return finish(db, claim.id, REFUND_STATE.FAILED, now, lastError)
    }
    log.warn({ refundId: claim.id, vendor: error.vendor, code: error.code, attempts: claim.attempts }, 'refund not delivered: tried again later')
    await db
      .update(paymentRefunds)
      .set({ lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(claim.attempts)) })
      .where(eq(paymentRefunds.id, claim.id))
  }
}

/** Delivers the refunds due now (of `orderId` only, when given); answers how many tries were made. */
export async function deliverDueRefunds(context: RefundContext, orderId?: string): Promise<number> {
  let tries = 0
  while (tries < REFUND_BATCH) {
    const claim = await claimNext(context.db, context.clock.now(), orderId)
    if (!claim) break
    tries += 1
    await deliver(context, claim)
  }
  return tries
}

/**
 * Hands the refund just decided for an order to its provider at once (after the deciding
 * transaction committed), so the money starts back while the person still looks at the order. A
 * failure is the upkeep job's to retry (the row stays queued) and is logged: what decided the
 * refund stands.
 */
export async function refundNow(context: RefundContext, orderId: string): Promise<void> {
  try {
    await deliverDueRefunds(context, orderId)
  } catch (error) {
    context.log.warn({ err: error, orderId }, 'refund left to the payment upkeep job')
  }
}

/**
 * A provider's word on how a refund ended (its notification): recorded once, for that provider's
 * payment only; answers whether the refund was known.
 */
export async function recordRefundOutcome(db: Db, provider: VendorName, refund: { readonly refundId: string; readonly paymentId: string; readonly outcome: 'succeeded' | 'failed' }, now: Date): Promise<boolean> {
  const [known] = await db
    .select({ state: paymentRefunds.state })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.id, refund.refundId), eq(paymentRefunds.paymentId, refund.paymentId), eq(payments.provider, provider)))
  if (!known) return false
  if (known.state === REFUND_STATE.SUCCEEDED || known.state === REFUND_STATE.FAILED) return true
  await finish(db, refund.refundId, refund.outcome === 'succeeded' ? REFUND_STATE.SUCCEEDED : REFUND_STATE.FAILED, now, refund.outcome === 'failed' ? 'refund failed at the provider' : null)
  return true
}
