/**
 * Paying an order's deposit or fee through the simulated cashier.
 *
 * - start: a submitted order awaiting payment (or after a failed one) gets a payment row in PAYING
 *   (3) and a one-time cashier token (only its SHA-256 is kept). Asking again while it is PAYING
 *   replaces the token on the same row (the older cashier page stops working). A paid order
 *   answers SUCCESS (5) and a free one NOT_NEEDED (1), both without a cashier.
 * - settle (the cashier's buttons): SUCCESS or FAILED on the payment and the order, with a timeline
 *   entry. Only a PAYING payment with its current token settles, so a second POST is refused; the
 *   partial unique index payments_one_success_per_order_key makes a second success impossible
 *   even if two payments raced.
 */
import { and, desc, eq } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { PayDepositResponse, PayOrderInfo, PayStateResponse } from '../../types/api/payment'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import { hashSecret, newPublicId, newSecret, sameDigest } from '../auth/secrets'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { violatesUnique } from '../db/constraint-errors'
import { commodities, orders, payments } from '../db/schema'
import { DomainError } from '../domain-error'
import { addEvent, assertOpen, assertSubmitted, requireOwnOrder } from '../orders/order-records'
import type { OrderRow } from '../orders/order-records'
import type { Cashier } from './cashier'

export interface PaymentContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
}

export type PaymentRow = typeof payments.$inferSelect
export type CashierOutcome = 'success' | 'fail'

const PAYMENT_ID_PREFIX = 'P'
/** At most one successful payment per order: the index a second settle runs into. */
const ONE_SUCCESS_PER_ORDER = 'payments_one_success_per_order_key'

export const PAYMENT_MESSAGE = {
  invalidLink: '支付链接无效或已失效',
  settled: '该笔支付已处理，请勿重复提交',
  orderCancelled: '订单已取消，本次支付未扣款',
  notPayable: '订单暂无需支付',
} as const

function payState(order: OrderRow): number {
  assertSubmitted(order)
  // A submitted order always has one; the fallback only satisfies the column's type.
  return order.depositPayState ?? PAY_STATE.AWAITING_PAYMENT
}

/** The cashier's address for the payment comes from `cashier` (configured, never the request's Host). */
export async function startPayment(context: PaymentContext & { readonly cashier: Cashier }, userId: number, orderId: string): Promise<PayDepositResponse> {
  return context.db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertOpen(order)
    const state = payState(order)
    if (state === PAY_STATE.SUCCESS || state === PAY_STATE.NOT_NEEDED) return { orderId, depositPayState: state }
    const amountCents = order.amountCents ?? 0
    if (amountCents === 0) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.notPayable)
    const token = newSecret(context.random)
    const now = context.clock.now()
    const [pending] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.state, PAY_STATE.PAYING)))
      .orderBy(desc(payments.createdAt))
      .limit(1)
    let paymentId: string
    if (pending) {
      paymentId = pending.id
      await tx.update(payments).set({ cashierTokenHash: hashSecret(token) }).where(eq(payments.id, paymentId))
    } else {
      paymentId = newPublicId(context.random, PAYMENT_ID_PREFIX)
      await tx.insert(payments).values({
        id: paymentId,
        orderId,
        userId,
        amountCents,
        state: PAY_STATE.PAYING,
        cashierTokenHash: hashSecret(token),
        createdAt: now,
      })
    }
    await tx.update(orders).set({ depositPayState: PAY_STATE.PAYING, updatedAt: now }).where(eq(orders.orderId, orderId))
    return { orderId, depositPayState: PAY_STATE.PAYING, cashierUrl: context.cashier.checkoutUrl(paymentId, token) }
  })
}

export async function paymentState(db: Db, userId: number, orderId: string): Promise<PayStateResponse> {
  return { orderId, depositPayState: payState(await requireOwnOrder(db, userId, orderId)) }
}

export async function paymentInfo(db: Db, userId: number, orderId: string): Promise<PayOrderInfo> {
  const order = await requireOwnOrder(db, userId, orderId)
  const depositPayState = payState(order)
  return {
    orderId,
    amountCents: order.amountCents ?? 0,
    businessMode: order.businessMode ?? 0,
    depositPayState,
    paidAt: order.paidAt?.toISOString() ?? null,
    promotionChannelId: order.promotionChannelId,
  }
}

/** What the cashier page shows. */
export interface CashierView {
  paymentId: string
  orderId: string
  plateNumber: string
  commodityName: string
  amount: string
}

export type CashierLookup = { ok: true; view: CashierView } | { ok: false; reason: 'invalid' | 'settled'; orderId?: string }

async function paymentWithToken(db: Db, paymentId: string, token: string, lock: boolean): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, paymentId)).limit(1)
  const [payment] = lock ? await query.for('update') : await query
  return payment && sameDigest(hashSecret(token), payment.cashierTokenHash) ? payment : undefined
}

export async function cashierView(db: Db, paymentId: string, token: string): Promise<CashierLookup> {
  const payment = await paymentWithToken(db, paymentId, token, false)
  if (!payment) return { ok: false, reason: 'invalid' }
  if (payment.state !== PAY_STATE.PAYING) return { ok: false, reason: 'settled', orderId: payment.orderId }
  const [row] = await db
    .select({ plateNumber: orders.plateNumber, commodityName: commodities.name })
    .from(orders)
    .leftJoin(commodities, eq(commodities.id, orders.commodityId))
    .where(eq(orders.orderId, payment.orderId))
    .limit(1)
  return {
    ok: true,
    view: {
      paymentId,
      orderId: payment.orderId,
      plateNumber: row?.plateNumber ?? '',
      commodityName: row?.commodityName ?? '',
      amount: formatYuan(payment.amountCents),
    },
  }
}

export type SettleResult =
  | { ok: true; orderId: string; state: number }
  | { ok: false; reason: 'invalid' | 'settled' | 'cancelled'; orderId?: string }

async function settleOnce(context: PaymentContext, paymentId: string, token: string, outcome: CashierOutcome): Promise<SettleResult> {
  return context.db.transaction(async (tx) => {
    // The order row first, then the payment: the order in which cancel and start lock them too,
    // so a settle racing a cancel waits for it instead of deadlocking. A payment's order never
    // changes, so reading it unlocked to find the order is safe.
    const [owner] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId)).limit(1)
    if (!owner) return { ok: false, reason: 'invalid' }
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, owner.orderId)).limit(1).for('update')
    if (!order) throw new Error(`Payment ${paymentId} has no order`)
    const payment = await paymentWithToken(tx, paymentId, token, true)
    if (!payment) return { ok: false, reason: 'invalid' }
    const cancelled = order.cancelState === CANCEL_STATE.SUCCESS || order.cancelState === CANCEL_STATE.CANCELLING
    if (payment.state !== PAY_STATE.PAYING) return { ok: false, reason: cancelled ? 'cancelled' : 'settled', orderId: order.orderId }
    const now = context.clock.now()
    if (cancelled) {
      // Abandoned, as a cancel does with a payment in progress.
      await tx.update(payments).set({ state: PAY_STATE.FAILED, completedAt: now }).where(eq(payments.id, paymentId))
      await tx.update(orders).set({ depositPayState: PAY_STATE.FAILED, updatedAt: now }).where(eq(orders.orderId, order.orderId))
      return { ok: false, reason: 'cancelled', orderId: order.orderId }
    }
    if (order.depositPayState === PAY_STATE.SUCCESS) {
      await tx.update(payments).set({ state: PAY_STATE.FAILED, completedAt: now }).where(eq(payments.id, paymentId))
      return { ok: false, reason: 'settled', orderId: order.orderId }
    }
    const state = outcome === 'success' ? PAY_STATE.SUCCESS : PAY_STATE.FAILED
    await tx.update(payments).set({ state, completedAt: now }).where(eq(payments.id, paymentId))
    await tx
      .update(orders)
      .set({ depositPayState: state, updatedAt: now, ...(state === PAY_STATE.SUCCESS ? { paidAt: now } : {}) })
      .where(eq(orders.orderId, order.orderId))
    if (state === PAY_STATE.SUCCESS) await addEvent(tx, order.orderId, 'paid', now, `已支付${formatYuan(payment.amountCents)}元`)
    else await addEvent(tx, order.orderId, 'paymentFailed', now)
    return { ok: true, orderId: order.orderId, state }
  })
}

export async function settlePayment(context: PaymentContext, paymentId: string, token: string, outcome: CashierOutcome): Promise<SettleResult> {
  try {
    return await settleOnce(context, paymentId, token, outcome)
  } catch (error) {
    // Another payment of this order succeeded first: the index refused a second charge.
    if (violatesUnique(error, ONE_SUCCESS_PER_ORDER)) return { ok: false, reason: 'settled' }
    throw error
  }
}
