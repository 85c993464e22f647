/**
 * What the outside parties do to an order after it is submitted and paid: the issuer audits it
 * (pass or reject), ships the device (or makes it ready at its branch), the user activates it.
 * Pure rules: the issuer's notifications (server/orders/issuer-events.ts, which `npm run sim`
 * goes through) and the demo timer apply them to stored orders.
 */
import { ACTIVATION_STATE, AUDIT_STATE, CANCEL_STATE, DELIVERY_METHOD, DELIVERY_STATE, ISSUER_AUDIT_STATE, PAY_STATE } from '../../src/domain/enums'
import type { OrderSummary, TimelineKind } from '../../types/api/orders'

export const LIFECYCLE_ACTIONS = ['audit-pass', 'audit-reject', 'ship', 'activate'] as const
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number]

export function isLifecycleAction(value: string): value is LifecycleAction {
  return (LIFECYCLE_ACTIONS as readonly string[]).includes(value)
}

/** The order fields the lifecycle reads and writes: the order's states as the contract names them. */
export type LifecycleOrder = Pick<OrderSummary, 'depositPayState' | 'auditState' | 'supplierAuditState' | 'deliveryState' | 'obuActivationState' | 'cancelState'> & {
  submitted: boolean
  /** DELIVERY_METHOD: an on-site pick-up is made ready at its branch, never sent by courier. */
  deliveryMethod: string | null
}

export type LifecycleChanges = Partial<Omit<LifecycleOrder, 'submitted' | 'deliveryMethod'>> & { auditReason?: string; trackingNo?: string }

export type LifecycleResult =
  | { ok: true; changes: LifecycleChanges; event: TimelineKind; note?: string }
  | { ok: false; reason: string }

export const DEFAULT_REJECT_REASON = '行驶证照片不清晰，请重新上传'

const PAID_OR_FREE: ReadonlySet<number | null> = new Set([PAY_STATE.SUCCESS, PAY_STATE.NOT_NEEDED])

function blocked(order: LifecycleOrder): string | undefined {
  if (order.cancelState === CANCEL_STATE.SUCCESS) return '订单已取消'
  if (order.cancelState === CANCEL_STATE.CANCELLING) return '订单正在取消'
  return undefined
}

/** What a step carries besides the order: the rejection's reason, the courier's waybill. */
export interface StepDetails {
  readonly reason?: string
  /** A courier shipment without one is shipped all the same (an issuer that said only "activated"). */
  readonly trackingNo?: string
}

export function advance(order: LifecycleOrder, action: LifecycleAction, context: StepDetails = {}): LifecycleResult {
  const stop = blocked(order)
  if (stop) return { ok: false, reason: stop }
  switch (action) {
    case 'audit-pass':
    case 'audit-reject': {
      if (!order.submitted) return { ok: false, reason: '订单尚未提交，不能审核' }
      if (!PAID_OR_FREE.has(order.depositPayState)) return { ok: false, reason: '订单尚未支付，不能审核' }
      if (order.auditState !== null) return { ok: false, reason: '订单已审核' }
      if (action === 'audit-pass') {
        return {
          ok: true,
          changes: { auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED, deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT },
          event: 'audited',
        }
      }
      const reason = context.reason?.trim() || DEFAULT_REJECT_REASON
      return { ok: true, changes: { auditState: AUDIT_STATE.REJECTED, auditReason: reason }, event: 'auditRejected', note: reason }
    }
    case 'ship': {
      const audited = order.auditState === AUDIT_STATE.PASSED && order.supplierAuditState === ISSUER_AUDIT_STATE.PASSED
      if (!audited) return { ok: false, reason: '订单尚未审核通过，不能发货' }
      if (order.deliveryState !== null && order.deliveryState !== DELIVERY_STATE.AWAITING_SHIPMENT) return { ok: false, reason: '订单已发货' }
      const shipped = { deliveryState: DELIVERY_STATE.SHIPPED, obuActivationState: ACTIVATION_STATE.AWAITING }
      if (order.deliveryMethod === DELIVERY_METHOD.ON_SITE) return { ok: true, changes: shipped, event: 'readyForPickup' }
      if (context.trackingNo === undefined) return { ok: true, changes: shipped, event: 'shipped' }
      return { ok: true, changes: { ...shipped, trackingNo: context.trackingNo }, event: 'shipped', note: context.trackingNo }
    }
    case 'activate': {
      if (order.obuActivationState !== ACTIVATION_STATE.AWAITING) return { ok: false, reason: '设备尚未发货或已激活' }
      return { ok: true, changes: { obuActivationState: ACTIVATION_STATE.ACTIVATED, deliveryState: DELIVERY_STATE.DELIVERED }, event: 'activated' }
    }
  }
}

/** The next step the demo timer takes for an order, if any. */
export function nextAutomaticAction(order: LifecycleOrder): LifecycleAction | undefined {
  if (blocked(order) || !order.submitted || !PAID_OR_FREE.has(order.depositPayState)) return undefined
  if (order.auditState === null) return 'audit-pass'
  if (order.auditState !== AUDIT_STATE.PASSED) return undefined
  if (order.deliveryState === null || order.deliveryState === DELIVERY_STATE.AWAITING_SHIPMENT) return 'ship'
  if (order.obuActivationState === ACTIVATION_STATE.AWAITING) return 'activate'
  return undefined
}

/** The steps an order takes in turn; a rejection ends it at the audit. */
const STEPS_IN_ORDER = ['audit-pass', 'ship', 'activate'] as const satisfies readonly LifecycleAction[]
/** How far each action takes an order (lifecycleStage). */
const STAGE_AFTER: Readonly<Record<LifecycleAction, number>> = { 'audit-pass': 1, 'audit-reject': 1, ship: 2, activate: 3 }

/** How far the outside parties have taken an order: 0 awaiting its audit, 1 audited (passed or rejected), 2 shipped or ready for pick-up, 3 activated. */
export function lifecycleStage(order: LifecycleOrder): number {
  if (order.obuActivationState === ACTIVATION_STATE.ACTIVATED) return STAGE_AFTER.activate
  if (order.deliveryState === DELIVERY_STATE.SHIPPED || order.deliveryState === DELIVERY_STATE.DELIVERED) return STAGE_AFTER.ship
  return order.auditState === null ? 0 : STAGE_AFTER['audit-pass']
}

/**
 * What an outside party's word that `action` happened does to `order`:
 * - `steps`: the steps to apply, in order: the action itself, after the ones it implies and the
 *   order has not taken yet (an activation heard before the shipment: ship, then activate);
 * - `reached`: the order is at that stage or past it (a replay, or news later than its own): nothing
 *   changes, and `reason` says why the step itself would not apply;
 * - `refused`: the order cannot get there (cancelled, not paid, rejected at its audit), or the word
 *   contradicts the audit result on record (AUDIT_CONTRADICTION); otherwise `reason` is the step's
 *   own refusal, so the party reads why *its* step failed, not a step it did not ask for.
 */
export type LifecyclePlan =
  | { readonly kind: 'steps'; readonly steps: readonly LifecycleAction[] }
  | { readonly kind: 'reached'; readonly reason: string }
  | { readonly kind: 'refused'; readonly reason: string }

/** What an audit result that contradicts the one on record is refused with: a person settles which holds. */
export const AUDIT_CONTRADICTION = '订单审核结果与此前不一致，请人工核实'

/** Whether `action` reports the other audit result than the one the order has. */
function contradictsAudit(order: LifecycleOrder, action: LifecycleAction): boolean {
  if (action === 'audit-pass') return order.auditState === AUDIT_STATE.REJECTED
  if (action === 'audit-reject') return order.auditState === AUDIT_STATE.PASSED
  return false
}

export function planLifecycle(order: LifecycleOrder, action: LifecycleAction): LifecyclePlan {
  const stop = blocked(order)
  if (stop) return { kind: 'refused', reason: stop }
  const own = advance(order, action)
  if (own.ok) return { kind: 'steps', steps: [action] }
  // Not a replay but a contradiction: answered as a refusal (409), so the party sees it rather than
  // believing it was taken, and a later shipment of a rejected order is not left stuck unexplained.
  if (contradictsAudit(order, action)) return { kind: 'refused', reason: AUDIT_CONTRADICTION }
  const stage = lifecycleStage(order)
  if (stage >= STAGE_AFTER[action]) return { kind: 'reached', reason: own.reason }
  const steps: LifecycleAction[] = [...STEPS_IN_ORDER.slice(stage, STAGE_AFTER[action] - 1), action]
  let current = order
  for (const step of steps) {
    const result = advance(current, step)
    if (!result.ok) return { kind: 'refused', reason: own.reason }
    current = { ...current, ...result.changes }
  }
  return { kind: 'steps', steps }
}
