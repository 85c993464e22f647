import { deriveOrderStatus } from '../../../src/domain/order'
import { advance, nextAutomaticAction, DEFAULT_REJECT_REASON } from '../../../server/simulators/lifecycle'
import type { LifecycleAction, LifecycleOrder } from '../../../server/simulators/lifecycle'

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

describe('lifecycle simulator rules', () => {
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
