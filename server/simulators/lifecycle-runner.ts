/**
 * Applies the outside parties' lifecycle rules (lifecycle.ts) to a stored order: one action in
 * one transaction under the order's row lock, with its timeline entry. Used by `npm run sim`, the
 * server's loopback simulator call and the demo timer.
 */
import { eq } from 'drizzle-orm'
import { BUSINESS_MODE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import { deriveOrderStatus, statusLabel } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { orders } from '../db/schema'
import { ORDER_MESSAGE, addEvent, lifecycleOrder, orderFields } from '../orders/order-records'
import type { OrderRow } from '../orders/order-records'
import { REFUND_REASON, refundOrderPayment } from '../payments/refunds'
import { advance } from './lifecycle'
import type { LifecycleAction } from './lifecycle'

export interface LifecycleContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
}

export type LifecycleRun =
  | { ok: true; orderId: string; action: LifecycleAction; status: OrderStatus; statusLabel: string }
  | { ok: false; orderId: string; reason: string }

/** Courier tracking numbers of the simulated logistics partner: SF and 12 digits. */
const TRACKING_PREFIX = 'SF'
const TRACKING_DIGITS = 12

export function newTrackingNo(random: RandomSource): string {
  return `${TRACKING_PREFIX}${String(random.int(10 ** TRACKING_DIGITS)).padStart(TRACKING_DIGITS, '0')}`
}

/** The packages promise it: once the device is activated, a paid deposit goes back the way it came. */
async function refundDeposit(tx: Db, orderId: string, now: Date): Promise<void> {
  const amountCents = await refundOrderPayment(tx, orderId, REFUND_REASON.deposit, now)
  if (amountCents !== undefined) await addEvent(tx, orderId, 'depositRefunded', now, `押金${formatYuan(amountCents)}元已原路退还`)
}

/** Applies `action` to the locked `order` inside `tx`. */
export async function applyAction(
  context: LifecycleContext,
  tx: Db,
  order: OrderRow,
  action: LifecycleAction,
  reason?: string,
): Promise<LifecycleRun> {
  const result = advance(lifecycleOrder(order), action, { reason, trackingNo: newTrackingNo(context.random) })
  if (!result.ok) return { ok: false, orderId: order.orderId, reason: result.reason }
  const now = context.clock.now()
  const [updated] = await tx
    .update(orders)
    .set({ ...result.changes, updatedAt: now })
    .where(eq(orders.orderId, order.orderId))
    .returning()
  if (!updated) throw new Error(`Order ${order.orderId} vanished inside its own transaction`)
  await addEvent(tx, order.orderId, result.event, now, result.note)
  if (action === 'activate' && order.businessMode === BUSINESS_MODE.DEPOSIT) await refundDeposit(tx, order.orderId, now)
  const status = deriveOrderStatus(orderFields(updated))
  return { ok: true, orderId: order.orderId, action, status, statusLabel: statusLabel(status) }
}

export async function runLifecycleAction(context: LifecycleContext, orderId: string, action: LifecycleAction, reason?: string): Promise<LifecycleRun> {
  return context.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).limit(1).for('update')
    if (!order) return { ok: false, orderId, reason: ORDER_MESSAGE.notFound }
    return applyAction(context, tx, order, action, reason)
  })
}
