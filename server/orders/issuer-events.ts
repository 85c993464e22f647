/**
 * The issuer's word on an order it took (its notifications, server/routes/issuer-notifications.ts):
 * audit passed or rejected, shipped (with the courier's waybill), activated. One notification is
 * one transaction under the order's row lock, so two deliveries of it run one after the other
 * and the second finds the order already moved. Through the lifecycle rules (planLifecycle):
 * - idempotent without remembering event ids: news at or behind the order's stage changes nothing
 *   and is taken (the issuer stops resending it), so a replay changes the order once and a late
 *   "audit passed" never moves back an activated order;
 * - out of order: news ahead of the order first applies the steps it implies, in order, in the
 *   same transaction (an "activated" before its "shipped": ship, then activate). The issuer is
 *   the authority on its device, and a notification is resent for a limited time only: refusing
 *   the activation until the shipment arrived would leave the order stuck for good once the
 *   shipment's resends ran out. A shipment learnt this way has no waybill; a "shipped" arriving
 *   afterwards is late news and changes nothing;
 * - refused: an order that cannot get there (cancelled, not paid, rejected at its audit).
 * `npm run sim` takes its steps through this same function (via the server's callback, or
 * directly when no server runs).
 */
import { eq } from 'drizzle-orm'
import type { OrderStatus } from '../../src/domain/order'
import { orders } from '../db/schema'
import { planLifecycle } from './lifecycle'
import type { LifecycleAction } from './lifecycle'
import { applyStep, lifecycleStatus } from './lifecycle-runner'
import type { LifecycleContext } from './lifecycle-runner'
import type { IssuerEventType, IssuerNotification } from './issuer-protocol'
import { ORDER_MESSAGE, lifecycleOrder } from './order-records'

/** The lifecycle step each notification reports. */
export const LIFECYCLE_ACTION_OF: Readonly<Record<IssuerEventType, LifecycleAction>> = {
  auditPassed: 'audit-pass',
  auditRejected: 'audit-reject',
  shipped: 'ship',
  activated: 'activate',
}

/** The notification that reports each lifecycle step (what `npm run sim` sends for its actions). */
export const ISSUER_EVENT_OF: Readonly<Record<LifecycleAction, IssuerEventType>> = {
  'audit-pass': 'auditPassed',
  'audit-reject': 'auditRejected',
  ship: 'shipped',
  activate: 'activated',
}

export type IssuerEvent = Pick<IssuerNotification, 'orderId' | 'type' | 'reason' | 'waybillNo'>

export type IssuerEventOutcome =
  /** The order moved: `steps` taken in this order. */
  | { readonly outcome: 'applied'; readonly steps: readonly LifecycleAction[]; readonly status: OrderStatus }
  /** A replay or late news: nothing changed; `reason` says why the step itself does not apply. */
  | { readonly outcome: 'unchanged'; readonly status: OrderStatus; readonly reason: string }
  | { readonly outcome: 'unknown'; readonly reason: string }
  | { readonly outcome: 'refused'; readonly reason: string }

export async function applyIssuerEvent(context: LifecycleContext, event: IssuerEvent): Promise<IssuerEventOutcome> {
  const action = LIFECYCLE_ACTION_OF[event.type]
  return context.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, event.orderId)).limit(1).for('update')
    if (!order) return { outcome: 'unknown', reason: ORDER_MESSAGE.notFound }
    const plan = planLifecycle(lifecycleOrder(order), action)
    if (plan.kind === 'refused') return { outcome: 'refused', reason: plan.reason }
    if (plan.kind === 'reached') return { outcome: 'unchanged', status: lifecycleStatus(order), reason: plan.reason }
    let current = order
    for (const step of plan.steps) {
      // The reason and the waybill belong to the step the issuer reported, not to one it implied.
      const details = step === action ? { reason: event.reason, trackingNo: event.waybillNo } : {}
      const result = await applyStep(context, tx, current, step, details)
      // planLifecycle ran the same rules on the same locked row: a refusal here is a fault, and throwing rolls every step back.
      if (!result.ok) throw new Error(`Lifecycle step ${step} of order ${order.orderId} refused after being planned: ${result.reason}`)
      current = result.order
    }
    return { outcome: 'applied', steps: plan.steps, status: lifecycleStatus(current) }
  })
}
