/**
 * Whether a new order may be opened for a plate: the same verdicts the plate-check calls give the
 * app (plate-checks.ts), read in the one order the app reads them too
 * (src/domain/plate-admission.ts), enforced here so a client that skips them is refused alike.
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
  plateHeldMessage,
  plateHolder,
  plateInterception,
  registeredPlateResult,
} from './plate-checks'
import { findPromotionChannel } from '../promotions/promotion-channels'
import type { PromotionChannelRow } from '../promotions/promotion-channels'
import { promotionOfChannel, promotionUseVerdict } from '../promotions/promotion-use'
import type { PromotionUse } from '../promotions/promotion-use'
import { newApplyState } from '../catalogue/new-apply-switch'
import type { RiskVerdict } from '../../src/domain/apply-checks'
import { decidePlateAdmission } from '../../src/domain/plate-admission'
import type { PlateAdmissionChecks } from '../../src/domain/plate-admission'
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
  const { taken, intercepted } = plateChecks(db, plate, now)
  await refuse({
    taken,
    intercepted: async () => (await intercepted()) ?? (await promotionUseRefusal(db, plate)),
    paused: async () => {
      const state = await newApplyState(db)
      return state.allowNewApply ? undefined : DomainError.business(BUSINESS_CODE.UNAVAILABLE, state.reason)
    },
    risk: () => (risk.refused ? DomainError.business(BUSINESS_CODE.INTERCEPTED, risk.reason) : undefined),
  })
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
export async function admitPlate(db: Db, plate: AdmittedPlate, now: Date): Promise<void> {
  await refuse(plateChecks(db, plate, now))
}

type AdmittedPlate = Pick<NewOrderPlate, 'userId' | 'plateNumber' | 'plateColor' | 'promotionChannelId'>

/** Throws the first refusal in the admission rule's order (src/domain/plate-admission.ts). */
async function refuse(checks: PlateAdmissionChecks<DomainError>): Promise<void> {
  const refusal = await decidePlateAdmission(checks)
  if (refusal) throw refusal
}

/** The plate's own checks, as the admission rule reads them. */
function plateChecks(db: Db, plate: AdmittedPlate, now: Date) {
  return {
    taken: async (): Promise<DomainError | undefined> => {
      const registered = await registeredPlateResult(db, plate.plateNumber, plate.plateColor)
      if (registered !== undefined && plateAlreadyHandled(registered)) return DomainError.business(BUSINESS_CODE.PLATE_TAKEN, PLATE_TAKEN_MESSAGE)
      await expireUnpaidOrders(db, now, { plateNumber: plate.plateNumber })
      return plateHeldRefusal(db, plate.userId, plate.plateNumber)
    },
    intercepted: async (): Promise<DomainError | undefined> => {
      const interception = await plateInterception(db, { plateNumber: plate.plateNumber, promotionChannelId: plate.promotionChannelId })
      return interception.intercept ? DomainError.business(BUSINESS_CODE.INTERCEPTED, interception.reason) : undefined
    },
  } satisfies PlateAdmissionChecks<DomainError>
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

/** The refusal (business 2002 with the interception check's reason) of a promotion this channel may not use. */
async function promotionUseRefusal(db: Db, use: PromotionUse): Promise<DomainError | undefined> {
  const verdict = await promotionUseVerdict(db, use)
  return verdict.intercept ? DomainError.business(BUSINESS_CODE.INTERCEPTED, verdict.reason) : undefined
}

/** Refuses a promotion this channel may not use. */
export async function assertPromotionUse(db: Db, use: PromotionUse): Promise<void> {
  const refusal = await promotionUseRefusal(db, use)
  if (refusal) throw refusal
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
