/**
 * What one user may open: a new order (a create, an offline hand-over) is refused while the user
 * holds MAX_OPEN_UNSUBMITTED_ORDERS unsubmitted orders (unsubmitted-orders.ts) or
 * `maxUnpaidOrders` submitted, unpaid ones (unpaid-orders.ts), and once they opened
 * `ordersPerDay` orders in the last 24 hours, whatever became of them. Each refusal is business
 * 2003 with the reason. Checked after the user's due orders were expired, under the user's lock
 * (lockForNewOrder), so concurrent calls cannot both pass.
 */
import { and, count, eq, gt } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { DAY_MS } from '../../src/domain/constants'
import type { OrderLimits } from '../config'
import type { Db } from '../db/database'
import { orders } from '../db/schema'
import { DomainError } from '../domain-error'
import { assertUnpaidCap } from './unpaid-orders'
import { assertUnsubmittedCap } from './unsubmitted-orders'

/** The window of the daily limit: rolling, so no time zone decides when a day starts. */
export const DAILY_ORDER_WINDOW_MS = DAY_MS

export const ORDER_LIMIT_MESSAGE = {
  daily: (max: number) => `您在24小时内已发起${max}笔申请，已达上限，请稍后再办理`,
} as const

/** Refuses a new order once the user opened `max` orders in the 24 hours before `now`. */
export async function assertDailyOrderLimit(db: Db, userId: number, now: Date, max: number): Promise<void> {
  const since = new Date(now.getTime() - DAILY_ORDER_WINDOW_MS)
  const [opened] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, since)))
  if ((opened?.total ?? 0) >= max) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, ORDER_LIMIT_MESSAGE.daily(max))
}

/** Every per-user limit on a new order, in the order the person can act on them. */
export async function assertNewOrderAllowed(db: Db, userId: number, now: Date, limits: OrderLimits): Promise<void> {
  await assertUnsubmittedCap(db, userId)
  await assertUnpaidCap(db, userId, limits.maxUnpaidOrders)
  await assertDailyOrderLimit(db, userId, now, limits.ordersPerDay)
}
