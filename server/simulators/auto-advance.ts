/**
 * The demo timer (SIM_AUTO_ADVANCE_SECONDS > 0): every interval, each submitted order whose
 * payment is settled moves one lifecycle step (nextAutomaticAction: audit, ship, activate).
 * Each order is advanced in its own transaction, skipping rows another process holds; a tick
 * never overlaps the previous one, and stop() waits for a running tick before returning.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { ACTIVATION_STATE, CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { orders } from '../db/schema'
import { startPeriodic } from '../runtime/periodic'
import type { PeriodicJob } from '../runtime/periodic'
import { nextAutomaticAction } from '../orders/lifecycle'
import type { LifecycleAction } from '../orders/lifecycle'
import { applyStep, lifecycleStatus } from '../orders/lifecycle-runner'
import type { LifecycleContext } from '../orders/lifecycle-runner'
import { lifecycleOrder } from '../orders/order-records'
import type { OrderStatus } from '../../src/domain/order'
import type { RandomSource } from '../runtime/random'
import { newTrackingNo } from './waybills'

/** Orders looked at per tick; the rest wait for the next one. */
export const AUTO_ADVANCE_BATCH = 100

export interface AutoAdvanceContext extends LifecycleContext {
  /** Draws the simulated courier's waybills. */
  readonly random: RandomSource
}

/** A step the timer took. */
export interface AutoAdvanced {
  readonly orderId: string
  readonly action: LifecycleAction
  readonly status: OrderStatus
}

/** Advances each eligible order one step; returns what was done. */
export async function autoAdvanceTick(context: AutoAdvanceContext): Promise<AutoAdvanced[]> {
  const candidates = await context.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(
      and(
        isNotNull(orders.submittedAt),
        inArray(orders.depositPayState, [PAY_STATE.NOT_NEEDED, PAY_STATE.SUCCESS]),
        sql`coalesce(${orders.cancelState}, 0) not in (${CANCEL_STATE.CANCELLING}, ${CANCEL_STATE.SUCCESS})`,
        sql`coalesce(${orders.obuActivationState}, 0) <> ${ACTIVATION_STATE.ACTIVATED}`,
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(AUTO_ADVANCE_BATCH)
  const runs: AutoAdvanced[] = []
  for (const { orderId } of candidates) {
    const run = await context.db.transaction(async (tx): Promise<AutoAdvanced | undefined> => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).limit(1).for('update', { skipLocked: true })
      const action = order ? nextAutomaticAction(lifecycleOrder(order)) : undefined
      if (!order || !action) return undefined
      const result = await applyStep(context, tx, order, action, { trackingNo: newTrackingNo(context.random) })
      return result.ok ? { orderId, action, status: lifecycleStatus(result.order) } : undefined
    })
    if (run) runs.push(run)
  }
  return runs
}

export type AutoAdvance = PeriodicJob

export function startAutoAdvance(context: AutoAdvanceContext, intervalMs: number, log: FastifyBaseLogger): AutoAdvance {
  const tick = async (): Promise<void> => {
    for (const run of await autoAdvanceTick(context)) log.info({ ...run }, 'lifecycle simulator advanced an order')
  }
  return startPeriodic(tick, { intervalMs, log, failureMessage: 'lifecycle simulator tick failed' })
}
