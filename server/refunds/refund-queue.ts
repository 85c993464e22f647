/**
 * The refund outbox's queue (payment_refunds): a refund is decided and queued in the transaction
 * that decides it (a paid order cancelled, a deposit returned after activation, money a provider
 * took for a payment abandoned meanwhile), one per payment and always in full. Delivering it to
 * the provider is server/payments/refunds.ts. Its own folder (issue 30): the orders queue refunds
 * and the payments deliver them, and neither imports the other for it; the metrics read its states.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { PAY_STATE } from '../../src/domain/enums'
import type { Db } from '../db/database'
import { paymentRefunds, payments } from '../db/schema'

export const REFUND_STATE = { QUEUED: 0, PROCESSING: 1, SUCCEEDED: 2, FAILED: 3 } as const
export type RefundState = (typeof REFUND_STATE)[keyof typeof REFUND_STATE]

/** Why money goes back; some providers show it to the payer. */
export const REFUND_REASON = {
  cancelled: '订单已取消',
  deposit: '设备已激活，退还押金',
  abandoned: '支付已失效，款项原路退回',
} as const

/** One refund number per payment: asking again names the same refund. */
export const refundIdOf = (paymentId: string): string => `R${paymentId}`

/** Queues the full refund of `payment` once (a repeat changes nothing) and marks it refunded at `now` if it was not. */
export async function queueRefund(tx: Db, payment: { readonly id: string; readonly amountCents: number }, reason: string, now: Date): Promise<void> {
  await tx.update(payments).set({ refundedAt: now }).where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
  await tx
    .insert(paymentRefunds)
    .values({ id: refundIdOf(payment.id), paymentId: payment.id, amountCents: payment.amountCents, reason, state: REFUND_STATE.QUEUED, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing()
}

/** Refunds the order's paid payment, if it has one not refunded yet; answers the amount going back. */
export async function refundOrderPayment(tx: Db, orderId: string, reason: string, now: Date): Promise<number | undefined> {
  const [paid] = await tx
    .select({ id: payments.id, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, PAY_STATE.SUCCESS), isNull(payments.refundedAt)))
    .limit(1)
  if (!paid) return undefined
  await queueRefund(tx, paid, reason, now)
  return paid.amountCents
}
