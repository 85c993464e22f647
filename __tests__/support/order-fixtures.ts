/**
 * Orders as the API answers them: one summary and one detail factory for every test, and the
 * order fields that make each derived status. Plain data, so unit and page tests alike use it.
 */
import { CHANNELS } from '../../src/config/channel'
import { ACTIVATION_STATE, ACTIVITY_TYPE, AUDIT_STATE, BUSINESS_MODE, CANCEL_STATE, DELIVERY_STATE, ISSUER_AUDIT_STATE, PAY_STATE, PLATE_COLOR } from '../../src/domain/enums'
import { CERTIFICATE } from '../../src/domain/certificates'
import type { OrderStatus } from '../../src/domain/order'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import type { PayOrderInfo } from '../../types/api/payment'

export const CHANNEL_ID = CHANNELS.bank.defaultPromotion.promotionChannelId
export const ALL_PHOTOS = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT

/** An order's pay info (getOrderInfo): a 29.90 deposit awaiting payment, no voucher. */
export function payInfo(overrides: Partial<PayOrderInfo> = {}): PayOrderInfo {
  return {
    orderId: 'O-1',
    amountCents: 2990,
    priceCents: 2990,
    voucher: null,
    businessMode: BUSINESS_MODE.DEPOSIT,
    depositPayState: PAY_STATE.AWAITING_PAYMENT,
    paidAt: null,
    promotionChannelId: CHANNEL_ID,
    ...overrides,
  }
}

/** The progress fields of an order nobody has moved on since it was created: no audit, delivery, activation, cancel or photos. */
export const NO_PROGRESS = {
  auditState: null,
  supplierAuditState: null,
  deliveryState: null,
  obuActivationState: null,
  cancelState: null,
  certificatesCommitSate: 0,
  stockInterceptionFlag: false,
} as const satisfies Partial<OrderSummary>

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: 'O-1',
    plateNumber: '京A12345',
    plateColor: PLATE_COLOR.BLUE,
    promotionChannelId: CHANNEL_ID,
    partnerId: null,
    promoterId: null,
    orderSource: 0,
    bizType: 0,
    commodityId: 'C-1',
    commodityName: '基础版ETC',
    amountCents: 2990,
    depositPayState: PAY_STATE.AWAITING_PAYMENT,
    ...NO_PROGRESS,
    createdAt: '2026-11-20T02:30:00.000Z',
    updatedAt: '2026-11-20T02:30:00.000Z',
    ...overrides,
  }
}

export function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const { amountCents } = { ...summary(), ...overrides }
  return {
    ...summary(),
    auditReason: null,
    cancelReason: null,
    issuerId: null,
    issuerReceivedAt: null,
    issuerAgreements: [],
    activitySource: ACTIVITY_TYPE.NONE,
    voucher: null,
    // Without a voucher the order pays its price.
    amountDueCents: amountCents,
    deliveryMethod: null,
    trackingNo: null,
    pickup: null,
    promotionName: null,
    partnerName: null,
    refund: null,
    owner: null,
    vehicle: null,
    delivery: null,
    completeness: { owner: false, vehicle: false, delivery: false, commodity: true, submitted: false },
    timeline: [],
    ...overrides,
  }
}

/** The order fields that make each derived status. */
export const STATUS_FIELDS: Readonly<Record<OrderStatus, Partial<OrderSummary>>> = {
  cancelled: { cancelState: CANCEL_STATE.SUCCESS, certificatesCommitSate: ALL_PHOTOS },
  activated: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.DELIVERED,
    obuActivationState: ACTIVATION_STATE.ACTIVATED,
  },
  awaitingActivation: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.SHIPPED,
    obuActivationState: ACTIVATION_STATE.AWAITING,
  },
  awaitingShipment: {
    certificatesCommitSate: ALL_PHOTOS,
    depositPayState: PAY_STATE.SUCCESS,
    auditState: AUDIT_STATE.PASSED,
    supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
    deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT,
  },
  rejected: { certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.SUCCESS, auditState: AUDIT_STATE.REJECTED },
  awaitingAudit: { certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.SUCCESS },
  applying: {},
}

/** The actions (QR code, cancel, continue) an order offers in each status, on the list and the detail page. */
export const STATUS_ACTIONS: Readonly<Record<OrderStatus, string[]>> = {
  cancelled: [],
  activated: ['qr'],
  awaitingActivation: ['qr'],
  awaitingShipment: ['qr', 'cancel'],
  rejected: ['qr', 'cancel'],
  awaitingAudit: ['qr', 'cancel'],
  applying: ['cancel', 'continue'],
}
