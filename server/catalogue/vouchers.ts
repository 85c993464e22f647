/**
 * Vouchers of a promotion: one per user and source channel. A user is eligible while the
 * promotion channel is open, belongs to the source channel's profile, and no voucher was claimed
 * yet; claiming again returns the voucher already claimed (the unique index makes that hold under
 * concurrent claims too).
 */
import { and, eq } from 'drizzle-orm'
import type { ClaimVoucherResponse, VerifyEligibilityResponse } from '../../types/api/apply'
import type { ChannelKey } from '../../types/api/channels'
import { newPublicId } from '../auth/secrets'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { vouchers } from '../db/schema'
import { channelOpen, findPromotionChannel, INTERCEPT_REASON } from './plate-checks'

export const VOUCHER_REASON = {
  claimed: '您已领取过该优惠券',
  unknownChannel: INTERCEPT_REASON.unknownChannel,
  closedChannel: INTERCEPT_REASON.closedChannel,
  otherSource: INTERCEPT_REASON.otherSource,
} as const

export const VOUCHER_ID_PREFIX = 'V'

export interface VoucherQuery {
  userId: number
  sourceChannel: string
  /** The profile the source channel belongs to. */
  channelKey: ChannelKey
  promotionChannelId: string
}

type VoucherRow = typeof vouchers.$inferSelect

async function claimedVoucher(db: Db, userId: number, sourceChannel: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.userId, userId), eq(vouchers.sourceChannel, sourceChannel)))
    .limit(1)
  return row
}

/** Why the promotion gives no voucher, or undefined when it does. */
async function promotionRefusal(db: Db, query: VoucherQuery): Promise<string | undefined> {
  const channel = await findPromotionChannel(db, query.promotionChannelId)
  if (channel === undefined) return VOUCHER_REASON.unknownChannel
  if (!channelOpen(channel)) return VOUCHER_REASON.closedChannel
  return channel.channelKey === query.channelKey ? undefined : VOUCHER_REASON.otherSource
}

export async function voucherEligibility(db: Db, query: VoucherQuery): Promise<VerifyEligibilityResponse> {
  if (await claimedVoucher(db, query.userId, query.sourceChannel)) return { eligible: false, reason: VOUCHER_REASON.claimed }
  const refusal = await promotionRefusal(db, query)
  return refusal === undefined ? { eligible: true, reason: '' } : { eligible: false, reason: refusal }
}

export type ClaimOutcome = { ok: true; voucher: ClaimVoucherResponse } | { ok: false; reason: string }

const answer = (row: VoucherRow): ClaimOutcome => ({ ok: true, voucher: { voucherId: row.id, claimedAt: row.claimedAt.toISOString() } })

export interface ClaimContext {
  db: Db
  clock: Clock
  random: RandomSource
}

export async function claimVoucher(context: ClaimContext, query: VoucherQuery & { orderId?: string }): Promise<ClaimOutcome> {
  const { db } = context
  const existing = await claimedVoucher(db, query.userId, query.sourceChannel)
  if (existing) return answer(existing)
  const refusal = await promotionRefusal(db, query)
  if (refusal !== undefined) return { ok: false, reason: refusal }
  await db
    .insert(vouchers)
    .values({
      id: newPublicId(context.random, VOUCHER_ID_PREFIX),
      userId: query.userId,
      sourceChannel: query.sourceChannel,
      promotionChannelId: query.promotionChannelId,
      orderId: query.orderId ?? null,
      claimedAt: context.clock.now(),
    })
    .onConflictDoNothing()
  // Whoever won a concurrent claim, the one stored voucher is the answer.
  const stored = await claimedVoucher(db, query.userId, query.sourceChannel)
  if (!stored) throw new Error('A claimed voucher vanished before it could be read')
  return answer(stored)
}
