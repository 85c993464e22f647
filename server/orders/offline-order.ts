/**
 * An order taken at a service outlet, carried on online: the sealed parameter names the outlet's
 * order number and plate; the caller gets a new online order of the province flow (orderSource
 * PROVINCE) to complete. Each offline order converts once; the same user asking again gets the
 * same online order back.
 */
import { asc, eq } from 'drizzle-orm'
import { CHANNEL_IDENTIFIERS } from '../../types/api/channels'
import type { ChannelKey } from '../../types/api/channels'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { OfflineOrderParam, OfflineToOnlineResponse } from '../../types/api/orders'
import { APPLY_STEP, ORDER_SOURCE } from '../../src/domain/enums'
import type { SessionUser } from '../auth/sessions'
import type { PromotionChannelRow } from '../catalogue/plate-checks'
import type { Db } from '../db/database'
import { offlineOrders, orders, promotionChannels } from '../db/schema'
import { ApiError } from '../http/envelope'
import type { ApplyContext } from './apply-steps'
import { addEvent, findOpenOrderForPlate, newOrderId } from './order-records'

export const OFFLINE_MESSAGE = {
  notFound: '线下订单不存在',
  converted: '该线下订单已转为线上订单',
  plateBusy: '该车辆已有办理中的订单',
  noPromotion: '渠道没有可用的推广活动',
} as const

function isChannelKey(value: string): value is ChannelKey {
  return Object.hasOwn(CHANNEL_IDENTIFIERS, value)
}

const refuse = (msg: string): ApiError => ApiError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, msg)

/** The offline order's own promotion, else the first of the `{channel}` the call came through. */
async function promotionFor(db: Db, promotionChannelId: string | null, channel: string): Promise<PromotionChannelRow> {
  const where = promotionChannelId === null ? eq(promotionChannels.channelId, channel) : eq(promotionChannels.id, promotionChannelId)
  const [row] = await db.select().from(promotionChannels).where(where).orderBy(asc(promotionChannels.id)).limit(1)
  if (!row) throw refuse(OFFLINE_MESSAGE.noPromotion)
  return row
}

export async function convertOfflineOrder(
  context: ApplyContext,
  user: SessionUser,
  channel: string,
  param: OfflineOrderParam,
): Promise<OfflineToOnlineResponse> {
  return context.db.transaction(async (tx) => {
    const [offline] = await tx.select().from(offlineOrders).where(eq(offlineOrders.offlineNo, param.offlineNo)).limit(1).for('update')
    if (!offline || offline.plateNumber !== param.plateNumber) throw ApiError.business(BUSINESS_CODE.NOT_FOUND, OFFLINE_MESSAGE.notFound)
    if (offline.convertedOrderId !== null) {
      const [converted] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.orderId, offline.convertedOrderId)).limit(1)
      if (converted?.userId === user.id) return { orderId: offline.convertedOrderId }
      throw refuse(OFFLINE_MESSAGE.converted)
    }
    if (await findOpenOrderForPlate(tx, user.id, offline.plateNumber)) throw refuse(OFFLINE_MESSAGE.plateBusy)
    const promotion = await promotionFor(tx, offline.promotionChannelId, channel)
    const now = context.clock.now()
    const [inserted] = await tx
      .insert(orders)
      .values({
        orderId: newOrderId(context.random),
        userId: user.id,
        channel,
        channelSource: promotion.channelKey,
        sourceChannel: isChannelKey(promotion.channelKey) ? CHANNEL_IDENTIFIERS[promotion.channelKey].sourceChannel : promotion.channelKey,
        activitySource: promotion.activityType,
        plateNumber: offline.plateNumber,
        plateColor: offline.plateColor,
        promotionChannelId: promotion.id,
        orderSource: ORDER_SOURCE.PROVINCE,
        stepId: APPLY_STEP.CREATE,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ orderId: orders.orderId })
    // A concurrent create of the same plate by this user took the open slot.
    if (!inserted) throw refuse(OFFLINE_MESSAGE.plateBusy)
    await tx.update(offlineOrders).set({ convertedOrderId: inserted.orderId, convertedAt: now }).where(eq(offlineOrders.offlineNo, offline.offlineNo))
    await addEvent(tx, inserted.orderId, 'applied', now, `线下订单${offline.offlineNo}转为线上办理`)
    return { orderId: inserted.orderId }
  })
}
