/**
 * Orders as stored: opening a new one (every new order, online or handed over, is inserted here),
 * finding the caller's own order (another user's answers exactly like a missing one), what "open"
 * and "editable" mean, the status timeline, and the fields the domain's rules (src/domain/order.ts)
 * and the lifecycle rules read.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { TimelineKind } from '../../types/api/orders'
import { ACTIVATION_STATE, APPLY_STEP, CANCEL_STATE } from '../../src/domain/enums'
import type { OrderFields } from '../../src/domain/order'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { orderEvents, orders } from '../db/schema'
import { DomainError } from '../domain-error'
import { newPublicId } from '../auth/secrets'
import type { LifecycleOrder } from './lifecycle'

export type OrderRow = typeof orders.$inferSelect
export type OrderChanges = Partial<typeof orders.$inferInsert>

export const ORDER_ID_PREFIX = 'O'

export const ORDER_MESSAGE = {
  notFound: '订单不存在',
  cancelled: '订单已取消',
  cancelling: '订单正在取消中，请稍后查看',
  activated: '设备已激活，订单已完成',
  submitted: '订单已提交，不能再修改资料',
  notSubmitted: '订单尚未提交，请先完成申办',
  plateMismatch: '车牌号与订单不一致',
} as const

/** What a new order starts from; its id, first step and times are the same for every new order. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'orderId' | 'stepId' | 'createdAt' | 'updatedAt'>

/**
 * Opens an order at APPLY_STEP.CREATE and records its 'applied' event (with `note`, when given).
 * Undefined when the user already has an open order of the plate: a concurrent create won the
 * partial unique index orders_one_open_per_plate_key. Use inside `db.transaction`.
 */
export async function insertNewOrder(db: Db, random: RandomSource, now: Date, values: NewOrder, note?: string): Promise<OrderRow | undefined> {
  const [inserted] = await db
    .insert(orders)
    .values({ ...values, orderId: newPublicId(random, ORDER_ID_PREFIX), stepId: APPLY_STEP.CREATE, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
  if (inserted) await addEvent(db, inserted.orderId, 'applied', now, note)
  return inserted
}

/**
 * Open: neither cancelled nor activated. The same condition as the partial unique index
 * orders_one_open_per_plate_key, so "the open order of a plate" is at most one row per user.
 */
export const OPEN_ORDER: SQL = sql`coalesce(${orders.cancelState}, 0) <> ${CANCEL_STATE.SUCCESS} and coalesce(${orders.obuActivationState}, 0) <> ${ACTIVATION_STATE.ACTIVATED}`

/** The business "not found" every unknown or foreign order id answers with. */
export const orderNotFound = (): DomainError => DomainError.business(BUSINESS_CODE.NOT_FOUND, ORDER_MESSAGE.notFound)
const notAllowed = (msg: string): DomainError => DomainError.business(BUSINESS_CODE.ACTION_NOT_ALLOWED, msg)

/**
 * The caller's order; `lock` takes its row lock until the transaction ends (use inside
 * `db.transaction`). Unknown and foreign ids both answer NOT_FOUND "订单不存在".
 */
export async function requireOwnOrder(db: Db, userId: number, orderId: string, options: { lock?: boolean } = {}): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), eq(orders.userId, userId)))
    .limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw orderNotFound()
  return row
}

/** Refuses orders that are cancelled, being cancelled or activated. */
export function assertOpen(order: OrderRow): void {
  if (order.cancelState === CANCEL_STATE.SUCCESS) throw notAllowed(ORDER_MESSAGE.cancelled)
  if (order.cancelState === CANCEL_STATE.CANCELLING) throw notAllowed(ORDER_MESSAGE.cancelling)
  if (order.obuActivationState === ACTIVATION_STATE.ACTIVATED) throw notAllowed(ORDER_MESSAGE.activated)
}

/** The application data (form, package, photos) may change only while open and not yet submitted. */
export function assertEditable(order: OrderRow): void {
  assertOpen(order)
  if (order.submittedAt !== null) throw notAllowed(ORDER_MESSAGE.submitted)
}

export function assertSubmitted(order: OrderRow): void {
  if (order.submittedAt === null) throw notAllowed(ORDER_MESSAGE.notSubmitted)
}

/** The caller's open order of a plate (at most one, by the unique index), newest first. */
export async function findOpenOrderForPlate(db: Db, userId: number, plateNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.plateNumber, plateNumber), OPEN_ORDER))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return row
}

export async function addEvent(db: Db, orderId: string, kind: TimelineKind, at: Date, note?: string): Promise<void> {
  await db.insert(orderEvents).values({ orderId, kind, at, note: note ?? null })
}

type StateColumn = 'depositPayState' | 'auditState' | 'supplierAuditState' | 'deliveryState' | 'obuActivationState' | 'cancelState'

/** The order's state codes (pay, audit, delivery, activation, cancel), as every view names them. */
export function orderStates(order: Pick<OrderRow, StateColumn>): Pick<OrderRow, StateColumn> {
  return {
    depositPayState: order.depositPayState,
    auditState: order.auditState,
    supplierAuditState: order.supplierAuditState,
    deliveryState: order.deliveryState,
    obuActivationState: order.obuActivationState,
    cancelState: order.cancelState,
  }
}

/** The fields the display status and action rules read. */
export function orderFields(order: OrderRow): OrderFields {
  return {
    orderId: order.orderId,
    promotionChannelId: order.promotionChannelId,
    ...orderStates(order),
    certificatesCommitSate: order.certificatesCommitState,
    stockInterceptionFlag: order.stockInterceptionFlag,
    bizType: order.businessMode,
  }
}

/** The fields the outside parties' lifecycle rules read. */
export function lifecycleOrder(order: OrderRow): LifecycleOrder {
  return { submitted: order.submittedAt !== null, deliveryMethod: order.deliveryMethod, ...orderStates(order) }
}
