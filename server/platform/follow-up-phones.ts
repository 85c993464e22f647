/**
 * Phones left for a customer-service call back (GET followUp/savePhone). A person leaving the
 * information form may leave the mobile they typed, and only when they ticked
 * 离开后可致电协助我办理: the call carries that consent (FOLLOW_UP_CONSENT) and is refused without
 * it. The phone is encrypted at rest (follow_up_phones.phone) and looked up by its blind index;
 * the row's `updated_at` is the time of the latest consent.
 *
 * A phone is kept only while a call can still help the person finish an application:
 * - the user's phones are deleted when they submit an order (in the submitting transaction,
 *   server/orders/apply-steps.ts), since the application they needed help with is done;
 * - the maintenance sweep deletes phones FOLLOW_UP_RETENTION_DAYS after the latest consent.
 */
import { eq, lte } from 'drizzle-orm'
import { DAY_MS } from '../../src/domain/constants'
import { FOLLOW_UP_RETENTION_DAYS } from '../../src/domain/follow-up'
import { phoneIndex } from '../crypto/field-cipher'
import type { Db, Tx } from '../db/database'
import { followUpPhones } from '../db/schema'

/** FOLLOW_UP_RETENTION_DAYS (src/domain/follow-up.ts, which the consent's wording names too). */
export const FOLLOW_UP_RETENTION_MS = FOLLOW_UP_RETENTION_DAYS * DAY_MS

export const FOLLOW_UP_MESSAGE = {
  noConsent: '未经您同意，不能保存回访电话',
} as const

/** Stores `phone` for a call back to `userId` at `now`; a phone left again only moves its consent time. */
export async function keepFollowUpPhone(db: Db, userId: number, phone: string, now: Date): Promise<void> {
  await db
    .insert(followUpPhones)
    .values({ userId, phone, phoneIndex: phoneIndex(phone), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [followUpPhones.userId, followUpPhones.phoneIndex], set: { updatedAt: now } })
}

/** Deletes every phone `userId` left for a call back (they submitted an order). */
export async function forgetFollowUpPhones(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(followUpPhones).where(eq(followUpPhones.userId, userId))
}

/** Deletes the phones whose latest consent is FOLLOW_UP_RETENTION_DAYS old at `now`; answers how many. */
export async function purgeFollowUpPhones(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - FOLLOW_UP_RETENTION_MS)
  const purged = await db.delete(followUpPhones).where(lte(followUpPhones.updatedAt, cutoff)).returning({ id: followUpPhones.id })
  return purged.length
}
