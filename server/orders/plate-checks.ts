/**
 * The checks a plate goes through before an application (section 7's plate calls), as queries
 * over the seeded, editable tables: registered_plates (plates with ETC elsewhere), plate_rules
 * (white list, issuer interception), promotion_channels (closed channels: server/promotions/) and
 * the submitted open orders of other users (an unpaid one only until its hold ends:
 * unpaid-orders.ts). The apply and payment routes refuse what these refuse, so all use this
 * module. It lives with the orders (issue 30) because a plate is held by another user's order.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import type { SQLWrapper } from 'drizzle-orm'
import type { CheckApplyPlateResponse, InterceptionResponse, PlateUniqueResponse } from '../../types/api/apply'
import { PLATE_UNIQUE_RESULT, plateHeldUntilMessage } from '../../src/domain/plate'
import type { PlateUniqueResult } from '../../src/domain/plate'
import type { Db } from '../db/database'
import { preparedPerDb } from '../db/prepared'
import { orders, plateRules, registeredPlates } from '../db/schema'
import { APP_CONFIG_KEY, readSwitch } from '../catalogue/app-configs'
import { CHANNEL_INTERCEPT_REASON, channelVerdict, intercepted } from '../promotions/channel-interception'
import { findPromotionChannel } from '../promotions/promotion-channels'
import { OPEN_ORDER } from './order-records'
import type { OrderRow } from './order-records'
import { holdEndsAt, paymentCutoff, unpaidDue } from './unpaid-orders'

export const INTERCEPT_REASON = {
  plate: '该车辆暂不支持线上办理，请联系客服',
  order: '该订单已被发行方拦截，请取消后重新办理',
  ...CHANNEL_INTERCEPT_REASON,
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
