/**
 * Write-off codes (核销码) of a write-off promotion (ACTIVITY_TYPE.WRITE_OFF_CODE): whether a code
 * may be used (verifyEligibility, for an order when one is named) and claiming it for the
 * caller's own order (claimVoucher). A refusal says which rule refused (VOUCHER_REFUSAL) and why,
 * in Chinese.
 *
 * The rules, first match wins: the promotion must exist, be of the caller's channel profile and
 * be a write-off campaign; the order's own code answers the same again (a claim is idempotent);
 * the promotion must still run; the order must be of that promotion, still choosing its price
 * (not cancelled, activated, paid or free) with no payment in progress (the full price may be paid
 * on the platform already), and hold no other code; the code must exist, be of that promotion, be
 * free and not expired (the injected clock decides).
 *
 * What is wrong with the code itself is said only to its holder (a code claimed for another of
 * the caller's own orders: "used"). To anyone else an unknown, used, expired or other promotion's
 * code is one answer (VOUCHER_REFUSAL.UNAVAILABLE), so guessing learns which codes exist from
 * nothing but a success; and that answer counts as a failed guess against the caller's address
 * and the code's prefix (catalogue/voucher-guesses.ts).
 *
 * A claim is one transaction holding the order's row lock (the lock cancel, payment and settle
 * take first too): the code is taken by a conditional update, so of two concurrent claims of one
 * code exactly one wins and the other is answered "used"; the unique index
 * voucher_codes_one_per_order_key keeps an order to one code.
 *
 * It lives with the orders (issue 30): a claim reads and writes the caller's order, and the
 * catalogue, which the orders read, must not read the orders back.
 */
import { and, eq, gt, isNull } from 'drizzle-orm'
import { VOUCHER_REFUSAL } from '../../types/api/apply'
import type { ClaimVoucherResponse, VerifyEligibilityResponse, VoucherRefusal } from '../../types/api/apply'
import type { ChannelKey } from '../../types/api/channels'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { HOUR_MS } from '../../src/domain/constants'
import { ACTIVATION_STATE, ACTIVITY_TYPE, CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { newPublicId } from '../auth/secrets'
import type { Db } from '../db/database'
import { violatesUnique } from '../db/constraint-errors'
import { voucherCodes } from '../db/schema'
import { DomainError } from '../domain-error'
import type { CounterStore } from '../limits/counters'
import { PROMOTION_MESSAGE } from './admission'
import { requireOwnOrder } from './order-records'
import type { OrderRow } from './order-records'
import { expireUnsubmittedOrders } from './unsubmitted-orders'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { CHANNEL_INTERCEPT_REASON } from '../promotions/channel-interception'
import { channelOpen, findPromotionChannel } from '../promotions/promotion-channels'
import { countFailedGuess, guessLockedOut } from '../catalogue/voucher-guesses'
import type { VoucherGuessLimits } from '../catalogue/voucher-guesses'
import { orderVoucher } from '../catalogue/voucher-codes'

export const VOUCHER_MESSAGE = {
  /** Unknown, used by someone else, expired or another promotion's: one message, nothing to tell apart. */
  unavailable: '核销码无效或不可用，请核对后重新输入',
  /** Only for the caller whose own order holds the code. */
  usedByYou: '该核销码已被您的订单使用',
  notWriteOff: '当前活动不支持核销码',
  unknownPromotion: CHANNEL_INTERCEPT_REASON.unknownChannel,
  closedPromotion: CHANNEL_INTERCEPT_REASON.closedChannel,
  otherSource: CHANNEL_INTERCEPT_REASON.otherSource,
  notTheOrders: PROMOTION_MESSAGE.notTheOrders,
  orderHasVoucher: '该订单已使用核销码',
  orderClosed: '订单当前状态不能使用核销码',
  paying: '订单正在支付中，暂不能使用核销码',
  tooMany: '核销码尝试次数过多，请稍后再试',
} as const

/** The public id of a claim (ClaimVoucherResponse.voucherId) starts with this. */
export const VOUCHER_ID_PREFIX = 'V'

/** Checks and claims per user in a fixed window: enough for typos, too few to guess codes. */
export const VOUCHER_ATTEMPT_LIMIT = { max: 30, windowMs: HOUR_MS } as const

/** The unique index that keeps an order to one code. */
const ONE_PER_ORDER = 'voucher_codes_one_per_order_key'

export interface VoucherQuery {
  userId: number
  /** The profile of the path's source channel. */
  channelKey: ChannelKey
  promotionChannelId: string
  /** Normalised: trimmed and upper-cased. */
  code: string
  /** The request's client address (Fastify's request.ip: TRUST_PROXY decides). */
  clientAddress: string
}

export interface VoucherContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
  readonly counters: CounterStore
  readonly config: { readonly voucherGuessLimits: VoucherGuessLimits }
}

type CodeRow = typeof voucherCodes.$inferSelect
type Refusal = { ok: false; refusal: VoucherRefusal; reason: string }
type Verdict = { ok: true; row: CodeRow; heldByOrder: boolean } | Refusal

const refuse = (refusal: VoucherRefusal, reason: string): Refusal => ({ ok: false, refusal, reason })

/** Cancelled or being cancelled, activated, paid, or with nothing to pay: its price is settled. */
function priceSettled(order: OrderRow): boolean {
  return (
    order.cancelState === CANCEL_STATE.SUCCESS ||
    order.cancelState === CANCEL_STATE.CANCELLING ||
    order.obuActivationState === ACTIVATION_STATE.ACTIVATED ||
    order.depositPayState === PAY_STATE.SUCCESS ||
    order.depositPayState === PAY_STATE.NOT_NEEDED ||
    order.amountCents === 0
  )
}

async function findCode(db: Db, code: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(voucherCodes).where(eq(voucherCodes.code, code)).limit(1)
  return row
}

/**
 * The refusal of a code that cannot be used: its details for the caller whose own order holds it,
 * one answer for everyone else.
 */
function codeRefusal(row: CodeRow | undefined, userId: number): Refusal {
  if (row !== undefined && row.claimedUserId === userId) return refuse(VOUCHER_REFUSAL.USED, VOUCHER_MESSAGE.usedByYou)
  return refuse(VOUCHER_REFUSAL.UNAVAILABLE, VOUCHER_MESSAGE.unavailable)
}

function usable(row: CodeRow | undefined, promotionChannelId: string, now: Date): row is CodeRow {
  return row !== undefined && row.promotionChannelId === promotionChannelId && row.claimedAt === null && row.expiresAt.getTime() > now.getTime()
}

async function judge(db: Db, query: VoucherQuery, order: OrderRow | undefined, now: Date): Promise<Verdict> {
  const promotion = await findPromotionChannel(db, query.promotionChannelId)
  if (promotion === undefined) return refuse(VOUCHER_REFUSAL.PROMOTION, VOUCHER_MESSAGE.unknownPromotion)
  if (promotion.channelKey !== query.channelKey) return refuse(VOUCHER_REFUSAL.PROMOTION, VOUCHER_MESSAGE.otherSource)
  if (promotion.activityType !== ACTIVITY_TYPE.WRITE_OFF_CODE) return refuse(VOUCHER_REFUSAL.PROMOTION, VOUCHER_MESSAGE.notWriteOff)
  const row = await findCode(db, query.code)
  // A repeated claim (a retry, a second tap) answers what the first did, whatever changed since.
  if (row !== undefined && order !== undefined && row.claimedOrderId === order.orderId && row.promotionChannelId === promotion.id) {
    return { ok: true, row, heldByOrder: true }
  }
  if (!channelOpen(promotion)) return refuse(VOUCHER_REFUSAL.PROMOTION, VOUCHER_MESSAGE.closedPromotion)
  if (order !== undefined) {
    if (order.promotionChannelId !== promotion.id) return refuse(VOUCHER_REFUSAL.PROMOTION, VOUCHER_MESSAGE.notTheOrders)
    if (priceSettled(order)) return refuse(VOUCHER_REFUSAL.ORDER_CLOSED, VOUCHER_MESSAGE.orderClosed)
    // The full price may already be paid on the platform (WeChat Pay, Alipay): the code waits for
    // the payment's outcome rather than abandoning it.
    if (order.depositPayState === PAY_STATE.PAYING) return refuse(VOUCHER_REFUSAL.ORDER_CLOSED, VOUCHER_MESSAGE.paying)
    // Asked before the code is looked at, so that the answer says nothing about the code.
    if ((await orderVoucher(db, order.orderId)) !== null) return refuse(VOUCHER_REFUSAL.ORDER_HAS_VOUCHER, VOUCHER_MESSAGE.orderHasVoucher)
  }
  if (!usable(row, promotion.id, now)) return codeRefusal(row, query.userId)
  return { ok: true, row, heldByOrder: false }
}

/**
 * Before anything is looked up: refused (business 429) while the caller's address or the code's
 * prefix is locked out, or past the caller's own attempts (each attempt counts).
 */
async function admitAttempt(context: VoucherContext, query: VoucherQuery): Promise<void> {
  const tooMany = () => DomainError.business(BUSINESS_CODE.TOO_MANY_REQUESTS, VOUCHER_MESSAGE.tooMany)
  if (await guessLockedOut(context.counters, context.config.voucherGuessLimits, query)) throw tooMany()
  const hit = await context.counters.hit(`voucher-attempts:${query.userId}`, VOUCHER_ATTEMPT_LIMIT.windowMs)
  if (hit.count > VOUCHER_ATTEMPT_LIMIT.max) throw tooMany()
}

/** A code refused as unavailable was a failed guess; any other answer says nothing of the code. */
async function noteRefusal(context: VoucherContext, query: VoucherQuery, refusal: VoucherRefusal): Promise<void> {
  if (refusal === VOUCHER_REFUSAL.UNAVAILABLE) await countFailedGuess(context.counters, context.config.voucherGuessLimits, query)
}

export async function voucherEligibility(context: VoucherContext, query: VoucherQuery & { orderId?: string }): Promise<VerifyEligibilityResponse> {
  await admitAttempt(context, query)
  const now = context.clock.now()
  let order: OrderRow | undefined
  if (query.orderId !== undefined) {
    // An order left unsubmitted too long is cancelled first, and then takes no code.
    await expireUnsubmittedOrders(context.db, now, query.userId)
    order = await requireOwnOrder(context.db, query.userId, query.orderId)
  }
  const verdict = await judge(context.db, query, order, now)
  if (!verdict.ok) {
    await noteRefusal(context, query, verdict.refusal)
    return { eligible: false, reason: verdict.reason, refusal: verdict.refusal }
  }
  return { eligible: true, reason: '', discountCents: verdict.row.discountCents, expiresAt: verdict.row.expiresAt.toISOString() }
}

export type ClaimOutcome = { ok: true; voucher: ClaimVoucherResponse } | Refusal

function claimed(row: CodeRow): ClaimOutcome {
  if (row.claimId === null || row.claimedOrderId === null || row.claimedAt === null) throw new Error(`Voucher code ${row.code} is not claimed`)
  return {
    ok: true,
    voucher: { voucherId: row.claimId, code: row.code, orderId: row.claimedOrderId, discountCents: row.discountCents, claimedAt: row.claimedAt.toISOString() },
  }
}

async function claimOnce(context: VoucherContext, query: VoucherQuery & { orderId: string }, now: Date): Promise<ClaimOutcome> {
  return context.db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, query.userId, query.orderId, { lock: true })
    const verdict = await judge(tx, query, order, now)
    if (!verdict.ok) return verdict
    if (verdict.heldByOrder) return claimed(verdict.row)
    const [taken] = await tx
      .update(voucherCodes)
      .set({ claimId: newPublicId(context.random, VOUCHER_ID_PREFIX), claimedUserId: query.userId, claimedOrderId: order.orderId, claimedAt: now })
      .where(and(eq(voucherCodes.code, verdict.row.code), isNull(voucherCodes.claimedAt), gt(voucherCodes.expiresAt, now)))
      .returning()
    // Another order's claim took the code between the read and this write: whose it is now decides the answer.
    if (!taken) return codeRefusal(await findCode(tx, verdict.row.code), query.userId)
    return claimed(taken)
  })
}

export async function claimVoucher(context: VoucherContext, query: VoucherQuery & { orderId: string }): Promise<ClaimOutcome> {
  await admitAttempt(context, query)
  const now = context.clock.now()
  await expireUnsubmittedOrders(context.db, now, query.userId)
  try {
    const outcome = await claimOnce(context, query, now)
    if (!outcome.ok) await noteRefusal(context, query, outcome.refusal)
    return outcome
  } catch (error) {
    // The last line behind the order's lock: the index refused a second code for the order.
    if (violatesUnique(error, ONE_PER_ORDER)) return refuse(VOUCHER_REFUSAL.ORDER_HAS_VOUCHER, VOUCHER_MESSAGE.orderHasVoucher)
    throw error
  }
}
