/**
 * Paying an order's deposit or fee through the simulated cashier.
 *
 * - start: a submitted order awaiting payment (or after a failed one) gets a payment row in PAYING
 *   (3) for what the order pays (the package's price less its write-off code's discount, never
 *   below MIN_PAY_CENTS; catalogue/voucher-codes.ts) and a one-time cashier token (only its
 *   SHA-256 is kept). Asking again while it is PAYING replaces the token on the same row (the
 *   older cashier page stops working); claiming a code meanwhile abandons that payment instead
 *   (catalogue/vouchers.ts). The answer is what the pay method needs: the cashier page's address
 *   (h5), WeChat Pay's requestPayment parameters (wechat) or Alipay's trade number (alipay),
 *   issued by the Cashier. A paid order answers SUCCESS (5) and a free one NOT_NEEDED (1), both
 *   without any of them.
 * - settle (the cashier's buttons, or the payment platform's notification): SUCCESS or FAILED on
 *   the payment and the order, with a timeline entry. Only a PAYING payment settles, the cashier
 *   page's with its current token, so a second POST or notification is refused; the partial unique
 *   index payments_one_success_per_order_key makes a second success impossible even if two
 *   payments raced.
 */
import { and, desc, eq } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { PayDepositResponse, PayMethod, PayOrderInfo, PayStateResponse } from '../../types/api/payment'
import { CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { formatYuan } from '../../src/domain/money'
import { hashSecret, newPublicId, newSecret, sameDigest } from '../auth/secrets'
import { amountDue, orderVoucher } from '../catalogue/voucher-codes'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { violatesUnique } from '../db/constraint-errors'
import { commodities, orders, payments } from '../db/schema'
import { DomainError } from '../domain-error'
import { queueIssuerDelivery } from '../orders/issuer-outbox'
import { addEvent, assertOpen, assertSubmitted, requireOwnOrder } from '../orders/order-records'
import type { OrderRow } from '../orders/order-records'
import { assertNotLapsed } from '../orders/unpaid-orders'
import type { Cashier, IssuedPayment } from './cashier'

export interface PaymentContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
}

export type PaymentRow = typeof payments.$inferSelect
export type CashierOutcome = 'success' | 'fail'

const PAYMENT_ID_PREFIX = 'P'
/** The random bytes of an issued payment's nonce (32 hex characters, WeChat's nonceStr limit). */
const NONCE_BYTES = 16
/** At most one successful payment per order: the index a second settle runs into. */
const ONE_SUCCESS_PER_ORDER = 'payments_one_success_per_order_key'

export const PAYMENT_MESSAGE = {
  invalidLink: '支付链接无效或已失效',
  unknownPayment: '支付单不存在',
  settled: '该笔支付已处理，请勿重复提交',
  orderCancelled: '订单已取消，本次支付未扣款',
  notPayable: '订单暂无需支付',
  methodUnavailable: '当前支付方式暂不可用，请稍后重试',
} as const

/** The payment methods paid in a platform's own app, whose platform notifies the settlement. */
export type NativePayMethod = Exclude<PayMethod, 'h5'>

/**
 * What entitles a settlement: the cashier page's current one-time token, or the payment
 * platform's notification, which names the payment it charged (the prepay id or trade number the
 * cashier issued).
 */
export type SettleProof = { readonly token: string } | { readonly notifiedBy: NativePayMethod }

/** What the pay method needs to pay `payment`, from the cashier; a method the cashier does not offer is refused. */
function issue(cashier: Cashier, method: PayMethod, payment: IssuedPayment): Partial<PayDepositResponse> {
  switch (method) {
    case 'h5':
      return { cashierUrl: cashier.checkoutUrl(payment.paymentId, payment.token) }
    case 'wechat':
      if (!cashier.wechatPay) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.methodUnavailable)
      return { wechatPay: cashier.wechatPay(payment) }
    case 'alipay':
      if (!cashier.alipayTradeNo) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.methodUnavailable)
      return { alipayTradeNo: cashier.alipayTradeNo(payment) }
  }
}

function payState(order: OrderRow): number {
  assertSubmitted(order)
  // A submitted order always has one; the fallback only satisfies the column's type.
  return order.depositPayState ?? PAY_STATE.AWAITING_PAYMENT
}

/**
 * What `method` pays with comes from `cashier` (the cashier's address configured, never the
 * request's Host).
 */
export async function startPayment(
  context: PaymentContext & { readonly cashier: Cashier },
  userId: number,
  orderId: string,
  method: PayMethod,
): Promise<PayDepositResponse> {
  return context.db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertNotLapsed(order)
    assertOpen(order)
    const state = payState(order)
    if (state === PAY_STATE.SUCCESS || state === PAY_STATE.NOT_NEEDED) return { orderId, depositPayState: state }
    const amountCents = amountDue(order.amountCents ?? 0, await orderVoucher(tx, orderId))
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
    const issued: IssuedPayment = { paymentId, token, amountCents, issuedAt: now, nonce: context.random.bytes(NONCE_BYTES).toString('hex') }
    return { orderId, depositPayState: PAY_STATE.PAYING, ...issue(context.cashier, method, issued) }
  })
}

export async function paymentState(db: Db, userId: number, orderId: string): Promise<PayStateResponse> {
  return { orderId, depositPayState: payState(await requireOwnOrder(db, userId, orderId)) }
}

export async function paymentInfo(db: Db, userId: number, orderId: string): Promise<PayOrderInfo> {
  const order = await requireOwnOrder(db, userId, orderId)
  const depositPayState = payState(order)
  const priceCents = order.amountCents ?? 0
  const voucher = await orderVoucher(db, orderId)
  return {
    orderId,
    amountCents: amountDue(priceCents, voucher),
    priceCents,
    voucher,
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

async function provenPayment(db: Db, paymentId: string, proof: SettleProof, lock: boolean): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, paymentId)).limit(1)
  const [payment] = lock ? await query.for('update') : await query
  if (!payment) return undefined
  return 'token' in proof && !sameDigest(hashSecret(proof.token), payment.cashierTokenHash) ? undefined : payment
}

export async function cashierView(db: Db, paymentId: string, token: string): Promise<CashierLookup> {
  const payment = await provenPayment(db, paymentId, { token }, false)
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

async function settleOnce(context: PaymentContext, paymentId: string, proof: SettleProof, outcome: CashierOutcome): Promise<SettleResult> {
  return context.db.transaction(async (tx) => {
    // The order row first, then the payment: the order in which cancel and start lock them too,
    // so a settle racing a cancel waits for it instead of deadlocking. A payment's order never
    // changes, so reading it unlocked to find the order is safe.
    const [owner] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId)).limit(1)
    if (!owner) return { ok: false, reason: 'invalid' }
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, owner.orderId)).limit(1).for('update')
    if (!order) throw new Error(`Payment ${paymentId} has no order`)
    const payment = await provenPayment(tx, paymentId, proof, true)
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
    if (state === PAY_STATE.SUCCESS) {
      await addEvent(tx, order.orderId, 'paid', now, `已支付${formatYuan(payment.amountCents)}元`)
      // Paid: the order goes to its issuer (the settlement and the hand-over's queue are one transaction).
      await queueIssuerDelivery(tx, order, now)
    }
    else await addEvent(tx, order.orderId, 'paymentFailed', now)
    return { ok: true, orderId: order.orderId, state }
  })
}

export async function settlePayment(context: PaymentContext, paymentId: string, proof: SettleProof, outcome: CashierOutcome): Promise<SettleResult> {
  try {
    return await settleOnce(context, paymentId, proof, outcome)
  } catch (error) {
    // Another payment of this order succeeded first: the index refused a second charge.
    if (violatesUnique(error, ONE_SUCCESS_PER_ORDER)) return { ok: false, reason: 'settled' }
    throw error
  }
}
