/**
 * Applies the lifecycle rules (lifecycle.ts) to a stored order, one step at a time inside the
 * caller's transaction and under the order's row lock the caller holds: the order's changes, its
 * timeline entry and, on activation, the paid deposit's refund. The issuer's notifications
 * (issuer-events.ts, and `npm run sim` through them) and the demo timer
 * (server/simulators/auto-advance.ts) take their steps here.
 */
import { eq } from 'drizzle-orm'
import { BUSINESS_MODE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import { deriveOrderStatus } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { orders } from '../db/schema'
import { REFUND_REASON, refundOrderPayment } from '../refunds/refund-queue'
import { advance } from './lifecycle'
import type { LifecycleAction, StepDetails } from './lifecycle'
import { addEvent, lifecycleOrder, orderFields } from './order-records'
import type { OrderRow } from './order-records'

export interface LifecycleContext {
  readonly db: Db
  readonly clock: Clock
}

/** A step taken (the order as it now is), or the rules' Chinese reason why not. */
export type StepResult = { readonly ok: true; readonly order: OrderRow } | { readonly ok: false; readonly reason: string }

/** The packages promise it: once the device is activated, a paid deposit goes back the way it came. */
async function refundDeposit(tx: Db, orderId: string, now: Date): Promise<void> {
  const amountCents = await refundOrderPayment(tx, orderId, REFUND_REASON.deposit, now)
  if (amountCents !== undefined) await addEvent(tx, orderId, 'depositRefunded', now, `押金${formatYuan(amountCents)}元已原路退还`)
}

/** Applies `action` to the locked `order` inside `tx`. */
export async function applyStep(context: Pick<LifecycleContext, 'clock'>, tx: Db, order: OrderRow, action: LifecycleAction, details: StepDetails = {}): Promise<StepResult> {
  const result = advance(lifecycleOrder(order), action, details)
  if (!result.ok) return result
  const now = context.clock.now()
  const [updated] = await tx
    .update(orders)
    .set({ ...result.changes, updatedAt: now })
    .where(eq(orders.orderId, order.orderId))
    .returning()
  if (!updated) throw new Error(`Order ${order.orderId} vanished inside its own transaction`)
  await addEvent(tx, order.orderId, result.event, now, result.note)
  if (action === 'activate' && order.businessMode === BUSINESS_MODE.DEPOSIT) await refundDeposit(tx, order.orderId, now)
  return { ok: true, order: updated }
}

/** The order's status as the app shows it. */
export function lifecycleStatus(order: OrderRow): OrderStatus {
  return deriveOrderStatus(orderFields(order))
}
