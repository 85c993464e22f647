/**
 * Cancelling an order, where the domain's orderActions allow it (awaiting shipment, rejected,
 * awaiting audit, applying). The request sets cancelState CANCELLING (1); the issuer's confirmation
 * is simulated synchronously in the same transaction, so the answer is already SUCCESS (2) and the
 * timeline holds both steps. A payment in progress is abandoned; a paid deposit or fee is refunded
 * (the payment row records it, the timeline says so): what was paid, after any write-off code.
 * The code of an order cancelled before payment is freed for another order; a paid order's code
 * stays spent. A second cancel finds the order cancelled and is refused: an order is cancelled once.
 */
import { and, eq } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { CancelOrderResponse } from '../../types/api/orders'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import { deriveOrderStatus, orderActions } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import { releaseVouchers } from '../catalogue/voucher-codes'
import type { Clock } from '../runtime/clock'
import type { Db } from '../db/database'
import { orders, payments } from '../db/schema'
import { DomainError } from '../domain-error'
import { REFUND_REASON, refundOrderPayment } from '../refunds/refund-queue'
import { ORDER_MESSAGE, addEvent, orderFields, requireOwnOrder } from './order-records'

export const CANCEL_MESSAGE = {
  repeated: '订单已取消，请勿重复操作',
  activated: '设备已激活，不能取消订单',
  awaitingActivation: '设备已发货，不能取消订单',
} as const

/** Why the order's status allows no cancel (statuses that allow it are absent). */
const REFUSAL: Readonly<Partial<Record<OrderStatus, string>>> = {
  cancelled: CANCEL_MESSAGE.repeated,
  activated: CANCEL_MESSAGE.activated,
  awaitingActivation: CANCEL_MESSAGE.awaitingActivation,
}

export function refundNote(amountCents: number): string {
  return `已支付的${formatYuan(amountCents)}元将原路退还`
}

export async function cancelOrder(db: Db, clock: Clock, userId: number, orderId: string, reason: string): Promise<CancelOrderResponse> {
  return db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    const status = deriveOrderStatus(orderFields(order))
    if (order.cancelState === CANCEL_STATE.CANCELLING) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, ORDER_MESSAGE.cancelling)
    if (!orderActions(status).cancel) {
      throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, REFUSAL[status] ?? ORDER_MESSAGE.cancelled)
    }
    const now = clock.now()
    await tx.update(orders).set({ cancelState: CANCEL_STATE.CANCELLING, cancelReason: reason, updatedAt: now }).where(eq(orders.orderId, orderId))
    await addEvent(tx, orderId, 'cancelRequested', now, reason)

    // The issuer's confirmation (simulated at once).
    await tx
      .update(payments)
      .set({ state: PAY_STATE.FAILED, completedAt: now })
      .where(and(eq(payments.orderId, orderId), eq(payments.state, PAY_STATE.PAYING)))
    const refunded = await refundOrderPayment(tx, orderId, REFUND_REASON.cancelled, now)
    const abandonedPayment = order.depositPayState === PAY_STATE.PAYING
    await tx
      .update(orders)
      .set({ cancelState: CANCEL_STATE.SUCCESS, updatedAt: now, ...(abandonedPayment ? { depositPayState: PAY_STATE.FAILED } : {}) })
      .where(eq(orders.orderId, orderId))
    if (refunded === undefined) await releaseVouchers(tx, [orderId])
    await addEvent(tx, orderId, 'cancelled', now, refunded === undefined ? undefined : refundNote(refunded))
    return { orderId, cancelState: CANCEL_STATE.SUCCESS }
  })
}
