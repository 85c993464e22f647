import { deriveOrderStatus } from '../../../src/domain/order'
import { AUDIT_CONTRADICTION, advance, lifecycleStage, nextAutomaticAction, planLifecycle, DEFAULT_REJECT_REASON } from '../../../server/orders/lifecycle'
import type { LifecycleAction, LifecycleOrder } from '../../../server/orders/lifecycle'

const paid: LifecycleOrder = {
  submitted: true,
  depositPayState: 5,
  auditState: null,
  supplierAuditState: null,
  deliveryState: null,
  obuActivationState: null,
  cancelState: null,
  deliveryMethod: '3',
}
const context = { trackingNo: 'SF1234567890' }

function apply(order: LifecycleOrder, action: LifecycleAction): LifecycleOrder {
  const result = advance(order, action, context)
  if (!result.ok) throw new Error(result.reason)
  const { auditReason: _reason, trackingNo: _tracking, ...changes } = result.changes
  return { ...order, ...changes }
}

const statusOf = (order: LifecycleOrder) => deriveOrderStatus({ ...order, certificatesCommitSate: 7 })

describe('lifecycle rules', () => {
  it('walks a paid order through audit, shipping and activation, each status in turn', () => {
    expect(statusOf(paid)).toBe('awaitingAudit')
    const audited = apply(paid, 'audit-pass')
    expect(statusOf(audited)).toBe('awaitingShipment')
    const shipped = apply(audited, 'ship')
    expect(statusOf(shipped)).toBe('awaitingActivation')
    const activated = apply(shipped, 'activate')
    expect(statusOf(activated)).toBe('activated')
    expect(advance(shipped, 'ship', context)).toEqual({ ok: false, reason: '订单已发货' })
    expect(advance(activated, 'activate', context)).toMatchObject({ ok: false })
  })

  it('rejects with the given reason, or a default one, and a rejected order cannot ship', () => {
    const result = advance(paid, 'audit-reject', { ...context, reason: '身份证已过期' })
    expect(result).toMatchObject({ ok: true, event: 'auditRejected', changes: { auditState: 3, auditReason: '身份证已过期' } })
    expect(advance(paid, 'audit-reject', { ...context, reason: '  ' })).toMatchObject({ changes: { auditReason: DEFAULT_REJECT_REASON } })
    const rejected = apply(paid, 'audit-reject')
    expect(statusOf(rejected)).toBe('rejected')
    expect(advance(rejected, 'ship', context)).toMatchObject({ ok: false })
    expect(advance(rejected, 'audit-pass', context)).toEqual({ ok: false, reason: '订单已审核' })
  })

  it.each([
    ['unsubmitted', { submitted: false }, '订单尚未提交，不能审核'],
    ['awaiting payment', { depositPayState: 2 }, '订单尚未支付，不能审核'],
    ['paying', { depositPayState: 3 }, '订单尚未支付，不能审核'],
    ['payment failed', { depositPayState: 4 }, '订单尚未支付，不能审核'],
    ['cancelled', { cancelState: 2 }, '订单已取消'],
    ['cancelling', { cancelState: 1 }, '订单正在取消'],
  ])('refuses to audit an order that is %s', (_name, change, reason) => {
    expect(advance({ ...paid, ...change }, 'audit-pass', context)).toEqual({ ok: false, reason })
  })

  it('audits orders that need no payment', () => {
    expect(advance({ ...paid, depositPayState: 1 }, 'audit-pass', context)).toMatchObject({ ok: true })
  })

  it('ships only audited orders and activates only shipped ones', () => {
    expect(advance(paid, 'ship', context)).toEqual({ ok: false, reason: '订单尚未审核通过，不能发货' })
    expect(advance(paid, 'activate', context)).toMatchObject({ ok: false })
    expect(advance(apply(paid, 'audit-pass'), 'ship', context)).toMatchObject({ changes: { trackingNo: 'SF1234567890' }, note: 'SF1234567890' })
  })

  it('picks the next automatic step until the order is activated, and none for orders that must wait', () => {
    const steps: (LifecycleAction | undefined)[] = []
    let order = paid
    for (let action = nextAutomaticAction(order); action; action = nextAutomaticAction(order)) {
      steps.push(action)
      order = apply(order, action)
    }
    expect(steps).toEqual(['audit-pass', 'ship', 'activate'])
    expect(nextAutomaticAction({ ...paid, depositPayState: 2 })).toBeUndefined()
    expect(nextAutomaticAction({ ...paid, cancelState: 2 })).toBeUndefined()
    expect(nextAutomaticAction(apply(paid, 'audit-reject'))).toBeUndefined()
  })
})

describe('what an outside party\'s word does to an order (planLifecycle)', () => {
  const audited = apply(paid, 'audit-pass')
  const shipped = apply(audited, 'ship')
  const activated = apply(shipped, 'activate')
  const rejected = apply(paid, 'audit-reject')

  it('knows how far an order has come', () => {
    expect([paid, audited, rejected, shipped, activated].map(lifecycleStage)).toEqual([0, 1, 1, 2, 3])
  })

  it('takes the next step as it is', () => {
    expect(planLifecycle(paid, 'audit-pass')).toEqual({ kind: 'steps', steps: ['audit-pass'] })
    expect(planLifecycle(paid, 'audit-reject')).toEqual({ kind: 'steps', steps: ['audit-reject'] })
    expect(planLifecycle(shipped, 'activate')).toEqual({ kind: 'steps', steps: ['activate'] })
  })

  it('takes the steps a later word implies first, in order', () => {
    expect(planLifecycle(paid, 'ship')).toEqual({ kind: 'steps', steps: ['audit-pass', 'ship'] })
    expect(planLifecycle(paid, 'activate')).toEqual({ kind: 'steps', steps: ['audit-pass', 'ship', 'activate'] })
    expect(planLifecycle(audited, 'activate')).toEqual({ kind: 'steps', steps: ['ship', 'activate'] })
  })

  it('changes nothing for a word at or behind the order, saying why the step itself does not apply', () => {
    expect(planLifecycle(audited, 'audit-pass')).toEqual({ kind: 'reached', reason: '订单已审核' })
    expect(planLifecycle(activated, 'audit-pass')).toEqual({ kind: 'reached', reason: '订单已审核' })
    expect(planLifecycle(activated, 'ship')).toEqual({ kind: 'reached', reason: '订单已发货' })
    expect(planLifecycle(activated, 'activate')).toEqual({ kind: 'reached', reason: '设备尚未发货或已激活' })
    expect(planLifecycle(rejected, 'audit-reject')).toEqual({ kind: 'reached', reason: '订单已审核' })
  })

  it('refuses the other audit result than the one on record, for a person to settle', () => {
    expect(planLifecycle(rejected, 'audit-pass')).toEqual({ kind: 'refused', reason: AUDIT_CONTRADICTION })
    expect(planLifecycle(audited, 'audit-reject')).toEqual({ kind: 'refused', reason: AUDIT_CONTRADICTION })
    expect(planLifecycle(shipped, 'audit-reject')).toEqual({ kind: 'refused', reason: AUDIT_CONTRADICTION })
    expect(planLifecycle(activated, 'audit-reject')).toEqual({ kind: 'refused', reason: AUDIT_CONTRADICTION })
  })

  it('refuses an order that cannot get there with the step\'s own reason', () => {
    expect(planLifecycle({ ...paid, cancelState: 2 }, 'activate')).toEqual({ kind: 'refused', reason: '订单已取消' })
    expect(planLifecycle({ ...paid, depositPayState: 2 }, 'audit-pass')).toEqual({ kind: 'refused', reason: '订单尚未支付，不能审核' })
    expect(planLifecycle({ ...paid, submitted: false }, 'ship')).toEqual({ kind: 'refused', reason: '订单尚未审核通过，不能发货' })
    expect(planLifecycle(rejected, 'ship')).toEqual({ kind: 'refused', reason: '订单尚未审核通过，不能发货' })
    expect(planLifecycle(rejected, 'activate')).toEqual({ kind: 'refused', reason: '设备尚未发货或已激活' })
  })

  it('ships a courier delivery without a waybill when none is known', () => {
    expect(advance(audited, 'ship')).toEqual({ ok: true, changes: { deliveryState: 2, obuActivationState: 1 }, event: 'shipped' })
  })
})
