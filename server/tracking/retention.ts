/**
 * Tracking events are kept for TRACKING_RETENTION_DAYS (server/config.ts) after they arrived, then
 * the maintenance sweep deletes them (server/maintenance/sweep.ts). Deleted in batches, so a large
 * backlog (a first sweep, a retention shortened) never holds one long transaction over the table.
 */
import { inArray, lt } from 'drizzle-orm'
import { DAY_MS } from '../../src/domain/constants'
import type { Db } from '../db/database'
import { trackingEvents } from '../db/schema'

/** Rows deleted per statement; a longer backlog continues in the same sweep. */
export const TRACKING_PURGE_BATCH = 5_000

/** Deletes the events received more than `retentionDays` before `now`; answers how many. */
export async function purgeTrackingEvents(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
  let purged = 0
  for (;;) {
    const expired = db.select({ id: trackingEvents.id }).from(trackingEvents).where(lt(trackingEvents.receivedAt, cutoff)).limit(TRACKING_PURGE_BATCH)
    const deleted = await db.delete(trackingEvents).where(inArray(trackingEvents.id, expired)).returning({ id: trackingEvents.id })
    purged += deleted.length
    if (deleted.length < TRACKING_PURGE_BATCH) return purged
  }
}
