/**
 * The maintenance sweep: expiry of orders left unsubmitted or not paid in time, retention of
 * photos and the purge of spent login material. The server
 * process runs it on a timer (startMaintenance, from server/main.ts); tests call
 * runMaintenance with a fake clock.
 *
 * - Photos (ID cards, licences, vehicle) are deleted PHOTO_RETENTION_DAYS after their order was
 *   activated or cancelled, an expired order included (the time of that timeline entry; the order's last update for orders
 *   closed before the timeline had one), and photos no order holds any more after the same
 *   period from their upload. The order keeps its certificate flags as history.
 * - Sessions and login tickets are deleted once expired; SMS codes once expired, or once used or
 *   voided and past the 60 s wait between two sends (the only rule that still reads them).
 * - Phones left for a call back are deleted FOLLOW_UP_RETENTION_DAYS after the latest consent
 *   (server/platform/follow-up-phones.ts; submitting an order deletes them at once).
 * - Hand-overs to the issuer still queued for an order cancelled or activated meanwhile are
 *   dropped: such an order is never sent (server/orders/issuer-outbox.ts).
 * - Tracking events are deleted TRACKING_RETENTION_DAYS (90 by default) after they arrived
 *   (server/tracking/retention.ts).
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { DAY_MS, SECOND_MS, VERIFY_CODE_WAIT_S } from '../../src/domain/constants'
import { ACTIVATION_STATE, CANCEL_STATE } from '../../src/domain/enums'
import { DEFAULTS } from '../config'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { loginTickets, orderEvents, orders, sessions, smsCodes, uploads } from '../db/schema'
import { startPeriodic } from '../runtime/periodic'
import type { PeriodicJob, PeriodicOptions } from '../runtime/periodic'
import { dropClosedHandOvers } from '../orders/issuer-outbox'
import { expireUnpaidOrders } from '../orders/unpaid-orders'
import { expireUnsubmittedOrders } from '../orders/unsubmitted-orders'
import { purgeFollowUpPhones } from '../platform/follow-up-phones'
import type { FileStorage } from '../storage/file-storage'
import { purgeTrackingEvents } from '../tracking/retention'

/** How long photos are kept after their order is activated or cancelled. */
export const PHOTO_RETENTION_DAYS = 30
export const PHOTO_RETENTION_MS = PHOTO_RETENTION_DAYS * DAY_MS
/** How often the server process sweeps. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * SECOND_MS
/** Photos deleted per query; a longer backlog continues in the same sweep. */
export const PHOTO_PURGE_BATCH = 100

export interface MaintenanceContext {
  readonly db: Db
  readonly clock: Clock
  /** Where the photo files live (deleting needs no key, so the raw storage will do). */
  readonly storage: FileStorage
  readonly log: FastifyBaseLogger
  /** Days a tracking event is kept (config.tracking.retentionDays); the default when absent. */
  readonly trackingRetentionDays?: number
}

export interface MaintenanceReport {
  /** Orders cancelled because they stayed unsubmitted too long. */
  expiredOrders: number
  /** Orders cancelled because they were not paid in time (their plates freed). */
  unpaidOrders: number
  photos: number
  sessions: number
  loginTickets: number
  smsCodes: number
  followUpPhones: number
  /** Queued hand-overs of orders closed before their delivery. */
  issuerHandOvers: number
  trackingEvents: number
}

/** When an activated or cancelled order closed: its timeline entry, else its last update. */
const closedAt = sql`coalesce(
  (select max(${orderEvents.at}) from ${orderEvents}
    where ${orderEvents.orderId} = ${orders.orderId} and ${orderEvents.kind} in ('activated', 'cancelled')),
  ${orders.updatedAt})`

async function expiredPhotos(db: Db, cutoff: Date): Promise<{ id: string; key: string }[]> {
  return db
    .select({ id: uploads.id, key: uploads.storageKey })
    .from(uploads)
    .leftJoin(orders, eq(orders.orderId, uploads.orderId))
    .where(
      or(
        and(isNull(uploads.orderId), lte(uploads.createdAt, cutoff)),
        and(
          or(eq(orders.cancelState, CANCEL_STATE.SUCCESS), eq(orders.obuActivationState, ACTIVATION_STATE.ACTIVATED)),
          sql`${closedAt} <= ${cutoff}`,
        ),
      ),
    )
    .limit(PHOTO_PURGE_BATCH)
}

async function purgePhotos(context: MaintenanceContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PHOTO_RETENTION_MS)
  let purged = 0
  for (;;) {
    const batch = await expiredPhotos(context.db, cutoff)
    const deleted: string[] = []
    for (const photo of batch) {
      try {
        await context.storage.delete(photo.key)
        deleted.push(photo.id)
      } catch (error) {
        // The row stays, so the next sweep tries the file again.
        context.log.warn({ err: error, uploadId: photo.id }, 'could not delete an expired photo')
      }
    }
    if (deleted.length > 0) await context.db.delete(uploads).where(inArray(uploads.id, deleted))
    purged += deleted.length
    if (batch.length < PHOTO_PURGE_BATCH || deleted.length === 0) return purged
  }
}

export async function runMaintenance(context: MaintenanceContext): Promise<MaintenanceReport> {
  const { db } = context
  const now = context.clock.now()
  const expiredOrders = await expireUnsubmittedOrders(db, now)
  const unpaidOrders = await expireUnpaidOrders(db, now)
  const photos = await purgePhotos(context, now)
  const expiredSessions = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id })
  const expiredTickets = await db.delete(loginTickets).where(lte(loginTickets.expiresAt, now)).returning({ id: loginTickets.id })
  const waitOver = new Date(now.getTime() - VERIFY_CODE_WAIT_S * SECOND_MS)
  const spentCodes = await db
    .delete(smsCodes)
    .where(
      or(
        lte(smsCodes.expiresAt, now),
        and(or(isNotNull(smsCodes.usedAt), isNotNull(smsCodes.voidedAt)), lte(smsCodes.sentAt, waitOver)),
      ),
    )
    .returning({ id: smsCodes.id })
  const followUpPhones = await purgeFollowUpPhones(db, now)
  const issuerHandOvers = await dropClosedHandOvers(db)
  const trackingEvents = await purgeTrackingEvents(db, now, context.trackingRetentionDays ?? DEFAULTS.trackingRetentionDays)
  return {
    expiredOrders,
    unpaidOrders,
    photos,
    sessions: expiredSessions.length,
    loginTickets: expiredTickets.length,
    smsCodes: spentCodes.length,
    followUpPhones,
    issuerHandOvers,
    trackingEvents,
  }
}

export type Maintenance = PeriodicJob

/** Sweeps now and every `intervalMs`; a sweep never overlaps the previous one. */
export function startMaintenance(context: MaintenanceContext, intervalMs: number = MAINTENANCE_INTERVAL_MS, claim?: PeriodicOptions['claim']): Maintenance {
  const sweep = async (): Promise<void> => {
    context.log.info({ ...(await runMaintenance(context)) }, 'maintenance sweep done')
  }
  return startPeriodic(sweep, { intervalMs, log: context.log, failureMessage: 'maintenance sweep failed', runAtStart: true, claim })
}
