/**
 * An order taken at a service outlet, carried on online: the sealed parameter names the outlet's
 * order number and plate; the caller gets a new online order of the province flow (orderSource
 * PROVINCE) to complete. Each offline order converts once; the same user asking again gets the
 * same online order back.
 *
 * The caller proves to be the outlet's customer: the phone they verified by SMS is the one the
 * outlet took (compared by blind index), or they bring the one-time hand-over code issued with the
 * order (kept as its SHA-256, void once the order converts). Every failed proof (unknown number,
 * wrong plate, wrong or missing proof, converted by someone else) answers the same refusal, so the
 * answers never tell whether a number exists; attempts are limited per user and per IP. Once
 * proven, the new order passes a create's admission: the per-user limits on new orders
 * (order-limits.ts), and a plate neither handled already, nor submitted by another user, nor
 * intercepted.
 */
import { asc, eq } from 'drizzle-orm'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { OfflineOrderParam, OfflineToOnlineResponse } from '../../types/api/orders'
import { HOUR_MS } from '../../src/domain/constants'
import { ORDER_SOURCE } from '../../src/domain/enums'
import { hashSecret, sameDigest } from '../auth/secrets'
import type { SessionUser } from '../auth/sessions'
import type { PromotionChannelRow } from '../promotions/promotion-channels'
import { phoneIndex } from '../crypto/field-cipher'
import type { Db } from '../db/database'
import { offlineOrders, orders, promotionChannels } from '../db/schema'
import { DomainError } from '../domain-error'
import type { CounterStore } from '../limits/counters'
import type { ApplyContext } from './apply-steps'
import { admitPlate } from './admission'
import { expireUserOrders } from './order-expiry'
import { assertNewOrderAllowed } from './order-limits'
import { findOpenOrderForPlate, insertNewOrder } from './order-records'
import { lockForNewOrder } from './unsubmitted-orders'

export const OFFLINE_MESSAGE = {
  /** One answer for every failed proof: it must not tell which part was wrong. */
  refused: '线下订单不存在或验证未通过，请核对订单号、车牌和验证码',
  tooMany: '尝试次数过多，请稍后再试',
  plateBusy: '该车辆已有办理中的订单',
  noPromotion: '渠道没有可用的推广活动',
} as const


/** Hand-over attempts, successful or not, per user and per IP address in a fixed window. */
export const OFFLINE_HANDOVER_LIMITS = {
  perUser: { max: 10, windowMs: HOUR_MS },
  perIp: { max: 30, windowMs: HOUR_MS },
} as const

export type OfflineContext = ApplyContext

/** Who asks: the logged-in user and the address the request came from. */
export interface OfflineCaller {
  readonly user: SessionUser
  readonly ip: string
}

function isChannelKey(value: string): value is ChannelKey {
  return Object.hasOwn(CHANNEL_IDENTIFIERS, value)
}

const refuse = (msg: string): DomainError => DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, msg)
const refuseProof = (): DomainError => DomainError.business(BUSINESS_CODE.NOT_FOUND, OFFLINE_MESSAGE.refused)

/** The offline order's own promotion, else the first of the `{channel}` the call came through. */
async function promotionFor(db: Db, promotionChannelId: string | null, channel: string): Promise<PromotionChannelRow> {
  const where = promotionChannelId === null ? eq(promotionChannels.channelId, channel) : eq(promotionChannels.id, promotionChannelId)
  const [row] = await db.select().from(promotionChannels).where(where).orderBy(asc(promotionChannels.id)).limit(1)
  if (!row) throw refuse(OFFLINE_MESSAGE.noPromotion)
  return row
}

async function enforceLimits(counters: CounterStore, caller: OfflineCaller): Promise<void> {
  const { perUser, perIp } = OFFLINE_HANDOVER_LIMITS
  const [user, ip] = await Promise.all([
    counters.hit(`offline-handover-user:${caller.user.id}`, perUser.windowMs),
    counters.hit(`offline-handover-ip:${caller.ip}`, perIp.windowMs),
  ])
  if (user.count > perUser.max || ip.count > perIp.max) throw DomainError.business(BUSINESS_CODE.TOO_MANY_REQUESTS, OFFLINE_MESSAGE.tooMany)
}

type OfflineRow = typeof offlineOrders.$inferSelect

/** Whether the caller's SMS-verified phone is the order's, or the code is its unused hand-over code. */
function proven(offline: OfflineRow, user: SessionUser, handoverCode: string | undefined): boolean {
  const byPhone = user.phone !== null && offline.phoneIndex !== null && sameDigest(phoneIndex(user.phone), offline.phoneIndex)
  const byCode = handoverCode !== undefined && offline.handoverCodeHash !== null && sameDigest(hashSecret(handoverCode), offline.handoverCodeHash)
  return byPhone || byCode
}

export async function convertOfflineOrder(
  context: OfflineContext,
  caller: OfflineCaller,
  channel: string,
  param: OfflineOrderParam,
): Promise<OfflineToOnlineResponse> {
  const { user } = caller
  await enforceLimits(context.counters, caller)
  return context.db.transaction(async (tx) => {
    await lockForNewOrder(tx, user.id)
    const [offline] = await tx.select().from(offlineOrders).where(eq(offlineOrders.offlineNo, param.offlineNo)).limit(1).for('update')
    if (!offline || offline.plateNumber !== param.plateNumber) throw refuseProof()
    if (offline.convertedOrderId !== null) {
      const [converted] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.orderId, offline.convertedOrderId)).limit(1)
      // The customer's own order again (its code is spent by now); anyone else learns nothing.
      if (converted?.userId === user.id) return { orderId: offline.convertedOrderId }
      throw refuseProof()
    }
    if (!proven(offline, user, param.handoverCode)) throw refuseProof()
    const now = context.clock.now()
    await expireUserOrders(tx, now, user.id)
    if (await findOpenOrderForPlate(tx, user.id, offline.plateNumber)) throw refuse(OFFLINE_MESSAGE.plateBusy)
    const promotion = await promotionFor(tx, offline.promotionChannelId, channel)
    // The new order's admission, as a create's: the per-user limits and the plate's checks.
    await assertNewOrderAllowed(tx, user.id, now, context.config.orderLimits)
    await admitPlate(tx, { userId: user.id, plateNumber: offline.plateNumber, plateColor: offline.plateColor, promotionChannelId: promotion.id }, now)
    const inserted = await insertNewOrder(
      tx,
      context.random,
      now,
      {
        userId: user.id,
        channel,
        channelSource: promotion.channelKey,
        sourceChannel: isChannelKey(promotion.channelKey) ? CHANNEL_IDENTIFIERS[promotion.channelKey].sourceChannel : promotion.channelKey,
        activitySource: promotion.activityType,
        plateNumber: offline.plateNumber,
        plateColor: offline.plateColor,
        promotionChannelId: promotion.id,
        orderSource: ORDER_SOURCE.PROVINCE,
      },
      `线下订单${offline.offlineNo}转为线上办理`,
    )
    // A concurrent create of the same plate by this user took the open slot.
    if (!inserted) throw refuse(OFFLINE_MESSAGE.plateBusy)
    await tx
      .update(offlineOrders)
      .set({ convertedOrderId: inserted.orderId, convertedAt: now, handoverCodeHash: null })
      .where(eq(offlineOrders.offlineNo, offline.offlineNo))
    return { orderId: inserted.orderId }
  })
}
