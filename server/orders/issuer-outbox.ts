/**
 * The hand-over of submitted orders to their issuers, through an outbox (the issuer_outbox table):
 * - the final commit queues the order in its own transaction (queueIssuerDelivery), so a submitted
 *   order is never without its hand-over, and an order not submitted never has one;
 * - apply/push (pushOrder) delivers the caller's order at once when it is due, and the server's
 *   job (server/jobs/issuer-outbox.ts, in one process) delivers whatever is still due, after a
 *   failure or a restart;
 * - a try first claims its one row just before the send, in a short transaction (FOR UPDATE SKIP
 *   LOCKED, then a lease in next_attempt_at and a new attempt number), so two processes or
 *   requests never send it at once, and no row waits out its lease behind others' sends; it calls
 *   the issuer outside any transaction; the receipt is then recorded once (delivered_at, the
 *   order's pushed_at and an 'issuerReceived' timeline entry);
 * - a failed try is due again after a growing delay, written only while no later try has claimed
 *   the row (its attempt number and lease unchanged); a confirmation lost after the issuer took
 *   the order is sent again with the same idempotency key, which the issuer answers with its receipt.
 * An order cancelled or activated before its delivery is not sent; the maintenance sweep drops its
 * hand-over (dropClosedHandOvers), which would otherwise stay queued for ever.
 */
import { and, asc, eq, inArray, isNull, lte, not } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ApplyPushResponse } from '../../types/api/apply'
import { HOUR_MS, SECOND_MS } from '../../src/domain/constants'
import type { Db } from '../db/database'
import { issuerOutbox, orderIssuerAgreements, orders } from '../db/schema'
import type { Clock } from '../runtime/clock'
import type { IssuerGateway, IssuerReceipt } from './issuer-gateway'
import { OPEN_ORDER, addEvent, assertOpen, assertSubmitted, requireOwnOrder } from './order-records'
import type { OrderRow } from './order-records'

/** How long a claimed try holds its row: a process that dies mid-try frees it after this. */
export const ISSUER_DELIVERY_LEASE_MS = 60 * SECOND_MS
/** The delay after a first failed try; it doubles with each further one, up to the maximum. */
export const ISSUER_RETRY_BASE_MS = 30 * SECOND_MS
export const ISSUER_RETRY_MAX_MS = HOUR_MS
/** Rows one delivery run sends at most, one claim each. */
export const ISSUER_DELIVERY_BATCH = 50
/** How much of a failure's message is kept for operators. */
const LAST_ERROR_LENGTH = 200

export interface IssuerOutboxContext {
  readonly db: Db
  readonly clock: Clock
  readonly issuer: IssuerGateway
  readonly log: FastifyBaseLogger
}

/** What the order's timeline says with the issuer's receipt. */
export const issuerReceiptNote = (receiptNo: string): string => `发行方受理编号：${receiptNo}`

/** Queues the hand-over of an order being submitted; inside the final commit's transaction. */
export async function queueIssuerDelivery(db: Db, order: Pick<OrderRow, 'orderId' | 'issuerId'>, now: Date): Promise<void> {
  // The final commit needs a package, and the package names the issuer.
  if (order.issuerId === null) throw new Error(`Order ${order.orderId} is submitted without an issuer`)
  await db.insert(issuerOutbox).values({ orderId: order.orderId, issuerId: order.issuerId, createdAt: now, nextAttemptAt: now }).onConflictDoNothing()
}

/** The wait before the next try after `attempts` tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(ISSUER_RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), ISSUER_RETRY_MAX_MS)
}

interface Claim {
  orderId: string
  issuerId: number
  /** Tries including this one: with leaseUntil, it tells this try from any later claim of the row. */
  attempts: number
  leaseUntil: Date
  plateNumber: string
  plateColor: number
  submittedAt: Date
  agreementVersion: string | null
}

/** Only a final commit queues an order (and the migration, submitted ones): a row without it is a fault. */
function submittedAtOf(row: { orderId: string; submittedAt: Date | null }): Date {
  if (row.submittedAt === null) throw new Error(`Order ${row.orderId} is queued for its issuer without being submitted`)
  return row.submittedAt
}

/** Claims one due row (of `orderId` when given, else the oldest) under a lease; skips rows another try holds. */
async function claimNext(db: Db, now: Date, orderId: string | undefined): Promise<Claim | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({
        orderId: issuerOutbox.orderId,
        issuerId: issuerOutbox.issuerId,
        attempts: issuerOutbox.attempts,
        plateNumber: orders.plateNumber,
        plateColor: orders.plateColor,
        submittedAt: orders.submittedAt,
        agreementVersion: orderIssuerAgreements.version,
      })
      .from(issuerOutbox)
      .innerJoin(orders, eq(orders.orderId, issuerOutbox.orderId))
      .leftJoin(
        orderIssuerAgreements,
        and(eq(orderIssuerAgreements.orderId, issuerOutbox.orderId), eq(orderIssuerAgreements.issuerId, issuerOutbox.issuerId)),
      )
      .where(
        and(
          isNull(issuerOutbox.deliveredAt),
          lte(issuerOutbox.nextAttemptAt, now),
          OPEN_ORDER,
          orderId === undefined ? undefined : eq(issuerOutbox.orderId, orderId),
        ),
      )
      .orderBy(asc(issuerOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { of: issuerOutbox, skipLocked: true })
    if (!due) return undefined
    const leaseUntil = new Date(now.getTime() + ISSUER_DELIVERY_LEASE_MS)
    const attempts = due.attempts + 1
    await tx.update(issuerOutbox).set({ attempts, nextAttemptAt: leaseUntil }).where(eq(issuerOutbox.orderId, due.orderId))
    return { ...due, attempts, leaseUntil, submittedAt: submittedAtOf(due) }
  })
}

/** Records the issuer's receipt once; a try that confirms a row already delivered changes nothing. */
async function recordReceipt(db: Db, orderId: string, receipt: IssuerReceipt, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [delivered] = await tx
      .update(issuerOutbox)
      .set({ deliveredAt: now, receiptNo: receipt.receiptNo, lastError: null })
      .where(and(eq(issuerOutbox.orderId, orderId), isNull(issuerOutbox.deliveredAt)))
      .returning({ orderId: issuerOutbox.orderId })
    if (!delivered) return
    await tx.update(orders).set({ pushedAt: now, updatedAt: now }).where(eq(orders.orderId, orderId))
    await addEvent(tx, orderId, 'issuerReceived', now, issuerReceiptNote(receipt.receiptNo))
  })
}

function failureText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_LENGTH)
}

async function deliver(context: IssuerOutboxContext, claim: Claim): Promise<boolean> {
  try {
    const receipt = await context.issuer.submitOrder({
      idempotencyKey: claim.orderId,
      orderId: claim.orderId,
      issuerId: claim.issuerId,
      plateNumber: claim.plateNumber,
      plateColor: claim.plateColor,
      submittedAt: claim.submittedAt,
      agreementVersion: claim.agreementVersion,
    })
    await recordReceipt(context.db, claim.orderId, receipt, context.clock.now())
    context.log.info({ orderId: claim.orderId, issuerId: claim.issuerId, attempts: claim.attempts }, 'issuer received an order')
    return true
  } catch (error) {
    const now = context.clock.now()
    await context.db
      .update(issuerOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(claim.attempts)), lastError: failureText(error) })
      .where(
        and(
          eq(issuerOutbox.orderId, claim.orderId),
          isNull(issuerOutbox.deliveredAt),
          eq(issuerOutbox.attempts, claim.attempts),
          eq(issuerOutbox.nextAttemptAt, claim.leaseUntil),
        ),
      )
    context.log.warn({ err: error, orderId: claim.orderId, attempts: claim.attempts }, 'issuer hand-over failed; it is tried again later')
    return false
  }
}

/** Delivers the due hand-overs (only `orderId`'s when given); answers how many the issuers confirmed. */
export async function deliverDue(context: IssuerOutboxContext, orderId?: string): Promise<number> {
  let delivered = 0
  // A failed row is due again only after its retry delay, so a run does not send it twice; the cap bounds the run.
  for (let sent = 0; sent < ISSUER_DELIVERY_BATCH; sent += 1) {
    const claim = await claimNext(context.db, context.clock.now(), orderId)
    if (!claim) break
    if (await deliver(context, claim)) delivered += 1
  }
  return delivered
}

/**
 * apply/push: the caller's submitted, open order is delivered now if its hand-over is due, and the
 * answer says whether the issuer has it. Asking again, or after a restart, sends nothing twice.
 */
export async function pushOrder(context: IssuerOutboxContext, userId: number, orderId: string): Promise<ApplyPushResponse> {
  const order = await requireOwnOrder(context.db, userId, orderId)
  assertOpen(order)
  assertSubmitted(order)
  if (order.pushedAt === null) await deliverDue(context, orderId)
  const { pushedAt } = await requireOwnOrder(context.db, userId, orderId)
  return { orderId, pushed: pushedAt !== null, issuerReceivedAt: pushedAt?.toISOString() ?? null }
}

/**
 * Delivers the hand-over of an order just paid, without waiting for the job: the person's order
 * page then says the issuer has it. A failure is the job's to retry (the row stays queued), and is
 * logged, not the payer's: the payment stands.
 */
export async function handOverNow(context: IssuerOutboxContext, orderId: string): Promise<void> {
  try {
    await deliverDue(context, orderId)
  } catch (error) {
    context.log.warn({ err: error, orderId }, 'issuer hand-over left to the outbox job')
  }
}

/** Deletes the undelivered hand-overs of orders cancelled or activated since they were queued; answers how many. */
export async function dropClosedHandOvers(db: Db): Promise<number> {
  const closed = db.select({ orderId: orders.orderId }).from(orders).where(not(OPEN_ORDER))
  const dropped = await db
    .delete(issuerOutbox)
    .where(and(isNull(issuerOutbox.deliveredAt), inArray(issuerOutbox.orderId, closed)))
    .returning({ orderId: issuerOutbox.orderId })
  return dropped.length
}
