/**
 * Paying an order's deposit or fee through the simulated cashier.
 *
 * - start: a submitted order awaiting payment (or after a failed one) gets a payment row in PAYING
 *   (3) for what the order pays (the package's price less its write-off code's discount, never
 *   below MIN_PAY_CENTS; catalogue/voucher-codes.ts) and a one-time cashier token (only its
 *   SHA-256 is kept). Asking again while it is PAYING replaces the token on the same row (the
 *   older cashier page stops working); claiming a code meanwhile abandons that payment instead
 *   (orders/vouchers.ts). The answer is what the pay method needs: the cashier page's address
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
import { MINUTE_MS } from '../../src/domain/constants'
import { formatYuan } from '../../src/domain/money'
import { hashSecret, newPublicId, newSecret, sameDigest } from '../auth/secrets'
import { amountDue, orderVoucher } from '../catalogue/voucher-codes'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { violatesUnique } from '../db/constraint-errors'
import { commodities, orders, payments, users } from '../db/schema'
import { DomainError } from '../domain-error'
import { queueIssuerDelivery } from '../orders/issuer-outbox'
import { addEvent, assertOpen, assertSubmitted, requireOwnOrder } from '../orders/order-records'
import type { OrderRow } from '../orders/order-records'
import { PAYMENT_GRACE_MS, assertNotLapsed } from '../orders/unpaid-orders'
import type { FastifyBaseLogger } from 'fastify'
import type { Cashier, IssuedPayment, PaymentProvider } from './cashier'
import { REFUND_REASON, queueRefund } from '../refunds/refund-queue'
import { VendorError } from './vendor'
import type { Payer, VendorName } from './vendor'

export interface PaymentContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
}

export type PaymentRow = typeof payments.$inferSelect
export type CashierOutcome = 'success' | 'fail'

const PAYMENT_ID_PREFIX = 'P'
/** A payment in progress is reopened only while this much of its trade's time is left to pay in. */
const PAYMENT_REUSE_MARGIN_MS = 2 * MINUTE_MS
/** What the payer's bill says. */
export const paymentDescription = (plateNumber: string): string => `ETC申办 ${plateNumber}`
/** The random bytes of an issued payment's nonce (32 hex characters, WeChat's nonceStr limit). */
const NONCE_BYTES = 16
/** At most one successful payment per order: the index a second settle runs into. */
const ONE_SUCCESS_PER_ORDER = 'payments_one_success_per_order_key'

export const PAYMENT_MESSAGE = {
  providerBusy: '支付服务繁忙，请稍后重试',
  keepMethod: '支付即将超时，请使用原支付方式完成支付',
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

function payState(order: OrderRow): number {
  assertSubmitted(order)
  // A submitted order always has one; the fallback only satisfies the column's type.
  return order.depositPayState ?? PAY_STATE.AWAITING_PAYMENT
}

/** Who pays, as a payment provider needs it: the platform ids of the user's login, and their address. */
async function payerOf(db: Db, userId: number, clientIp: string): Promise<Payer> {
  const [user] = await db.select({ identityProvider: users.identityProvider, externalId: users.externalId, aliUid: users.aliUid }).from(users).where(eq(users.id, userId))
  return {
    clientIp,
    ...(user?.identityProvider === 'wechat' && user.externalId ? { wechatOpenId: user.externalId } : {}),
    ...(user?.aliUid ? { alipayUserId: user.aliUid } : {}),
  }
}

/**
 * Whether a payment in progress is started again rather than replaced: by the same provider, and
 * either still young enough to be paid before its trade expires, or past the order's pay-by time
 * (in the payment's grace), when no new payment may start: a new one would extend the hold.
 */
function reusable(pending: Pick<PaymentRow, 'provider' | 'createdAt'>, provider: PaymentProvider, order: OrderRow, now: Date): boolean {
  if (pending.provider !== provider) return false
  if (order.payBy !== null && now >= order.payBy) return true
  return pending.createdAt.getTime() + PAYMENT_GRACE_MS - now.getTime() >= PAYMENT_REUSE_MARGIN_MS
}

type Opened = { readonly done: PayDepositResponse } | { readonly payment: IssuedPayment }

/** Opens (or reopens) the order's payment with `provider`, in one transaction; the provider is called after it. */
async function openPayment(context: PaymentContext, userId: number, orderId: string, provider: PaymentProvider, payer: Payer): Promise<Opened> {
  return context.db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, userId, orderId, { lock: true })
    assertNotLapsed(order)
    assertOpen(order)
    const state = payState(order)
    if (state === PAY_STATE.SUCCESS || state === PAY_STATE.NOT_NEEDED) return { done: { orderId, depositPayState: state } }
    const due = amountDue(order.amountCents ?? 0, await orderVoucher(tx, orderId))
    if (due === 0) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.notPayable)
    const token = newSecret(context.random)
    const now = context.clock.now()
    const [pending] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.state, PAY_STATE.PAYING)))
      .orderBy(desc(payments.createdAt))
      .limit(1)
    let payment: Pick<PaymentRow, 'id' | 'amountCents' | 'createdAt'>
    if (pending && reusable(pending, provider, order, now)) {
      payment = pending
      await tx.update(payments).set({ cashierTokenHash: hashSecret(token) }).where(eq(payments.id, pending.id))
    } else {
      if (order.payBy !== null && now >= order.payBy) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.keepMethod)
      // Replaced: abandoned here, and closed at its provider by the upkeep (server/payments/upkeep.ts).
      if (pending) await tx.update(payments).set({ state: PAY_STATE.FAILED, completedAt: now }).where(eq(payments.id, pending.id))
      payment = { id: newPublicId(context.random, PAYMENT_ID_PREFIX), amountCents: due, createdAt: now }
      await tx.insert(payments).values({ ...payment, orderId, userId, provider, state: PAY_STATE.PAYING, cashierTokenHash: hashSecret(token) })
    }
    await tx.update(orders).set({ depositPayState: PAY_STATE.PAYING, updatedAt: now }).where(eq(orders.orderId, orderId))
    return {
      payment: {
        orderId,
        paymentId: payment.id,
        token,
        amountCents: payment.amountCents,
        description: paymentDescription(order.plateNumber),
        expiresAt: new Date(payment.createdAt.getTime() + PAYMENT_GRACE_MS),
        payer,
        issuedAt: now,
        nonce: context.random.bytes(NONCE_BYTES).toString('hex'),
      },
    }
  })
}

/**
 * Starts paying the order by `method`: the payment row first (its own transaction), then the
 * provider (the cashier's address configured, never the request's Host; a vendor's call outside
 * any transaction). A provider that fails leaves the payment in progress: asking again reopens the
 * same trade, so a timeout never opens a second one, and never charges twice.
 */
export async function startPayment(
  context: PaymentContext & { readonly cashier: Cashier },
  userId: number,
  orderId: string,
  method: PayMethod,
  request: { readonly clientIp: string; readonly log: FastifyBaseLogger },
): Promise<PayDepositResponse> {
  const provider = context.cashier.providerFor(method)
  if (provider === undefined) throw DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, PAYMENT_MESSAGE.methodUnavailable)
  const opened = await openPayment(context, userId, orderId, provider, await payerOf(context.db, userId, request.clientIp))
  if ('done' in opened) return opened.done
  try {
    return { orderId, depositPayState: PAY_STATE.PAYING, ...(await context.cashier.start(method, opened.payment)) }
  } catch (error) {
    if (!(error instanceof VendorError)) throw error
    request.log.warn({ vendor: error.vendor, code: error.code, retryable: error.retryable, paymentId: opened.payment.paymentId }, 'payment provider refused to start a payment')
    throw DomainError.business(BUSINESS_CODE.PAYMENT_FAILED, error.retryable ? PAYMENT_MESSAGE.providerBusy : PAYMENT_MESSAGE.methodUnavailable)
  }
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
    if (outcome === 'success') {
      await recordSuccess(tx, order, payment, now)
      return { ok: true, orderId: order.orderId, state: PAY_STATE.SUCCESS }
    }
    await tx.update(payments).set({ state: PAY_STATE.FAILED, completedAt: now }).where(eq(payments.id, paymentId))
    await tx.update(orders).set({ depositPayState: PAY_STATE.FAILED, updatedAt: now }).where(eq(orders.orderId, order.orderId))
    await addEvent(tx, order.orderId, 'paymentFailed', now)
    return { ok: true, orderId: order.orderId, state: PAY_STATE.FAILED }
  })
}

/** The payment and its order paid, on the timeline; the order goes to its issuer (the settlement and the hand-over's queue are one transaction). */
async function recordSuccess(tx: Db, order: OrderRow, payment: PaymentRow, now: Date, vendorTradeNo?: string): Promise<void> {
  await tx
    .update(payments)
    .set({ state: PAY_STATE.SUCCESS, completedAt: now, ...(vendorTradeNo === undefined ? {} : { vendorTradeNo }) })
    .where(eq(payments.id, payment.id))
  await tx.update(orders).set({ depositPayState: PAY_STATE.SUCCESS, updatedAt: now, paidAt: now }).where(eq(orders.orderId, order.orderId))
  await addEvent(tx, order.orderId, 'paid', now, `已支付${formatYuan(payment.amountCents)}元`)
  await queueIssuerDelivery(tx, order, now)
}

/** A payment provider says it took money for a payment (its notification, or the upkeep's query). */
export interface VendorPaid {
  readonly paymentId: string
  readonly amountCents: number
  readonly vendorTradeNo: string
}

/**
 * What a provider's word that it took money came to:
 * - settled: the order's payment in progress is paid;
 * - duplicate: it was settled before (a replayed notification changes nothing);
 * - refunding: the payment had been abandoned (the order cancelled or expired, another payment
 *   replaced it, or the order was paid otherwise): the money goes back, one refund however often
 *   this is said;
 * - unknown: no such payment of this provider; mismatch: another amount than the payment's.
 *   Both refused, nothing changed: the caller logs them.
 */
export type VendorSettlement = 'settled' | 'duplicate' | 'refunding' | 'unknown' | 'mismatch'

export async function settleVendorPayment(context: PaymentContext, provider: VendorName, paid: VendorPaid): Promise<{ readonly outcome: VendorSettlement; readonly orderId?: string }> {
  return context.db.transaction(async (tx) => {
    // The order, then the payment: the lock order of a cancel, a start and the cashier's settle.
    const [owner] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paid.paymentId)).limit(1)
    if (!owner) return { outcome: 'unknown' }
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, owner.orderId)).limit(1).for('update')
    if (!order) throw new Error(`Payment ${paid.paymentId} has no order`)
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paid.paymentId)).limit(1).for('update')
    if (!payment || payment.provider !== provider) return { outcome: 'unknown' }
    if (payment.amountCents !== paid.amountCents) return { outcome: 'mismatch', orderId: order.orderId }
    if (payment.state === PAY_STATE.SUCCESS) return { outcome: 'duplicate', orderId: order.orderId }
    const now = context.clock.now()
    const closed = order.cancelState === CANCEL_STATE.SUCCESS || order.cancelState === CANCEL_STATE.CANCELLING
    if (payment.state === PAY_STATE.PAYING && !closed && order.depositPayState !== PAY_STATE.SUCCESS) {
      await recordSuccess(tx, order, payment, now, paid.vendorTradeNo)
      return { outcome: 'settled', orderId: order.orderId }
    }
    if (payment.state === PAY_STATE.PAYING) {
      await tx.update(payments).set({ state: PAY_STATE.FAILED, completedAt: now }).where(eq(payments.id, payment.id))
      if (order.depositPayState === PAY_STATE.PAYING) await tx.update(orders).set({ depositPayState: PAY_STATE.FAILED, updatedAt: now }).where(eq(orders.orderId, order.orderId))
    }
    await tx.update(payments).set({ vendorTradeNo: paid.vendorTradeNo }).where(eq(payments.id, payment.id))
    await queueRefund(tx, payment, REFUND_REASON.abandoned, now)
    return { outcome: 'refunding', orderId: order.orderId }
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
