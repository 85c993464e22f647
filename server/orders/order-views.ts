/**
 * Orders as the app reads them (types/api/orders.ts): the list row, and the detail with masked
 * personal data, completeness and the status timeline.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { OrderDetail, OrderSummary, TimelineEntry, TimelineKind } from '../../types/api/orders'
import { DELIVERY_METHOD } from '../../src/domain/enums'
import type { DeliveryMethod } from '../../src/domain/enums'
import { maskIdNumber, maskMobile, maskName } from '../../src/domain/masking'
import { amountDue, orderVoucher } from '../catalogue/voucher-codes'
import type { Db } from '../db/database'
import { commodities, orderEvents, orders, partnerChannels, payments, promotionChannels } from '../db/schema'
import { pickupBranch } from '../catalogue/pickup-branches'
import { orderIssuerAgreementList } from './issuer-agreements'
import { orderStates } from './order-records'
import type { OrderRow } from './order-records'

/** Characters of the street address shown before the mask. */
const ADDRESS_VISIBLE_CHARACTERS = 6
const ADDRESS_MASK = '****'

/** 科技园路1号3栋201 → 科技园路1号****: enough to recognise, not enough to find the door. */
export function maskAddress(address: string): string {
  const characters = Array.from(address)
  if (characters.length <= ADDRESS_VISIBLE_CHARACTERS) return `${characters.slice(0, 1).join('')}${ADDRESS_MASK}`
  return `${characters.slice(0, ADDRESS_VISIBLE_CHARACTERS).join('')}${ADDRESS_MASK}`
}

/** The columns of an order its list row shows: the list reads only these (no personal data to decrypt). */
export const SUMMARY_COLUMNS = {
  orderId: orders.orderId,
  plateNumber: orders.plateNumber,
  plateColor: orders.plateColor,
  promotionChannelId: orders.promotionChannelId,
  partnerId: orders.partnerId,
  promoterId: orders.promoterId,
  orderSource: orders.orderSource,
  businessMode: orders.businessMode,
  commodityId: orders.commodityId,
  amountCents: orders.amountCents,
  depositPayState: orders.depositPayState,
  auditState: orders.auditState,
  supplierAuditState: orders.supplierAuditState,
  deliveryState: orders.deliveryState,
  obuActivationState: orders.obuActivationState,
  cancelState: orders.cancelState,
  certificatesCommitState: orders.certificatesCommitState,
  stockInterceptionFlag: orders.stockInterceptionFlag,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
} as const satisfies { [K in keyof OrderRow]?: (typeof orders)[K] }

export type SummaryRow = Pick<OrderRow, keyof typeof SUMMARY_COLUMNS>

export function toSummary(order: SummaryRow, commodityName: string | null): OrderSummary {
  return {
    orderId: order.orderId,
    plateNumber: order.plateNumber,
    plateColor: order.plateColor,
    promotionChannelId: order.promotionChannelId,
    partnerId: order.partnerId,
    promoterId: order.promoterId,
    orderSource: order.orderSource,
    bizType: order.businessMode,
    commodityId: order.commodityId,
    commodityName,
    amountCents: order.amountCents,
    ...orderStates(order),
    certificatesCommitSate: order.certificatesCommitState,
    stockInterceptionFlag: order.stockInterceptionFlag,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }
}

export interface Completeness {
  owner: boolean
  vehicle: boolean
  delivery: boolean
  commodity: boolean
  submitted: boolean
}

export function completeness(order: OrderRow): Completeness {
  return {
    owner: order.ownerName !== null && order.ownerIdNumber !== null && order.ownerMobile !== null,
    vehicle: order.vehicle !== null,
    delivery: order.deliveryMethod !== null,
    commodity: order.commodityId !== null,
    submitted: order.submittedAt !== null,
  }
}

const DELIVERY_METHODS: readonly string[] = Object.values(DELIVERY_METHOD)

function deliveryMethod(value: string | null): DeliveryMethod | null {
  return value !== null && DELIVERY_METHODS.includes(value) ? (value as DeliveryMethod) : null
}

function owner(order: OrderRow): OrderDetail['owner'] {
  if (order.ownerName === null || order.ownerIdNumber === null || order.ownerMobile === null) return null
  return { ownerName: maskName(order.ownerName), idNumber: maskIdNumber(order.ownerIdNumber), mobile: maskMobile(order.ownerMobile) }
}

/** Mail delivery only: on-site pick-up has no consignee. */
function delivery(order: OrderRow): OrderDetail['delivery'] {
  if (order.consigneeName === null || order.consigneeMobile === null) return null
  return {
    consigneeName: maskName(order.consigneeName),
    consigneeMobile: maskMobile(order.consigneeMobile),
    region: order.region ?? '',
    address: order.address === null ? '' : maskAddress(order.address),
  }
}

export async function commodityName(db: Db, commodityId: string | null): Promise<string | null> {
  if (commodityId === null) return null
  const [row] = await db.select({ name: commodities.name }).from(commodities).where(eq(commodities.id, commodityId)).limit(1)
  return row?.name ?? null
}

export async function timeline(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ kind: orderEvents.kind, at: orderEvents.at, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  return rows.map((row) => ({
    // Only this server writes events, always with a TimelineKind.
    kind: row.kind as TimelineKind,
    at: row.at.toISOString(),
    ...(row.note !== null ? { note: row.note } : {}),
  }))
}

/** The promotion's and the partner's names as customers read them. */
async function promotionNames(db: Db, order: OrderRow): Promise<Pick<OrderDetail, 'promotionName' | 'partnerName'>> {
  const [promotion] = await db
    .select({ name: promotionChannels.promotionSubject })
    .from(promotionChannels)
    .where(eq(promotionChannels.id, order.promotionChannelId))
    .limit(1)
  const [partner] =
    order.partnerId === null
      ? []
      : await db
          .select({ name: partnerChannels.partnerName })
          .from(partnerChannels)
          .where(and(eq(partnerChannels.promotionChannelId, order.promotionChannelId), eq(partnerChannels.partnerId, order.partnerId)))
          .limit(1)
  return { promotionName: promotion?.name ?? null, partnerName: partner?.name ?? null }
}

async function refundOf(db: Db, orderId: string): Promise<OrderDetail['refund']> {
  const [refund] = await db
    .select({ amountCents: payments.amountCents, at: payments.refundedAt })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.refundedAt)))
    .limit(1)
  return refund?.at ? { amountCents: refund.amountCents, at: refund.at.toISOString() } : null
}

export async function toDetail(db: Db, order: OrderRow): Promise<OrderDetail> {
  const voucher = await orderVoucher(db, order.orderId)
  const method = deliveryMethod(order.deliveryMethod)
  return {
    ...toSummary(order, await commodityName(db, order.commodityId)),
    auditReason: order.auditReason,
    cancelReason: order.cancelReason,
    issuerId: order.issuerId,
    issuerReceivedAt: order.pushedAt?.toISOString() ?? null,
    issuerAgreements: await orderIssuerAgreementList(db, order.orderId),
    activitySource: order.activitySource,
    voucher,
    amountDueCents: order.amountCents === null ? null : amountDue(order.amountCents, voucher),
    deliveryMethod: method,
    trackingNo: order.trackingNo,
    pickup: method === DELIVERY_METHOD.ON_SITE && order.issuerId !== null ? pickupBranch(order.issuerId) : null,
    ...(await promotionNames(db, order)),
    refund: await refundOf(db, order.orderId),
    owner: owner(order),
    vehicle: order.vehicle === null ? null : { vehicleInfo: order.vehicle.vehicleInfo, vin: order.vehicle.vin, engineNo: order.vehicle.engineNo },
    delivery: delivery(order),
    completeness: completeness(order),
    timeline: await timeline(db, order.orderId),
  }
}
