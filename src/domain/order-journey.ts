/**
 * Where a person stands with an order, and the one right next action each order screen offers
 * from there. The spec's display status (order.ts) stays the status tag; it cannot tell a draft
 * from a submitted order waiting for its payment (both show 待审核 once a photo is in), so the
 * screens read the journey state instead to decide what a tap does. One table, read by the plate
 * page, the order list, the order detail and the home card, so no screen leaves a person stuck.
 */
import { nextApplyStep } from './apply-form'
import type { ApplyStepName } from './apply-form'
import { ACTIVATION_STATE, AUDIT_STATE, CANCEL_STATE, ISSUER_AUDIT_STATE, PAY_STATE } from './enums'
import { code, flagOn } from './order'
import type { OrderFields } from './order'

export type JourneyState =
  /** Not submitted yet, by the first part it still lacks. */
  | 'draftInformation'
  | 'draftPhotos'
  | 'draftPackage'
  | 'draftSubmit'
  /** Submitted, nothing paid yet. */
  | 'awaitingPayment'
  /** A payment was started and not settled (the person may have left the cashier). */
  | 'paying'
  | 'payFailed'
  /** Paid (or free), waiting for the audits. */
  | 'inAudit'
  | 'rejected'
  /** The issuer cannot issue a device for it (stock interception): only a new application helps. */
  | 'intercepted'
  | 'awaitingShipment'
  /** Shipped or ready for pick-up: the device waits to be activated. */
  | 'awaitingActivation'
  | 'activated'
  | 'cancelling'
  | 'cancelled'

export const JOURNEY_STATES: readonly JourneyState[] = [
  'draftInformation',
  'draftPhotos',
  'draftPackage',
  'draftSubmit',
  'awaitingPayment',
  'paying',
  'payFailed',
  'inAudit',
  'rejected',
  'intercepted',
  'awaitingShipment',
  'awaitingActivation',
  'activated',
  'cancelling',
  'cancelled',
]

/** The screens that offer an order's next action. */
export type OrderScreen = 'plateEntry' | 'orderList' | 'orderDetail' | 'homeCard'
export const ORDER_SCREENS: readonly OrderScreen[] = ['plateEntry', 'orderList', 'orderDetail', 'homeCard']

export type NextAction =
  /** Open the first part the application still lacks. */
  | 'continue'
  | 'pay'
  /** Pay again: a payment was left or failed. */
  | 'repay'
  /** The guide that cancels the old order and starts a new application. */
  | 'reapply'
  /** Open the order's detail to follow its progress. */
  | 'track'
  /** How to activate the device. */
  | 'activate'
  /** Start a new application for the plate. */
  | 'apply'
  /** Nothing to do here: the screen already shows what there is (or the plate check answers). */
  | 'none'

const EVERYWHERE = (action: NextAction): Readonly<Record<OrderScreen, NextAction>> => ({
  plateEntry: action,
  orderList: action,
  orderDetail: action,
  homeCard: action,
})

/**
 * The table. The detail page is where 'track' leads, so it offers nothing more there. The plate
 * page never meets an activated order (the uniqueness check answers first) nor a cancelled one
 * (only open orders are found by plate: a new application opens); the home card shows only an
 * order under way.
 */
export const NEXT_ACTIONS: Readonly<Record<JourneyState, Readonly<Record<OrderScreen, NextAction>>>> = {
  draftInformation: EVERYWHERE('continue'),
  draftPhotos: EVERYWHERE('continue'),
  draftPackage: EVERYWHERE('continue'),
  draftSubmit: EVERYWHERE('continue'),
  awaitingPayment: EVERYWHERE('pay'),
  paying: EVERYWHERE('repay'),
  payFailed: EVERYWHERE('repay'),
  inAudit: { plateEntry: 'track', orderList: 'track', orderDetail: 'none', homeCard: 'track' },
  rejected: EVERYWHERE('reapply'),
  intercepted: EVERYWHERE('reapply'),
  awaitingShipment: { plateEntry: 'track', orderList: 'track', orderDetail: 'none', homeCard: 'track' },
  awaitingActivation: EVERYWHERE('activate'),
  activated: { plateEntry: 'none', orderList: 'track', orderDetail: 'none', homeCard: 'none' },
  cancelling: { plateEntry: 'track', orderList: 'track', orderDetail: 'none', homeCard: 'track' },
  cancelled: { plateEntry: 'apply', orderList: 'track', orderDetail: 'apply', homeCard: 'none' },
}

/** What a button offering the action says. */
export const NEXT_ACTION_LABEL: Readonly<Record<Exclude<NextAction, 'none'>, string>> = {
  continue: '继续办理',
  pay: '去支付',
  repay: '重新支付',
  reapply: '重新申办',
  track: '查看进度',
  activate: '激活指引',
  apply: '重新办理',
}

/** Where the person stands, in their words (beside the status tag, which keeps the spec's). */
export const JOURNEY_HINT: Readonly<Record<JourneyState, string>> = {
  draftInformation: '资料未填写完整',
  draftPhotos: '证件照片未上传完整',
  draftPackage: '尚未选择套餐',
  draftSubmit: '订单尚未提交',
  awaitingPayment: '订单已提交，待支付',
  paying: '支付未完成，可重新支付',
  payFailed: '支付失败，可重新支付',
  inAudit: '已支付，等待审核',
  rejected: '审核未通过，可重新申办',
  intercepted: '暂无法发行设备，可重新申办',
  awaitingShipment: '审核通过，等待发货',
  awaitingActivation: '设备已发出，待激活',
  activated: '设备已激活',
  cancelling: '订单取消中',
  cancelled: '订单已取消',
}

/** The order fields the journey reads; `completeness` (the detail's) tells the draft's step. */
export interface JourneyOrder extends OrderFields {
  completeness?: { owner: boolean; vehicle: boolean; delivery: boolean; commodity: boolean; submitted: boolean }
}

const DRAFT_STATE: Readonly<Record<Exclude<ApplyStepName, 'payment' | 'done'>, JourneyState>> = {
  information: 'draftInformation',
  photos: 'draftPhotos',
  package: 'draftPackage',
  submit: 'draftSubmit',
}

/** A submitted order always has a pay state; before the final commit it has none. */
function submitted(order: JourneyOrder): boolean {
  return order.completeness?.submitted ?? code(order.depositPayState) !== undefined
}

function draftState(order: JourneyOrder): JourneyState {
  if (!order.completeness) return 'draftInformation'
  const step = nextApplyStep({ ...order.completeness, submitted: false, certificatesCommitSate: code(order.certificatesCommitSate) ?? 0, depositPayState: null })
  return step === 'payment' || step === 'done' ? 'draftSubmit' : DRAFT_STATE[step]
}

/** First match wins, like the display status: what ended or moved on first, then the payment. */
export function journeyState(order: JourneyOrder): JourneyState {
  const cancel = code(order.cancelState)
  if (cancel === CANCEL_STATE.SUCCESS) return 'cancelled'
  if (cancel === CANCEL_STATE.CANCELLING) return 'cancelling'
  const activation = code(order.obuActivationState)
  if (activation === ACTIVATION_STATE.ACTIVATED) return 'activated'
  if (activation === ACTIVATION_STATE.AWAITING) return 'awaitingActivation'
  const audit = code(order.auditState)
  // Shipping makes the device wait for its activation (the state before): passed audits mean it waits to be shipped.
  if (audit === AUDIT_STATE.PASSED && code(order.supplierAuditState) === ISSUER_AUDIT_STATE.PASSED) return 'awaitingShipment'
  if (flagOn(order.stockInterceptionFlag)) return 'intercepted'
  if (audit === AUDIT_STATE.REJECTED) return 'rejected'
  if (!submitted(order)) return draftState(order)
  switch (code(order.depositPayState)) {
    case PAY_STATE.PAYING:
      return 'paying'
    case PAY_STATE.FAILED:
      return 'payFailed'
    case PAY_STATE.SUCCESS:
    case PAY_STATE.NOT_NEEDED:
      return 'inAudit'
    default:
      return 'awaitingPayment'
  }
}

export function nextAction(order: JourneyOrder, screen: OrderScreen): NextAction {
  return NEXT_ACTIONS[journeyState(order)][screen]
}

/** Whether the order can still be paid from the order pages: submitted, and not paid. */
export function payable(state: JourneyState): boolean {
  return state === 'awaitingPayment' || state === 'paying' || state === 'payFailed'
}
