/**
 * The payment upkeep's job: every minute (and once at start, for what a restart left), refunds are
 * delivered, abandoned trades closed and silent payments asked about at their providers
 * (server/payments/upkeep.ts). One process runs it, like the maintenance sweep; refunds are
 * claimed row by row and the rest is idempotent, so a second one would do no harm.
 */
import { MINUTE_MS } from '../../src/domain/constants'
import { runPaymentUpkeep } from '../payments/upkeep'
import type { UpkeepContext } from '../payments/upkeep'
import { startPeriodic } from '../runtime/periodic'
import type { PeriodicJob, PeriodicOptions } from '../runtime/periodic'

export const PAYMENT_UPKEEP_INTERVAL_MS = MINUTE_MS

export function startPaymentUpkeep(context: UpkeepContext, intervalMs: number = PAYMENT_UPKEEP_INTERVAL_MS, claim?: PeriodicOptions['claim']): PeriodicJob {
  const run = async (): Promise<void> => {
    const report = await runPaymentUpkeep(context)
    if (report.refundTries + report.closed + report.recovered > 0) context.log.info(report, 'payment upkeep')
  }
  return startPeriodic(run, { intervalMs, log: context.log, failureMessage: 'payment upkeep failed', runAtStart: true, claim })
}
