/** Handing a submitted order to its issuer (apply/push): recorded once, asking again changes nothing. */
import { eq } from 'drizzle-orm'
import type { ApplyPushResponse } from '../../types/api/apply'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { orders } from '../db/schema'
import { assertOpen, assertSubmitted, requireOwnOrder } from './order-records'

export async function pushOrder(db: Db, clock: Clock, userId: number, orderId: string): Promise<ApplyPushResponse> {
  return db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertOpen(order)
    assertSubmitted(order)
    if (order.pushedAt === null) {
      const now = clock.now()
      await tx.update(orders).set({ pushedAt: now, updatedAt: now }).where(eq(orders.orderId, orderId))
    }
    return { orderId, pushed: true }
  })
}
