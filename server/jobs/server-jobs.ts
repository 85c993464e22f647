/**
 * The periodic jobs a server runs besides serving: the maintenance sweep, the issuer outbox, the
 * plate release notices and the payment upkeep. Each round is leased (job-lease.ts), so servers
 * sharing the database run it once between them.
 */
import type { MaintenanceContext } from '../maintenance/sweep'
import { MAINTENANCE_INTERVAL_MS, startMaintenance } from '../maintenance/sweep'
import type { UpkeepContext } from '../payments/upkeep'
import type { ReleaseNoticeContext } from '../orders/plate-release-notices'
import { ISSUER_OUTBOX_INTERVAL_MS, startIssuerOutbox } from './issuer-outbox'
import { leasedRounds, newLeaseHolder } from './job-lease'
import { PAYMENT_UPKEEP_INTERVAL_MS, startPaymentUpkeep } from './payment-upkeep'
import type { PeriodicJob } from '../runtime/periodic'
import { PLATE_RELEASE_NOTICE_INTERVAL_MS, startPlateReleaseNotices } from './plate-release-notices'

export type ServerJobsContext = MaintenanceContext & ReleaseNoticeContext & UpkeepContext

/** The jobs' names in job_leases. */
export const SERVER_JOB = {
  maintenance: 'maintenance-sweep',
  issuerOutbox: 'issuer-outbox',
  releaseNotices: 'plate-release-notices',
  paymentUpkeep: 'payment-upkeep',
} as const

export function startServerJobs(context: ServerJobsContext): PeriodicJob {
  const holder = newLeaseHolder(context.random)
  const lease = (job: string, intervalMs: number): (() => Promise<boolean>) => leasedRounds(context, job, holder, intervalMs)
  const jobs = [
    startMaintenance(context, MAINTENANCE_INTERVAL_MS, lease(SERVER_JOB.maintenance, MAINTENANCE_INTERVAL_MS)),
    startIssuerOutbox(context, ISSUER_OUTBOX_INTERVAL_MS, lease(SERVER_JOB.issuerOutbox, ISSUER_OUTBOX_INTERVAL_MS)),
    startPlateReleaseNotices(context, PLATE_RELEASE_NOTICE_INTERVAL_MS, lease(SERVER_JOB.releaseNotices, PLATE_RELEASE_NOTICE_INTERVAL_MS)),
    startPaymentUpkeep(context, PAYMENT_UPKEEP_INTERVAL_MS, lease(SERVER_JOB.paymentUpkeep, PAYMENT_UPKEEP_INTERVAL_MS)),
  ]
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()))
    },
  }
}
