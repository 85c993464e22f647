/** Reading the caller's orders: the list (newest first), one order, the current process. */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Page } from '../../types/api/envelope'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import type { Db } from '../db/database'
import { commodities, orders } from '../db/schema'
import { OPEN_ORDER, findOpenOrderForPlate, requireOwnOrder } from './order-records'
import { SUMMARY_COLUMNS, toDetail, toSummary } from './order-views'
import { expireUserOrders } from './order-expiry'
import { paymentCutoff, unpaidDue } from './unpaid-orders'
import { dueToExpire, expiryCutoff } from './unsubmitted-orders'
import { preparedPerDb } from '../db/prepared'

export interface OrderSearch {
  pageNo: number
  pageSize: number
  plateNumber?: string
}

/** A page of the caller's orders, newest first, each with the total and whether it is due to expire (unsubmitted or unpaid). */
function orderPageQuery(db: Db, byPlate: boolean, name: string) {
  const userId = eq(orders.userId, sql.placeholder('userId'))
  return db
    .select({
      order: SUMMARY_COLUMNS,
      commodityName: commodities.name,
      // Counted before limit and offset apply: every order the search matches.
      total: sql<number>`count(*) over ()`.mapWith(Number),
      due: sql<boolean>`(${dueToExpire(sql.placeholder('cutoff'))} or ${unpaidDue(sql.placeholder('now'), sql.placeholder('paymentCutoff'))})`.mapWith(Boolean),
    })
    .from(orders)
    .leftJoin(commodities, eq(commodities.id, orders.commodityId))
    .where(byPlate ? and(userId, eq(orders.plateNumber, sql.placeholder('plateNumber'))) : userId)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name)
}

const orderPage = preparedPerDb((db) => orderPageQuery(db, false, 'order_page'))
const orderPageOfPlate = preparedPerDb((db) => orderPageQuery(db, true, 'order_page_of_plate'))

/**
 * A page of the caller's orders with the total, in one query. Orders that expired unsubmitted or
 * unpaid are shown cancelled: when the page holds one that is due, they are expired (with their
 * timeline note) and the page read again; otherwise the read writes nothing.
 */
export async function searchOrders(db: Db, userId: number, search: OrderSearch, now: Date): Promise<Page<OrderSummary>> {
  const values = {
    userId,
    cutoff: expiryCutoff(now),
    now,
    paymentCutoff: paymentCutoff(now),
    limit: search.pageSize,
    offset: (search.pageNo - 1) * search.pageSize,
    ...(search.plateNumber === undefined ? {} : { plateNumber: search.plateNumber }),
  }
  const readPage = () => (search.plateNumber === undefined ? orderPage(db) : orderPageOfPlate(db)).execute(values)
  let rows = await readPage()
  if (rows.some((row) => row.due)) {
    await expireUserOrders(db, now, userId)
    rows = await readPage()
  }
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (search.pageNo > 1 ? await countOrders(db, userId, search.plateNumber) : 0)
  return {
    list: rows.map((row) => toSummary(row.order, row.commodityName)),
    total,
    pageNo: search.pageNo,
    pageSize: search.pageSize,
  }
}

async function countOrders(db: Db, userId: number, plateNumber: string | undefined): Promise<number> {
  const where = and(eq(orders.userId, userId), plateNumber === undefined ? undefined : eq(orders.plateNumber, plateNumber))
  const [counted] = await db.select({ total: count() }).from(orders).where(where)
  return counted?.total ?? 0
}

export async function orderDetail(db: Db, userId: number, orderId: string): Promise<OrderDetail> {
  return toDetail(db, await requireOwnOrder(db, userId, orderId))
}

/**
 * The bank app's current process: the caller's newest open order, those made through the
 * `{channel}` of the call first; null when there is none.
 */
export async function currentProcess(db: Db, userId: number, channel: string): Promise<OrderDetail | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), OPEN_ORDER))
    .orderBy(sql`case when ${orders.channel} = ${channel} then 0 else 1 end`, desc(orders.createdAt), desc(orders.orderId))
    .limit(1)
  return row ? toDetail(db, row) : null
}

export async function currentProcessOfPlate(db: Db, userId: number, plateNumber: string): Promise<OrderDetail | null> {
  const row = await findOpenOrderForPlate(db, userId, plateNumber)
  return row ? toDetail(db, row) : null
}
