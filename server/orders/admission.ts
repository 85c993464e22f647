/**
 * Whether a new order may be opened for a plate: the same verdicts the plate-check calls give the
 * app (catalogue/plate-checks.ts), enforced here so a client that skips them is refused alike.
 * Refused: a plate already handled (registered with ETC or an order elsewhere, or another user's
 * open order), a plate the issuer intercepts, an unknown, ended or intercepted promotion channel.
 */
import { BUSINESS_CODE } from '../../types/api/envelope'
import { PLATE_TAKEN_MESSAGE, plateAlreadyHandled } from '../../src/domain/plate'
import { findPromotionChannel, plateInterception, plateUniqueResult } from '../catalogue/plate-checks'
import type { PromotionChannelRow } from '../catalogue/plate-checks'
import type { Db } from '../db/database'
import { ApiError } from '../http/envelope'

export interface NewOrderPlate {
  userId: number
  plateNumber: string
  plateColor: number
  promotionChannelId: string
}

/** The promotion channel of the new order; throws the business error that stops it. */
export async function admitNewOrder(db: Db, plate: NewOrderPlate): Promise<PromotionChannelRow> {
  if (plateAlreadyHandled(await plateUniqueResult(db, plate.userId, plate.plateNumber, plate.plateColor))) {
    throw ApiError.business(BUSINESS_CODE.PLATE_TAKEN, PLATE_TAKEN_MESSAGE)
  }
  const interception = await plateInterception(db, { plateNumber: plate.plateNumber, promotionChannelId: plate.promotionChannelId })
  if (interception.intercept) throw ApiError.business(BUSINESS_CODE.INTERCEPTED, interception.reason)
  const channel = await findPromotionChannel(db, plate.promotionChannelId)
  // plateInterception intercepts unknown channels, so this only fails if the row vanished meanwhile.
  if (!channel) throw new Error(`Promotion channel ${plate.promotionChannelId} vanished during admission`)
  return channel
}
