/**
 * The issuer outbox's job: every interval (and once at start, for what a restart left), the due
 * hand-overs are delivered (server/orders/issuer-outbox.ts). One process runs it, like the
 * maintenance sweep; the claims' row locks and leases keep a second one harmless all the same.
 */
import { SECOND_MS } from '../../src/domain/constants'
import { deliverDue } from '../orders/issuer-outbox'
import type { IssuerOutboxContext } from '../orders/issuer-outbox'
import { startPeriodic } from '../runtime/periodic'
import type { PeriodicJob, PeriodicOptions } from '../runtime/periodic'

/** How often the job looks for due hand-overs; apply/push delivers the usual ones at once. */
export const ISSUER_OUTBOX_INTERVAL_MS = 30 * SECOND_MS

export function startIssuerOutbox(context: IssuerOutboxContext, intervalMs: number = ISSUER_OUTBOX_INTERVAL_MS, claim?: PeriodicOptions['claim']): PeriodicJob {
  const run = async (): Promise<void> => {
    const delivered = await deliverDue(context)
    if (delivered > 0) context.log.info({ delivered }, 'issuer outbox delivered')
  }
  return startPeriodic(run, { intervalMs, log: context.log, failureMessage: 'issuer outbox delivery failed', runAtStart: true, claim })
}
