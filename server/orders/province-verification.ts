/**
 * The province issuer's SMS verification of an order (src/domain/province.ts): a plate of a
 * province issuer (Henan) passes the issuer's own SMS login before its final commit. A passed
 * login is recorded with the order as an order event (`provinceVerified`, the kind alone: nothing
 * derived from the phone is kept), so no column is needed; the final commit looks for it. While the issuer's switch
 * (isOpenMsg) is off, nothing is asked and nothing refused.
 */
import { and, eq } from 'drizzle-orm'
import { ORDER_SOURCE } from '../../src/domain/enums'
import { needsProvinceVerification, PROVINCE_MESSAGE } from '../../src/domain/province'
import { APP_CONFIG_KEY, readSwitch } from '../catalogue/app-configs'
import type { Db } from '../db/database'
import { orderEvents } from '../db/schema'
import { DomainError } from '../domain-error'
import type { Clock } from '../runtime/clock'
import { addEvent, assertEditable, requireOwnOrder } from './order-records'
import type { OrderRow } from './order-records'

export const PROVINCE_ORDER_MESSAGE = {
  notProvincePlate: '该订单的车牌无需发行方短信验证',
} as const

/** A province plate's new order belongs to the province flow (ORDER_SOURCE.PROVINCE); others keep the default. */
export function provinceOrderSource(plateNumber: string): { orderSource?: number } {
  return needsProvinceVerification(plateNumber) ? { orderSource: ORDER_SOURCE.PROVINCE } : {}
}

/** The caller's order a province login verifies: open, unsubmitted, of a province plate. */
export async function assertVerifiableOrder(db: Db, userId: number, orderId: string): Promise<void> {
  const order = await requireOwnOrder(db, userId, orderId)
  assertEditable(order)
  if (!needsProvinceVerification(order.plateNumber)) throw DomainError.invalid(PROVINCE_ORDER_MESSAGE.notProvincePlate)
}

/** Records a passed province login with the caller's order (checked again under its row lock). */
export async function recordProvinceVerification(db: Db, clock: Clock, userId: number, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertEditable(order)
    await addEvent(tx, orderId, 'provinceVerified', clock.now())
  })
}

/** Refuses (400) the final commit of a province plate's order that has no recorded verification while the switch is on. */
export async function assertProvinceVerified(db: Db, order: Pick<OrderRow, 'orderId' | 'plateNumber'>): Promise<void> {
  if (!needsProvinceVerification(order.plateNumber)) return
  if (!(await readSwitch(db, APP_CONFIG_KEY.provinceMsgOpen))) return
  const [verified] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.kind, 'provinceVerified')))
    .limit(1)
  if (!verified) throw DomainError.invalid(PROVINCE_MESSAGE.unverified)
}
