/**
 * Orders as the user sees them: the derived display status (first match wins), whether it is still
 * under way, the actions and colour of each status, the order list arrangement and the reapply rule.
 */
import { APPLY_CERTIFICATES, hasCertificate } from './certificates'
import {
  ACTIVATION_STATE,
  AUDIT_STATE,
  BUSINESS_MODE,
  CANCEL_STATE,
  DELIVERY_STATE,
  ISSUER_AUDIT_STATE,
  PAY_STATE,
  SHOW,
} from './enums'

/** Codes arrive from the backend as numbers, numeric strings or null. */
export type Code = number | string | null | undefined

/** The order fields the rules read. */
export interface OrderFields {
  orderId?: string | number
  promotionChannelId?: string | number | null
  cancelState?: Code
  obuActivationState?: Code
  auditState?: Code
  supplierAuditState?: Code
  deliveryState?: Code
  depositPayState?: Code
  certificatesCommitSate?: Code
  stockInterceptionFlag?: boolean | Code
  /** Business mode of the order's package: deposit 0, fee ("charge mode") 1. */
  bizType?: Code
}

export type OrderStatus =
  | 'cancelled'
  | 'activated'
  | 'awaitingActivation'
  | 'awaitingShipment'
  | 'rejected'
  | 'awaitingAudit'
  | 'applying'

export const ORDER_STATUSES: readonly OrderStatus[] = [
  'cancelled',
  'activated',
  'awaitingActivation',
  'awaitingShipment',
  'rejected',
  'awaitingAudit',
  'applying',
]

export type StatusColour = 'grey' | 'green' | 'red' | 'orange' | 'blue'

export interface OrderActions {
  cancel: boolean
  continue: boolean
  qr: boolean
}

/** A code as a number; empty values (null, undefined, '') as undefined. */
export function code(value: Code | boolean): number | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) ? number : undefined
}

const isEmpty = (value: Code): boolean => code(value) === undefined

export function deriveOrderStatus(order: OrderFields): OrderStatus {
  if (code(order.cancelState) === CANCEL_STATE.SUCCESS) return 'cancelled'
  const activation = code(order.obuActivationState)
  if (activation === ACTIVATION_STATE.ACTIVATED) return 'activated'
  if (activation === ACTIVATION_STATE.AWAITING) return 'awaitingActivation'
  const audit = code(order.auditState)
  const bothAuditsPassed = audit === AUDIT_STATE.PASSED && code(order.supplierAuditState) === ISSUER_AUDIT_STATE.PASSED
  if (bothAuditsPassed && (isEmpty(order.deliveryState) || code(order.deliveryState) === DELIVERY_STATE.AWAITING_SHIPMENT)) {
    return 'awaitingShipment'
  }
  if (audit === AUDIT_STATE.REJECTED) return 'rejected'
  const mask = code(order.certificatesCommitSate) ?? 0
  if (APPLY_CERTIFICATES.some((flag) => hasCertificate(mask, flag))) return 'awaitingAudit'
  return 'applying'
}

/** Statuses with nothing left to do: the order was cancelled, or its device is in use. */
const OVER: ReadonlySet<OrderStatus> = new Set(['cancelled', 'activated'])

/** Whether an order in `status` is still under way: neither cancelled nor activated. */
export function orderUnderWay(status: OrderStatus): boolean {
  return !OVER.has(status)
}

const CANCELLABLE: ReadonlySet<OrderStatus> = new Set(['awaitingShipment', 'rejected', 'awaitingAudit', 'applying'])
const WITHOUT_QR: ReadonlySet<OrderStatus> = new Set(['cancelled', 'applying'])

export function orderActions(status: OrderStatus): OrderActions {
  return { cancel: CANCELLABLE.has(status), continue: status === 'applying', qr: !WITHOUT_QR.has(status) }
}

const COLOURS: Readonly<Partial<Record<OrderStatus, StatusColour>>> = {
  cancelled: 'grey',
  activated: 'green',
  rejected: 'red',
  applying: 'orange',
}

export function statusColour(status: OrderStatus): StatusColour {
  return COLOURS[status] ?? 'blue'
}

const LABELS: Readonly<Record<OrderStatus, string>> = {
  cancelled: '已取消',
  activated: '已激活',
  awaitingActivation: '待激活',
  awaitingShipment: '待发货',
  rejected: '审核未通过',
  awaitingAudit: '待审核',
  applying: '申办中',
}

export function statusLabel(status: OrderStatus): string {
  return LABELS[status]
}

export interface ArrangedOrders<T> {
  /** The current process: the first open order. */
  current: T | undefined
  /** Orders not yet activated, the current channel's first (otherwise in the given order). */
  open: T[]
  activated: T[]
}

export function arrangeOrders<T extends OrderFields>(orders: readonly T[], channelId: string | number): ArrangedOrders<T> {
  const activated = orders.filter((order) => deriveOrderStatus(order) === 'activated')
  const rest = orders.filter((order) => deriveOrderStatus(order) !== 'activated')
  const fromChannel = (order: T): boolean => String(order.promotionChannelId ?? '') === String(channelId)
  const open = [...rest.filter(fromChannel), ...rest.filter((order) => !fromChannel(order))]
  return { current: open[0], open, activated }
}

// ---- reapply -------------------------------------------------------------------------------

/** 0: apply normally; 1: pay or cancel the unpaid old order; 2: cancel the old order and apply again. */
export type ReapplyType = 0 | 1 | 2
export const REAPPLY_TYPE = { NONE: 0, PAY_OR_CANCEL: 1, CANCEL_AND_REAPPLY: 2 } as const
/** The reapply guide's types: pay or cancel, cancel and apply again. */
export type GuideType = Exclude<ReapplyType, 0>

/** The plate check (checkApplyPlateNumber): white list and the two window switches. */
export interface PlateCheck {
  isWhiteNo?: boolean | Code
  windowSwitchOneZs?: boolean | Code
  windowSwitchTwoZs?: boolean | Code
}

/** A backend flag: true, or 1 / '1' (show yes). */
export function flagOn(value: boolean | Code): boolean {
  return value === true || code(value) === SHOW.YES
}

/** The deposit is settled when it was paid, or when none was needed. */
export function depositSettled(order: OrderFields): boolean {
  const state = code(order.depositPayState)
  return state === PAY_STATE.SUCCESS || state === PAY_STATE.NOT_NEEDED
}

export function reapplyType(order: OrderFields, plateCheck?: PlateCheck): ReapplyType {
  if (flagOn(order.stockInterceptionFlag)) return REAPPLY_TYPE.CANCEL_AND_REAPPLY
  if (code(order.bizType) === BUSINESS_MODE.FEE || !plateCheck) return REAPPLY_TYPE.NONE
  const switchOne = flagOn(plateCheck.windowSwitchOneZs)
  const switchTwo = flagOn(plateCheck.windowSwitchTwoZs)
  if (switchTwo) {
    const auditsPassed =
      code(order.auditState) === AUDIT_STATE.PASSED && code(order.supplierAuditState) === ISSUER_AUDIT_STATE.PASSED
    const exempt = depositSettled(order) && flagOn(plateCheck.isWhiteNo)
    return !auditsPassed && !exempt ? REAPPLY_TYPE.CANCEL_AND_REAPPLY : REAPPLY_TYPE.NONE
  }
  return switchOne && !depositSettled(order) ? REAPPLY_TYPE.PAY_OR_CANCEL : REAPPLY_TYPE.NONE
}
