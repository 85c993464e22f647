/**
 * The checks a plate goes through before an application (section 7's plate calls), as queries
 * over the seeded, editable tables: registered_plates (plates with ETC elsewhere), plate_rules
 * (white list, issuer interception), promotion_channels (closed channels) and the submitted open
 * orders of other users (an unpaid one only until its hold ends: orders/unpaid-orders.ts). The
 * apply and payment routes refuse what these refuse, so all use this module.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import type { SQLWrapper } from 'drizzle-orm'
import type { CheckApplyPlateResponse, InterceptionResponse, PlateUniqueResponse } from '../../types/api/apply'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'
import { PLATE_UNIQUE_RESULT, plateHeldUntilMessage } from '../../src/domain/plate'
import type { PlateUniqueResult } from '../../src/domain/plate'
import type { Db } from '../db/database'
import { preparedPerDb } from '../db/prepared'
import { orders, plateRules, promotionChannels, registeredPlates } from '../db/schema'
import { OPEN_ORDER } from '../orders/order-records'
import type { OrderRow } from '../orders/order-records'
import { holdEndsAt, paymentCutoff, unpaidDue } from '../orders/unpaid-orders'
import { APP_CONFIG_KEY, readSwitch } from './app-configs'

export const INTERCEPT_REASON = {
  plate: '该车辆暂不支持线上办理，请联系客服',
  order: '该订单已被发行方拦截，请取消后重新办理',
  unknownChannel: '推广渠道不存在，暂不支持办理',
  closedChannel: '该推广活动已结束，暂不支持办理',
  otherSource: '该推广活动不适用于当前渠道',
} as const

/** Why a plate another applicant has already submitted cannot be applied for. */
export const PLATE_HELD_MESSAGE = '该车辆已有其他申请人提交办理申请，如有疑问请联系客服'

/**
 * PLATE_HELD_MESSAGE, or for a hold that ends unless the other applicant pays (`releaseAt`), when
 * the plate frees. The business code stays PLATE_TAKEN either way.
 */
export function plateHeldMessage(releaseAt: Date | null): string {
  if (releaseAt === null) return PLATE_HELD_MESSAGE
  return plateHeldUntilMessage(releaseAt)
}

const NOT_INTERCEPTED: InterceptionResponse = { intercept: false, reason: '' }
const intercepted = (reason: string): InterceptionResponse => ({ intercept: true, reason })

/** A value of the query, or a placeholder of a prepared one. */
type Value<T> = T | SQLWrapper

const registeredPlateQuery = (db: Db, plateNumber: Value<string>, plateColor: Value<number>) =>
  db
    .select({ resultType: registeredPlates.resultType })
    .from(registeredPlates)
    .where(and(eq(registeredPlates.plateNumber, plateNumber), eq(registeredPlates.plateColor, plateColor)))
    .limit(1)

/** A registered plate's stored type as the check answers it (2 has ETC, anything else 3: an order elsewhere). */
const registeredResult = (resultType: number): PlateUniqueResult =>
  resultType === PLATE_UNIQUE_RESULT.HAS_ETC ? PLATE_UNIQUE_RESULT.HAS_ETC : PLATE_UNIQUE_RESULT.HAS_ORDER

/** Another user's submitted (so also paid or verified) open order of the plate. */
const submittedByOther = (userId: Value<number>, plateNumber: Value<string>) =>
  and(eq(orders.plateNumber, plateNumber), ne(orders.userId, userId), isNotNull(orders.submittedAt), OPEN_ORDER)

/** The uniqueness check's hold: another user's submitted open order, unless unpaid past its hold (expired at the next write). */
const heldByOtherQuery = (db: Db, userId: SQLWrapper, plateNumber: SQLWrapper, now: SQLWrapper, cutoff: SQLWrapper) =>
  db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(submittedByOther(userId, plateNumber), sql`not ${unpaidDue(now, cutoff)}`))
    .limit(1)

/** The registered result of a seeded plate (2 has ETC, 3 has an order elsewhere), if it is one. */
export async function registeredPlateResult(db: Db, plateNumber: string, plateColor: number): Promise<PlateUniqueResult | undefined> {
  const [registered] = await registeredPlateQuery(db, plateNumber, plateColor)
  return registered ? registeredResult(registered.resultType) : undefined
}

/**
 * The order by which another user holds the plate: only a submitted (so also a paid or verified)
 * open order does. An unsubmitted one (step 1, no documents) holds nothing, so nobody can squat a
 * plate; at the final commit the plate goes to the first to submit
 * (orders_one_submitted_per_plate_key). Expire the plate's lapsed unpaid orders first.
 */
export async function plateHolder(db: Db, userId: number, plateNumber: string): Promise<Pick<OrderRow, 'orderId' | 'payBy' | 'depositPayState'> | undefined> {
  const [holder] = await db
    .select({ orderId: orders.orderId, payBy: orders.payBy, depositPayState: orders.depositPayState })
    .from(orders)
    .where(submittedByOther(userId, plateNumber))
    .limit(1)
  return holder
}

/**
 * The uniqueness result of a plate for a user at `now`: the registered result for a seeded plate,
 * 3 when another user's submitted open order holds it, else 1. The caller's own open order does
 * not count (the app resumes it), nor does anyone's unsubmitted one, nor an unpaid one whose hold
 * has ended (the next create expires it). Both are asked in one query, which writes nothing: the
 * entry page checks every plate typed.
 */
/**
 * The uniqueness check's answer: its result, and where another applicant's unpaid order holds the
 * plate, when the hold ends unless they pay (the entry page tells the owner; the time only, never
 * whose order it is).
 */
export async function plateUniqueAnswer(db: Db, userId: number, plateNumber: string, plateColor: number, now: Date): Promise<PlateUniqueResponse['data']> {
  const resultType = await plateUniqueResult(db, userId, plateNumber, plateColor, now)
  if (resultType !== PLATE_UNIQUE_RESULT.HAS_ORDER) return { resultType }
  const holder = await plateHolder(db, userId, plateNumber)
  const releaseAt = holder ? await holdEndsAt(db, holder) : null
  return releaseAt ? { resultType, releaseAt: releaseAt.toISOString() } : { resultType }
}

export async function plateUniqueResult(db: Db, userId: number, plateNumber: string, plateColor: number, now: Date): Promise<PlateUniqueResult> {
  const [row] = await plateUniqueQuery(db).execute({ userId, plateNumber, plateColor, now, cutoff: paymentCutoff(now) })
  if (row?.registered !== null && row?.registered !== undefined) return registeredResult(row.registered)
  return row?.heldByOther ? PLATE_UNIQUE_RESULT.HAS_ORDER : PLATE_UNIQUE_RESULT.FREE
}

const plateUniqueQuery = preparedPerDb((db) => {
  const plateNumber = sql.placeholder('plateNumber')
  return db
    .select({
      registered: sql<number | null>`(${registeredPlateQuery(db, plateNumber, sql.placeholder('plateColor'))})`,
      heldByOther: sql<boolean>`exists (${heldByOtherQuery(db, sql.placeholder('userId'), plateNumber, sql.placeholder('now'), sql.placeholder('cutoff'))})`.mapWith(Boolean),
    })
    .from(sql`(select 1) as plate`)
    .prepare('plate_unique_result')
})

export type PromotionChannelRow = typeof promotionChannels.$inferSelect

export async function findPromotionChannel(db: Db, promotionChannelId: string): Promise<PromotionChannelRow | undefined> {
  const [row] = await db.select().from(promotionChannels).where(eq(promotionChannels.id, promotionChannelId)).limit(1)
  return row
}

/** Whether a promotion channel takes new applications: known, running and not intercepted. */
export function channelOpen(channel: PromotionChannelRow | undefined): channel is PromotionChannelRow {
  return channel !== undefined && channel.effective && !channel.intercepted
}

/** The channel profile whose source channel this is. */
export function channelKeyOfSource(sourceChannel: string): ChannelKey | undefined {
  return (Object.keys(CHANNEL_IDENTIFIERS) as ChannelKey[]).find((key) => CHANNEL_IDENTIFIERS[key].sourceChannel === sourceChannel)
}

function channelVerdict(channel: PromotionChannelRow | undefined): InterceptionResponse {
  if (channel === undefined) return intercepted(INTERCEPT_REASON.unknownChannel)
  return channelOpen(channel) ? NOT_INTERCEPTED : intercepted(INTERCEPT_REASON.closedChannel)
}

/**
 * interceptCheck: the channel is closed for new applications when the promotion channel is
 * unknown, ended or intercepted, or belongs to another channel profile than the source channel.
 */
export async function channelInterception(db: Db, sourceChannel: string, promotionChannelId: string): Promise<InterceptionResponse> {
  const channel = await findPromotionChannel(db, promotionChannelId)
  const verdict = channelVerdict(channel)
  if (verdict.intercept || channel === undefined) return verdict
  return channelKeyOfSource(sourceChannel) === channel.channelKey ? NOT_INTERCEPTED : intercepted(INTERCEPT_REASON.otherSource)
}

export interface PromotionUse {
  /** The `{channel}` path id the call came through. */
  channelId: string
  sourceChannel: string
  promotionChannelId: string
}

/**
 * Whether a promotion may be used through this channel: the interception check's rules (unknown,
 * ended or intercepted, or of another channel profile than the source channel), and the
 * promotion must also be one of the `{channel}` the call came through. Apply and choosing a
 * package use it, so a promotion (and its free package) never leaves its channel.
 */
export async function promotionUseVerdict(db: Db, use: PromotionUse): Promise<InterceptionResponse> {
  const verdict = await channelInterception(db, use.sourceChannel, use.promotionChannelId)
  if (verdict.intercept) return verdict
  return (await promotionOfChannel(db, use)) ? NOT_INTERCEPTED : intercepted(INTERCEPT_REASON.otherSource)
}

/**
 * Whether the promotion belongs to the call's `{channel}` and the source channel's profile,
 * whether or not it still runs: a payment names the promotion of an order admitted while it ran.
 */
export async function promotionOfChannel(db: Db, use: PromotionUse): Promise<boolean> {
  const channel = await findPromotionChannel(db, use.promotionChannelId)
  return channel !== undefined && channel.channelId === use.channelId && channelKeyOfSource(use.sourceChannel) === channel.channelKey
}

export interface PlateInterceptionQuery {
  plateNumber: string
  promotionChannelId: string
  /** The caller's own order of the plate, when the app names one. */
  order?: { stockInterceptionFlag: boolean }
}

/**
 * contractUserInterception: the issuer stops the plate (plate_rules), the named order (stock
 * interception), or the promotion channel is closed.
 */
export async function plateInterception(db: Db, query: PlateInterceptionQuery): Promise<InterceptionResponse> {
  const [rule] = await db
    .select({ intercepted: plateRules.intercepted, reason: plateRules.interceptReason })
    .from(plateRules)
    .where(eq(plateRules.plateNumber, query.plateNumber))
    .limit(1)
  if (rule?.intercepted) return intercepted(rule.reason.trim() || INTERCEPT_REASON.plate)
  if (query.order?.stockInterceptionFlag) return intercepted(INTERCEPT_REASON.order)
  return channelVerdict(await findPromotionChannel(db, query.promotionChannelId))
}

/** checkApplyPlateNumber: the plate's white-list flag and the reapply window switches. */
export async function plateCheckFlags(db: Db, plateNumber: string): Promise<CheckApplyPlateResponse> {
  const [rule] = await db.select({ isWhiteNo: plateRules.isWhiteNo }).from(plateRules).where(eq(plateRules.plateNumber, plateNumber)).limit(1)
  const [windowSwitchOneZs, windowSwitchTwoZs] = await Promise.all([
    readSwitch(db, APP_CONFIG_KEY.windowSwitchOne),
    readSwitch(db, APP_CONFIG_KEY.windowSwitchTwo),
  ])
  return { isWhiteNo: rule?.isWhiteNo === true, windowSwitchOneZs, windowSwitchTwoZs }
}
