/**
 * A plate belongs to whoever pays. A submitted order with something to pay holds its plate until
 * its `pay_by` time (UNPAID_HOLD_MINUTES after submission, config.orderLimits); not paid by then,
 * it is cancelled with a timeline note saying why, its write-off code is freed and the plate goes
 * back to anyone. A free order, and a paid one, hold their plate with no end.
 *
 * A payment started in time is not cut off: while it is in progress (PAY_STATE.PAYING) and younger
 * than PAYMENT_GRACE_MINUTES the order stays. A payment can only start before the order lapses
 * (every payment call expires first), so a hold lasts at most the hold plus the grace. A payment
 * still unsettled after that is abandoned with the order, as a cancel abandons it; its late
 * settlement then answers that the order was cancelled and nothing was charged
 * (payments/payments.ts).
 *
 * Expiry runs lazily where it matters (before a new order is admitted for the plate, whoever
 * holds it; before a submission of the plate; before the user's orders are read, changed or paid)
 * and from the maintenance sweep (`expireUnpaidOrders(db, now)` without a scope), like the expiry
 * of unsubmitted orders (unsubmitted-orders.ts).
 */
import { and, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { MINUTE_MS } from '../../src/domain/constants'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { releaseVouchers } from '../catalogue/voucher-codes'
import type { Db } from '../db/database'
import { orderEvents, orders, payments } from '../db/schema'
import { DomainError } from '../domain-error'
import { OPEN_ORDER } from './order-records'
import type { OrderRow } from './order-records'

/** How long a payment in progress keeps its order open past the order's pay-by time. */
export const PAYMENT_GRACE_MINUTES = 15
export const PAYMENT_GRACE_MS = PAYMENT_GRACE_MINUTES * MINUTE_MS

/** The pay states of an order that still has to be paid: awaiting, paying, or after a failed payment. */
export const UNPAID_PAY_STATES = [PAY_STATE.AWAITING_PAYMENT, PAY_STATE.PAYING, PAY_STATE.FAILED] as const

export const UNPAID_MESSAGE = {
  /** Said on the timeline and as the cancel reason; `minutes` is the order's own hold. */
  expired: (minutes: number) => `提交后${minutes}分钟内未支付，申请已自动取消，车牌已释放`,
  tooMany: (max: number) => `您已有${max}笔已提交但未支付的申请，请先完成支付或取消后再提交新的申请`,
} as const

/** The pay-by time of an order submitted at `submittedAt` with something to pay. */
export function payByOf(submittedAt: Date, holdMinutes: number): Date {
  return new Date(submittedAt.getTime() + holdMinutes * MINUTE_MS)
}

/** The minutes an order's hold lasted (its pay-by time less its submission), for its note. */
function holdMinutesOf(order: Pick<OrderRow, 'submittedAt' | 'payBy'>): number {
  if (order.submittedAt === null || order.payBy === null) throw new Error('An unpaid hold needs its submission and pay-by times')
  return Math.round((order.payBy.getTime() - order.submittedAt.getTime()) / MINUTE_MS)
}

/** Payments in progress that started after this time keep their orders at `now`. */
export function paymentCutoff(now: Date): Date {
  return new Date(now.getTime() - PAYMENT_GRACE_MS)
}

/** Submitted with something to pay, not paid, open and not in the middle of a cancel. */
const UNPAID = and(
  isNotNull(orders.payBy),
  inArray(orders.depositPayState, [...UNPAID_PAY_STATES]),
  OPEN_ORDER,
  sql`coalesce(${orders.cancelState}, 0) <> ${CANCEL_STATE.CANCELLING}`,
)

/** A payment of the order in progress that started after `cutoff`. */
function paymentUnderWay(cutoff: Date | SQLWrapper): SQL {
  return sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.orderId} and ${payments.state} = ${PAY_STATE.PAYING} and ${payments.createdAt} > ${cutoff})`
}

/**
 * An unpaid order whose pay-by time is `now` or earlier and whose payment, if any is in progress,
 * started at or before `cutoff` (paymentCutoff): due to expire. Values or placeholders; never
 * null, so `not unpaidDue(…)` is safe.
 */
export function unpaidDue(now: Date | SQLWrapper, cutoff: Date | SQLWrapper): SQL {
  return sql`coalesce(${UNPAID} and ${lte(orders.payBy, now)} and not ${paymentUnderWay(cutoff)}, false)`
}

/** Whose orders an expiry looks at: one user's, one plate's (anyone's), or everyone's. */
export type UnpaidScope = { readonly userId: number } | { readonly plateNumber: string }

function scoped(scope: UnpaidScope | undefined): SQL | undefined {
  if (scope === undefined) return undefined
  return 'userId' in scope ? eq(orders.userId, scope.userId) : eq(orders.plateNumber, scope.plateNumber)
}

/**
 * Cancels the unpaid orders (of the scope) whose hold has ended at `now`: each with a 'cancelled'
 * timeline entry and cancel reason saying it was not paid in time; a payment still in progress
 * is abandoned (FAILED, as a cancel does), and the write-off codes are freed (nothing was paid).
 * Answers how many, in one transaction.
 */
export async function expireUnpaidOrders(db: Db, now: Date, scope?: UnpaidScope): Promise<number> {
  const cutoff = paymentCutoff(now)
  return db.transaction(async (tx) => {
    // Locked in the order cancel and settle lock them (order, then payment), and by order id, so
    // a sweep and a lazy expiry sharing rows cannot deadlock. A row another transaction held is
    // read again once free: paid meanwhile, it no longer matches.
    const due = await tx
      .select({ orderId: orders.orderId, submittedAt: orders.submittedAt, payBy: orders.payBy })
      .from(orders)
      .where(and(unpaidDue(now, cutoff), scoped(scope)))
      .orderBy(orders.orderId)
      .for('update')
    if (!due.length) return 0
    // A payment may have started while a row's lock was awaited; the rows are ours now, so what
    // this statement sees stays true until the end.
    const paying = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(inArray(payments.orderId, due.map((order) => order.orderId)), eq(payments.state, PAY_STATE.PAYING), gt(payments.createdAt, cutoff)))
    const kept = new Set(paying.map((payment) => payment.orderId))
    const lapsed = due.filter((order) => !kept.has(order.orderId))
    if (!lapsed.length) return 0
    const ids = lapsed.map((order) => order.orderId)
    // The note names each order's own hold; orders submitted under one configuration share one.
    const notes = lapsed.map((order) => ({ orderId: order.orderId, note: UNPAID_MESSAGE.expired(holdMinutesOf(order)) }))
    for (const note of new Set(notes.map((entry) => entry.note))) {
      await tx
        .update(orders)
        .set({
          cancelState: CANCEL_STATE.SUCCESS,
          cancelReason: note,
          depositPayState: sql`case when ${orders.depositPayState} = ${PAY_STATE.PAYING} then ${PAY_STATE.FAILED} else ${orders.depositPayState} end`,
          updatedAt: now,
        })
        .where(inArray(orders.orderId, notes.filter((entry) => entry.note === note).map((entry) => entry.orderId)))
    }
    await tx
      .update(payments)
      .set({ state: PAY_STATE.FAILED, completedAt: now })
      .where(and(inArray(payments.orderId, ids), eq(payments.state, PAY_STATE.PAYING)))
    await tx.insert(orderEvents).values(notes.map(({ orderId, note }) => ({ orderId, kind: 'cancelled' as const, at: now, note })))
    await releaseVouchers(tx, ids)
    return lapsed.length
  })
}

/**
 * When an unpaid order's hold ends: its pay-by time, or later while a payment started in time is
 * in progress. Null for an order that holds with no end (paid, free, or submitted before the
 * order had to be paid).
 */
export async function holdEndsAt(db: Db, order: Pick<OrderRow, 'orderId' | 'payBy' | 'depositPayState'>): Promise<Date | null> {
  const unpaid = UNPAID_PAY_STATES.some((state) => state === order.depositPayState)
  if (!unpaid || order.payBy === null) return null
  const [payment] = await db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.orderId, order.orderId), eq(payments.state, PAY_STATE.PAYING)))
    .orderBy(desc(payments.createdAt))
    .limit(1)
  const paymentEnds = payment ? payment.createdAt.getTime() + PAYMENT_GRACE_MS : 0
  return new Date(Math.max(order.payBy.getTime(), paymentEnds))
}

/** Refuses a step on an order that was cancelled because it was not paid in time, saying so. */
export function assertNotLapsed(order: OrderRow): void {
  if (order.cancelState !== CANCEL_STATE.SUCCESS || order.payBy === null || order.submittedAt === null) return
  const note = UNPAID_MESSAGE.expired(holdMinutesOf(order))
  if (order.cancelReason === note) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, note)
}

/**
 * Refuses (business 2003) when the user already holds `max` submitted, unpaid orders. Run after
 * the user's due orders were expired, under the user's lock (lockForNewOrder), so concurrent
 * calls cannot both pass.
 */
export async function assertUnpaidCap(db: Db, userId: number, max: number): Promise<void> {
  const [held] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), UNPAID))
  if ((held?.total ?? 0) >= max) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, UNPAID_MESSAGE.tooMany(max))
}
