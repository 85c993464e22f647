/**
 * Both expiries of one user's orders, run before their orders are read, changed or paid: orders
 * left unsubmitted too long (unsubmitted-orders.ts) and submitted orders not paid in time
 * (unpaid-orders.ts). Each is its own transaction; the sweep runs both for everyone.
 */
import type { Db } from '../db/database'
import type { Clock } from '../runtime/clock'
import { expireUnpaidOrders } from './unpaid-orders'
import { expireUnsubmittedOrders } from './unsubmitted-orders'

export async function expireUserOrders(db: Db, now: Date, userId: number): Promise<void> {
  await expireUnsubmittedOrders(db, now, userId)
  await expireUnpaidOrders(db, now, { userId })
}

/** `work` on the user's orders once those due have expired: they read cancelled, and a lapsed one starts no payment. */
export async function afterExpiry<T>(context: { db: Db; clock: Clock }, userId: number, work: () => Promise<T>): Promise<T> {
  await expireUserOrders(context.db, context.clock.now(), userId)
  return work()
}
