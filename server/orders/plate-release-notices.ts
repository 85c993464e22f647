/**
 * "Tell me when it frees": an owner whose plate another applicant holds unpaid (plateUnique
 * answered `releaseAt`) may ask for one SMS when the hold ends without payment.
 *
 * - Asked for (plateReleaseNotice): only while the plate waits to free for this user, only to the
 *   account's own phone (a verified number: nobody can point SMS at a stranger's phone), at most
 *   PLATE_RELEASE_NOTICES_PER_USER plates at a time. Asking again for the same plate changes
 *   nothing. No phone is stored: the notice reads the account's phone when it goes out.
 * - Sent (sendDueReleaseNotices, the job of server/jobs/plate-release-notices.ts every minute):
 *   each waiting plate's lapsed unpaid orders are expired first, then every owner of a plate nobody
 *   else holds any more gets one SMS; the row goes once sent. A failed send keeps the row for the
 *   next round. The notice names the plate only, never who held it or why it freed.
 * - Dropped without a send: the plate is held with no end any more (the other applicant paid), the
 *   owner has an open order of the plate by now (they took it), or the owner's account has no phone
 *   any more; and every row PLATE_RELEASE_NOTICE_RETENTION_HOURS after it was asked for.
 *
 * It lives with the orders (issue 30): whether a plate frees is a question about orders.
 */
import { and, count, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { PlateReleaseNoticeResponse } from '../../types/api/apply'
import { HOUR_MS } from '../../src/domain/constants'
import { maskMobile } from '../../src/domain/masking'
import { SmsRefusedError } from '../auth/sms-gateway'
import type { SmsGateway } from '../auth/sms-gateway'
import type { Db } from '../db/database'
import { plateReleaseNotices, users } from '../db/schema'
import { DomainError } from '../domain-error'
import { findOpenOrderForPlate } from './order-records'
import { expireUnpaidOrders, holdEndsAt } from './unpaid-orders'
import type { Clock } from '../runtime/clock'
import { plateHolder, plateUniqueAnswer } from './plate-checks'

/** Plates one user may wait for at a time. */
export const PLATE_RELEASE_NOTICES_PER_USER = 3
/** How long a request waits at most: a hold lasts UNPAID_HOLD_MINUTES plus the payment's grace, far less. */
export const PLATE_RELEASE_NOTICE_RETENTION_HOURS = 24
const RETENTION_MS = PLATE_RELEASE_NOTICE_RETENTION_HOURS * HOUR_MS

export const PLATE_RELEASE_NOTICE_MESSAGE = {
  notWaiting: '该车牌当前不在等待释放中，请直接点击下一步办理',
  noPhone: '当前账号未绑定手机号，无法短信通知，请稍后再来查询',
  tooMany: `最多同时预约${PLATE_RELEASE_NOTICES_PER_USER}个车牌的释放提醒`,
} as const

export interface ReleaseNoticeContext {
  readonly db: Db
  readonly clock: Clock
  readonly sms: SmsGateway
  readonly log: FastifyBaseLogger
}

async function accountPhone(db: Db, userId: number): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId))
  return user?.phone ?? null
}

/**
 * Records that `userId` wants an SMS when `plateNumber` frees; answers the masked phone it goes
 * to and when the hold ends. Refused (2003) when the plate is not waiting to free for this user,
 * the account has no phone, or the user already waits for PLATE_RELEASE_NOTICES_PER_USER plates.
 */
export async function askPlateReleaseNotice(db: Db, userId: number, plateNumber: string, plateColor: number, now: Date): Promise<PlateReleaseNoticeResponse> {
  const answer = await plateUniqueAnswer(db, userId, plateNumber, plateColor, now)
  if (answer.releaseAt === undefined) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PLATE_RELEASE_NOTICE_MESSAGE.notWaiting)
  const phone = await accountPhone(db, userId)
  if (phone === null) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PLATE_RELEASE_NOTICE_MESSAGE.noPhone)
  await db.transaction(async (tx) => {
    // Serialised per user, so two taps cannot both pass the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [waiting] = await tx.select({ total: count() }).from(plateReleaseNotices).where(eq(plateReleaseNotices.userId, userId))
    const [existing] = await tx
      .select({ id: plateReleaseNotices.id })
      .from(plateReleaseNotices)
      .where(and(eq(plateReleaseNotices.userId, userId), eq(plateReleaseNotices.plateNumber, plateNumber)))
    if (existing) return
    if ((waiting?.total ?? 0) >= PLATE_RELEASE_NOTICES_PER_USER) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PLATE_RELEASE_NOTICE_MESSAGE.tooMany)
    await tx.insert(plateReleaseNotices).values({ userId, plateNumber, createdAt: now })
  })
  return { maskedPhone: maskMobile(phone), releaseAt: answer.releaseAt }
}

type NoticeRow = typeof plateReleaseNotices.$inferSelect

/** What becomes of one waiting owner's request now: sent, dropped, or kept for a later round. */
async function fateOf(db: Db, notice: NoticeRow): Promise<'free' | 'drop' | 'wait'> {
  if (await findOpenOrderForPlate(db, notice.userId, notice.plateNumber)) return 'drop'
  const holder = await plateHolder(db, notice.userId, notice.plateNumber)
  if (!holder) return 'free'
  return (await holdEndsAt(db, holder)) === null ? 'drop' : 'wait'
}

/**
 * One waiting request, under its row's claim (FOR UPDATE SKIP LOCKED): another server's round
 * skips a row this one holds, and the row goes with the send's transaction. A crash before the
 * commit leaves the row, so the notice may be repeated but is never lost.
 */
async function settleNotice(context: ReleaseNoticeContext, id: number, now: Date): Promise<'sent' | 'done' | 'kept'> {
  const { log } = context
  return context.db.transaction(async (tx) => {
    const [notice] = await tx.select().from(plateReleaseNotices).where(eq(plateReleaseNotices.id, id)).for('update', { skipLocked: true })
    if (!notice) return 'kept'
    const fate = await fateOf(tx, notice)
    if (fate === 'wait') return 'kept'
    const phone = fate === 'free' ? await accountPhone(tx, notice.userId) : null
    let sent = false
    if (phone !== null) {
      try {
        await context.sms.sender.notify({ kind: 'plateReleased', phone, plateNumber: notice.plateNumber, sentAt: now }, log)
        sent = true
      } catch (error) {
        // The number cannot take it (unsubscribed, black-listed, not a mobile): trying again changes nothing.
        const hopeless = error instanceof SmsRefusedError && (error.refusal === 'blocked' || error.refusal === 'invalid')
        log.warn({ err: error, notice: notice.id }, hopeless ? 'plate release notice refused for the number: dropped' : 'plate release notice not sent: kept for the next round')
        if (!hopeless) return 'kept'
      }
    }
    await tx.delete(plateReleaseNotices).where(eq(plateReleaseNotices.id, notice.id))
    return sent ? 'sent' : 'done'
  })
}

/** Sends the notices of the plates freed by now and drops the stale ones; answers how many were sent. */
export async function sendDueReleaseNotices(context: ReleaseNoticeContext): Promise<number> {
  const { db } = context
  const now = context.clock.now()
  await db.delete(plateReleaseNotices).where(lte(plateReleaseNotices.createdAt, new Date(now.getTime() - RETENTION_MS)))
  const waiting = await db.select().from(plateReleaseNotices).orderBy(plateReleaseNotices.id)
  for (const plateNumber of new Set(waiting.map((notice) => notice.plateNumber))) await expireUnpaidOrders(db, now, { plateNumber })
  let sent = 0
  for (const notice of waiting) if ((await settleNotice(context, notice.id, now)) === 'sent') sent += 1
  return sent
}
