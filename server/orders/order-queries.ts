/** Reading the caller's orders: the list (newest first), one order, the current process. */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Page } from '../../types/api/envelope'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import type { Db } from '../db/database'
import { commodities, orders } from '../db/schema'
import { OPEN_ORDER, findOpenOrderForPlate, requireOwnOrder } from './order-records'
import { toDetail, toSummary } from './order-views'

export interface OrderSearch {
  pageNo: number
  pageSize: number
  plateNumber?: string
}

export async function searchOrders(db: Db, userId: number, search: OrderSearch): Promise<Page<OrderSummary>> {
  const where = and(eq(orders.userId, userId), search.plateNumber === undefined ? undefined : eq(orders.plateNumber, search.plateNumber))
  const [counted] = await db.select({ total: count() }).from(orders).where(where)
  const rows = await db
    .select({ order: orders, commodityName: commodities.name })
    .from(orders)
    .leftJoin(commodities, eq(commodities.id, orders.commodityId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(search.pageSize)
    .offset((search.pageNo - 1) * search.pageSize)
  return {
    list: rows.map((row) => toSummary(row.order, row.commodityName)),
    total: counted?.total ?? 0,
    pageNo: search.pageNo,
    pageSize: search.pageSize,
  }
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
