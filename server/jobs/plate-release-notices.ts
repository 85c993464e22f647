/**
 * The plate release notices' job: every minute, the owners waiting for a plate that has freed get
 * their SMS (server/orders/plate-release-notices.ts). One process runs it, like the maintenance
 * sweep; a notice goes out before its row is deleted, so a crash between the two can repeat one
 * SMS but never loses one.
 */
import { MINUTE_MS } from '../../src/domain/constants'
import { sendDueReleaseNotices } from '../orders/plate-release-notices'
import type { ReleaseNoticeContext } from '../orders/plate-release-notices'
import { startPeriodic } from '../runtime/periodic'
import type { PeriodicJob, PeriodicOptions } from '../runtime/periodic'

/** How often waiting plates are looked at: an owner hears of a freed plate within a minute or so. */
export const PLATE_RELEASE_NOTICE_INTERVAL_MS = MINUTE_MS

export function startPlateReleaseNotices(context: ReleaseNoticeContext, intervalMs: number = PLATE_RELEASE_NOTICE_INTERVAL_MS, claim?: PeriodicOptions['claim']): PeriodicJob {
  const run = async (): Promise<void> => {
    const sent = await sendDueReleaseNotices(context)
    if (sent > 0) context.log.info({ sent }, 'plate release notices sent')
  }
  return startPeriodic(run, { intervalMs, log: context.log, failureMessage: 'plate release notices failed', runAtStart: true, claim })
}
