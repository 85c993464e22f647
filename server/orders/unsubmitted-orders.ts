/**
 * Unsubmitted orders (step 1 done, not yet committed) hold no plate: only another user's
 * submitted order blocks one. So that nobody piles them up, a user may keep a few of them open
 * at once, and each expires on its own a day after it was opened: it is cancelled with a
 * timeline note saying why. Expiry runs lazily where it matters (before a new order is opened,
 * before the user's orders are read or changed; the list when its page shows one that is due)
 * and from the maintenance sweep
 * (`expireUnsubmittedOrders(db, now)` without a user).
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { HOUR_MS } from '../../src/domain/constants'
import { CANCEL_STATE } from '../../src/domain/enums'
import { releaseVouchers } from '../catalogue/voucher-codes'
import type { Db } from '../db/database'
import { orderEvents, orders, users } from '../db/schema'
import { DomainError } from '../domain-error'
import { OPEN_ORDER } from './order-records'
import type { OrderRow } from './order-records'

/** Open, unsubmitted orders one user may hold at once. */
export const MAX_OPEN_UNSUBMITTED_ORDERS = 3
/** How long an order may stay unsubmitted before it is cancelled on its own. */
export const UNSUBMITTED_ORDER_TTL_HOURS = 24
export const UNSUBMITTED_ORDER_TTL_MS = UNSUBMITTED_ORDER_TTL_HOURS * HOUR_MS

export const UNSUBMITTED_MESSAGE = {
  tooMany: `您已有${MAX_OPEN_UNSUBMITTED_ORDERS}笔未提交的申请，请先提交或取消后再办理新的车辆`,
  expired: `申请超过${UNSUBMITTED_ORDER_TTL_HOURS}小时未提交，已自动取消，请重新办理`,
} as const

/** Open, never submitted, and not in the middle of a cancel. */
const UNSUBMITTED = and(isNull(orders.submittedAt), OPEN_ORDER, sql`coalesce(${orders.cancelState}, 0) <> ${CANCEL_STATE.CANCELLING}`)

/** Orders opened at or before this time are due to expire at `now`. */
export function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - UNSUBMITTED_ORDER_TTL_MS)
}

/** An order still unsubmitted that was opened at or before `cutoff` (expiryCutoff), so is due to expire. */
export function dueToExpire(cutoff: Date | SQLWrapper): SQL {
  return sql`(${UNSUBMITTED} and ${lte(orders.createdAt, cutoff)})`
}

/**
 * Cancels every open order (of one user, or of everyone) that stayed unsubmitted for
 * UNSUBMITTED_ORDER_TTL_MS or more, each with a 'cancelled' timeline entry noting it expired, and
 * frees the write-off codes they held (nothing was paid); answers how many, in one transaction.
 */
export async function expireUnsubmittedOrders(db: Db, now: Date, userId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ cancelState: CANCEL_STATE.SUCCESS, cancelReason: UNSUBMITTED_MESSAGE.expired, updatedAt: now })
      .where(and(UNSUBMITTED, lte(orders.createdAt, expiryCutoff(now)), userId === undefined ? undefined : eq(orders.userId, userId)))
      .returning({ orderId: orders.orderId })
    if (expired.length) {
      await tx.insert(orderEvents).values(expired.map(({ orderId }) => ({ orderId, kind: 'cancelled', at: now, note: UNSUBMITTED_MESSAGE.expired })))
      await releaseVouchers(tx, expired.map(({ orderId }) => orderId))
    }
    return expired.length
  })
}

/** Refuses a step on an order that expired unsubmitted, saying so rather than just "cancelled". */
export function assertNotExpired(order: OrderRow): void {
  if (order.cancelState === CANCEL_STATE.SUCCESS && order.submittedAt === null && order.cancelReason === UNSUBMITTED_MESSAGE.expired) {
    throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, UNSUBMITTED_MESSAGE.expired)
  }
}

/** Refuses a new order while the user already holds MAX_OPEN_UNSUBMITTED_ORDERS unsubmitted ones. */
export async function assertUnsubmittedCap(db: Db, userId: number): Promise<void> {
  const held = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.userId, userId), UNSUBMITTED))
    .limit(MAX_OPEN_UNSUBMITTED_ORDERS)
  if (held.length >= MAX_OPEN_UNSUBMITTED_ORDERS) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, UNSUBMITTED_MESSAGE.tooMany)
}

/**
 * One new order or submission per user at a time (a create, an offline hand-over, a final
 * commit), so the caps on unsubmitted and unpaid orders hold under concurrent calls. Taken before
 * any order row. NO KEY UPDATE: new orders queue on each other, while
 * inserts that only reference the user (sessions, uploads, drafts: KEY SHARE) go on, so an upload
 * racing a create cannot deadlock.
 */
export async function lockForNewOrder(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}
