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
import { lifecycleOrder } from '../orders/order-records'
import { nextAutomaticAction } from './lifecycle'
import { applyAction } from './lifecycle-runner'
import type { LifecycleContext, LifecycleRun } from './lifecycle-runner'

/** Orders looked at per tick; the rest wait for the next one. */
export const AUTO_ADVANCE_BATCH = 100

/** Advances each eligible order one step; returns what was done. */
export async function autoAdvanceTick(context: LifecycleContext): Promise<LifecycleRun[]> {
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
  const runs: LifecycleRun[] = []
  for (const { orderId } of candidates) {
    const run = await context.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).limit(1).for('update', { skipLocked: true })
      const action = order ? nextAutomaticAction(lifecycleOrder(order)) : undefined
      return order && action ? applyAction(context, tx, order, action) : undefined
    })
    if (run) runs.push(run)
  }
  return runs
}

export interface AutoAdvance {
  stop(): Promise<void>
}

export function startAutoAdvance(context: LifecycleContext, intervalMs: number, log: FastifyBaseLogger): AutoAdvance {
  let running: Promise<void> | undefined
  const tick = (): void => {
    if (running) return
    running = autoAdvanceTick(context)
      .then((runs) => {
        for (const run of runs) if (run.ok) log.info({ orderId: run.orderId, action: run.action, status: run.status }, 'lifecycle simulator advanced an order')
      })
      .catch((error: unknown) => log.error({ err: error }, 'lifecycle simulator tick failed'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, intervalMs)
  // The timer alone must not keep a process alive.
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
