/**
 * Whether a new order may be opened for a plate: the same verdicts the plate-check calls give the
 * app (catalogue/plate-checks.ts), enforced here so a client that skips them is refused alike.
 * Refused: a plate already handled (registered with ETC or an order elsewhere: "该车辆已办理ETC"),
 * a plate another user has submitted (PLATE_HELD_MESSAGE, or for an unpaid hold when it ends; an
 * unsubmitted order holds nothing, an unpaid one past its hold is expired first), a
 * plate the issuer intercepts, a promotion that is unknown, ended, intercepted or of another
 * channel than the call's `{channel}` and source channel; then, while new applications are paused
 * (the operator's switch, business 5003), and what the risk review refuses (2002, its reason).
 */
import { BUSINESS_CODE } from '../../types/api/envelope'
import { PLATE_TAKEN_MESSAGE, plateAlreadyHandled } from '../../src/domain/plate'
import {
  INTERCEPT_REASON,
  findPromotionChannel,
  plateHeldMessage,
  plateHolder,
  plateInterception,
  promotionOfChannel,
  promotionUseVerdict,
  registeredPlateResult,
} from '../catalogue/plate-checks'
import type { PromotionChannelRow, PromotionUse } from '../catalogue/plate-checks'
import { assertNewApplyOpen } from '../catalogue/new-apply-switch'
import type { RiskVerdict } from '../../src/domain/apply-checks'
import type { Db } from '../db/database'
import { DomainError } from '../domain-error'
import type { OrderRow } from './order-records'
import { expireUnpaidOrders, holdEndsAt } from './unpaid-orders'

export const PROMOTION_MESSAGE = { notTheOrders: '推广活动与订单不一致' } as const

export interface NewOrderPlate extends PromotionUse {
  userId: number
  plateNumber: string
  plateColor: number
}

/**
 * The promotion channel of the new order; throws the business error that stops it. The risk
 * verdict was asked of the reviewer before the caller's transaction (an outside party is never
 * waited on while rows are locked); it refuses in its place among the checks.
 */
export async function admitNewOrder(db: Db, plate: NewOrderPlate, risk: RiskVerdict, now: Date): Promise<PromotionChannelRow> {
  await admitPlate(db, plate, now)
  await assertPromotionUse(db, plate)
  await assertNewApplyOpen(db)
  if (risk.refused) throw DomainError.business(BUSINESS_CODE.INTERCEPTED, risk.reason)
  const channel = await findPromotionChannel(db, plate.promotionChannelId)
  // The verdicts above refuse unknown channels, so this only fails if the row vanished meanwhile.
  if (!channel) throw new Error(`Promotion channel ${plate.promotionChannelId} vanished during admission`)
  return channel
}

/**
 * The plate's part of admission, which an offline order carried on online passes too: not
 * handled already, not submitted by another user (whose unpaid order past its hold gives the
 * plate back first), not intercepted for this promotion.
 */
export async function admitPlate(db: Db, plate: Pick<NewOrderPlate, 'userId' | 'plateNumber' | 'plateColor' | 'promotionChannelId'>, now: Date): Promise<void> {
  const registered = await registeredPlateResult(db, plate.plateNumber, plate.plateColor)
  if (registered !== undefined && plateAlreadyHandled(registered)) throw DomainError.business(BUSINESS_CODE.PLATE_TAKEN, PLATE_TAKEN_MESSAGE)
  await expireUnpaidOrders(db, now, { plateNumber: plate.plateNumber })
  const refusal = await plateHeldRefusal(db, plate.userId, plate.plateNumber)
  if (refusal) throw refusal
  const interception = await plateInterception(db, { plateNumber: plate.plateNumber, promotionChannelId: plate.promotionChannelId })
  if (interception.intercept) throw DomainError.business(BUSINESS_CODE.INTERCEPTED, interception.reason)
}

/**
 * The refusal (business 2001) of a plate another user's submitted order holds, telling when an
 * unpaid hold ends; undefined when nobody else holds it.
 */
export async function plateHeldRefusal(db: Db, userId: number, plateNumber: string): Promise<DomainError | undefined> {
  const holder = await plateHolder(db, userId, plateNumber)
  if (!holder) return undefined
  return DomainError.business(BUSINESS_CODE.PLATE_TAKEN, plateHeldMessage(await holdEndsAt(db, holder)))
}

/** Refuses (business 2002 with the interception check's reason) a promotion this channel may not use. */
export async function assertPromotionUse(db: Db, use: PromotionUse): Promise<void> {
  const verdict = await promotionUseVerdict(db, use)
  if (verdict.intercept) throw DomainError.business(BUSINESS_CODE.INTERCEPTED, verdict.reason)
}

/**
 * A payment names the order's own promotion, and the call's `{channel}` must be that promotion's
 * channel. Whether the promotion still runs was judged when the order was admitted and its
 * package chosen: an applicant who already submitted is not stranded when it ends.
 */
export async function assertPaymentPromotion(
  db: Db,
  order: Pick<OrderRow, 'promotionChannelId' | 'sourceChannel'>,
  channelId: string,
  promotionChannelId: string,
): Promise<void> {
  if (!(await promotionOfChannel(db, { channelId, sourceChannel: order.sourceChannel, promotionChannelId }))) {
    throw DomainError.business(BUSINESS_CODE.INTERCEPTED, INTERCEPT_REASON.otherSource)
  }
  if (promotionChannelId !== order.promotionChannelId) throw DomainError.business(BUSINESS_CODE.INTERCEPTED, PROMOTION_MESSAGE.notTheOrders)
}
