/** Orders: search, detail (the current process), cancel, the offline hand-over. */
import type { DeliveryMethod } from '../../src/domain/enums'
import type { OrderVoucher } from './apply'

/** Kinds of entries on an order's status timeline. */
export type TimelineKind =
  | 'applied'
  /** The province issuer's own SMS login passed (src/domain/province.ts); the note carries the issuer's user id. */
  | 'provinceVerified'
  | 'submitted'
  /** The issuer confirmed it received the order (apply/push); the note carries its receipt number. */
  | 'issuerReceived'
  | 'paid'
  | 'paymentFailed'
  | 'audited'
  | 'auditRejected'
  | 'shipped'
  /** An on-site pick-up's device waits at its branch. */
  | 'readyForPickup'
  | 'delivered'
  | 'activated'
  /** A deposit given back once the device was activated, as the package promised; the note says how much. */
  | 'depositRefunded'
  | 'cancelRequested'
  | 'cancelled'
  | 'cancelFailed'

export interface TimelineEntry {
  kind: TimelineKind
  at: string
  /** Extra words, e.g. the rejection reason or the tracking number. */
  note?: string
}

/** An order row of the list: the fields the status rules read, and what a row shows. */
export interface OrderSummary {
  orderId: string
  plateNumber: string
  plateColor: number
  promotionChannelId: string
  partnerId: string | null
  promoterId: string | null
  /** ORDER_SOURCE: 1 province, 0 ordinary. */
  orderSource: number
  /** BUSINESS_MODE of the package: deposit 0, fee 1. */
  bizType: number | null
  commodityId: string | null
  commodityName: string | null
  /** The package's price, before any voucher; null while no package is chosen. */
  amountCents: number | null
  depositPayState: number | null
  auditState: number | null
  supplierAuditState: number | null
  deliveryState: number | null
  obuActivationState: number | null
  cancelState: number | null
  certificatesCommitSate: number
  stockInterceptionFlag: boolean
  createdAt: string
  updatedAt: string
}

/** One order in full: the current process. Personal data comes back masked. */
export interface OrderDetail extends OrderSummary {
  auditReason: string | null
  cancelReason: string | null
  issuerId: number | null
  /** When the issuer confirmed it received the submitted order (ISO 8601); null until then. */
  issuerReceivedAt: string | null
  /** The issuers' agreements accepted for this order: which version, when (the server's time, ISO 8601). */
  issuerAgreements: { issuerId: number; version: string; acceptedAt: string }[]
  /**
   * ACTIVITY_TYPE of the promotion the order was opened under (the apply payload's
   * activitySource): a write-off campaign's order (WRITE_OFF_CODE) takes a write-off code.
   */
  activitySource: number
  /** The write-off code claimed for this order, or null. */
  voucher: OrderVoucher | null
  /**
   * What the order pays: amountCents less the voucher's discount, never below MIN_PAY_CENTS (a
   * free package stays free); amountCents without a voucher, null while no package is chosen.
   */
  amountDueCents: number | null
  deliveryMethod: DeliveryMethod | null
  trackingNo: string | null
  /** Where an on-site pick-up's device is collected (DELIVERY_METHOD.ON_SITE orders with an issuer), else null. */
  pickup: { branchName: string; address: string; hours: string } | null
  /** The promotion's name for customers (its subject) and the partner's, never their ids. */
  promotionName: string | null
  partnerName: string | null
  /** Money given back: a deposit after activation, or what a cancel refunded; null while none. */
  refund: { amountCents: number; at: string } | null
  /** Masked: 张*, 1101**********1234, 138****5678. */
  owner: { ownerName: string; idNumber: string; mobile: string } | null
  vehicle: { vehicleInfo: string; vin: string; engineNo: string } | null
  delivery: { consigneeName: string; consigneeMobile: string; region: string; address: string } | null
  /** Which parts of the application are filled in, for "continue applying". */
  completeness: { owner: boolean; vehicle: boolean; delivery: boolean; commodity: boolean; submitted: boolean }
  timeline: TimelineEntry[]
}

/** POST _search. */
export interface SearchOrdersRequest {
  pageNo?: number
  pageSize?: number
  plateNumber?: string
}

/** One of the caller's orders: GET handleOrders/{orderId}, POST depositH5PayState, GET getOrderInfo/{orderId}. */
export interface OrderRef {
  orderId: string
}

/** GET handleProcess?plateNumber=: the open order of a plate, or null. */
export interface CurrentProcessRequest {
  plateNumber: string
}

/** POST userCancelH5Order. */
export interface CancelOrderRequest {
  orderId: string
  reason: string
}
export interface CancelOrderResponse {
  orderId: string
  /** CANCEL_STATE: 1 cancelling, 2 success, 3 failed. */
  cancelState: number
}

/** What the sealed `encryptOfflineOrderToOnlineParam` carries. */
export interface OfflineOrderParam {
  offlineNo: string
  plateNumber: string
  /**
   * The one-time code the outlet handed over with the offline order; needed unless the caller
   * logged in by SMS with the phone the outlet took.
   */
  handoverCode?: string
}
export interface OfflineToOnlineRequest {
  encryptOfflineOrderToOnlineParam: string
}
export interface OfflineToOnlineResponse {
  orderId: string
}
