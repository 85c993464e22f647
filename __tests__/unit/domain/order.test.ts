import {
  ACTIVATION_STATE,
  AUDIT_STATE,
  BUSINESS_MODE,
  CANCEL_STATE,
  CERTIFICATE,
  DELIVERY_STATE,
  ISSUER_AUDIT_STATE,
  ORDER_STATUSES,
  PAY_STATE,
  REAPPLY_TYPE,
  arrangeOrders,
  deriveOrderStatus,
  orderActions,
  orderUnderWay,
  reapplyType,
  statusColour,
  statusLabel,
} from '../../../src/domain'
import type { Code, OrderFields, OrderStatus, PlateCheck } from '../../../src/domain'
import { everyCombination } from '../../support/combinations'

// Every value of every field that can change the derived status, including empty ones.
const CANCEL: Code[] = [undefined, CANCEL_STATE.CANCELLING, CANCEL_STATE.SUCCESS, CANCEL_STATE.FAILED]
const ACTIVATION: Code[] = [null, ACTIVATION_STATE.AWAITING, ACTIVATION_STATE.ACTIVATED]
const AUDIT: Code[] = [undefined, AUDIT_STATE.PASSED, AUDIT_STATE.REJECTED]
const ISSUER_AUDIT: Code[] = [undefined, ISSUER_AUDIT_STATE.PASSED]
const DELIVERY: Code[] = [undefined, '', DELIVERY_STATE.AWAITING_SHIPMENT, DELIVERY_STATE.SHIPPED]
const CERTIFICATES: Code[] = [0, CERTIFICATE.ID_CARD, CERTIFICATE.DRIVING_LICENCE, CERTIFICATE.VEHICLE_FRONT, CERTIFICATE.ROAD_TRANSPORT_PERMIT | CERTIFICATE.MOTOR_LICENCE]

const ALL_ORDERS: OrderFields[] = everyCombination({
  cancelState: CANCEL, obuActivationState: ACTIVATION, auditState: AUDIT, supplierAuditState: ISSUER_AUDIT, deliveryState: DELIVERY,
  certificatesCommitSate: CERTIFICATES,
})

describe('deriveOrderStatus over every combination of its fields', () => {
  it('covers the whole table', () => {
    expect(ALL_ORDERS).toHaveLength(4 * 3 * 3 * 2 * 4 * 5)
    expect(new Set(ALL_ORDERS.map(deriveOrderStatus))).toEqual(new Set(ORDER_STATUSES))
  })

  // The specification's list, rule by rule: each rule decides exactly when no earlier rule did.
  const rules: [OrderStatus, (o: OrderFields) => boolean][] = [
    ['cancelled', (o) => o.cancelState === CANCEL_STATE.SUCCESS],
    ['activated', (o) => o.obuActivationState === ACTIVATION_STATE.ACTIVATED],
    ['awaitingActivation', (o) => o.obuActivationState === ACTIVATION_STATE.AWAITING],
    [
      'awaitingShipment',
      (o) =>
        o.auditState === AUDIT_STATE.PASSED &&
        o.supplierAuditState === ISSUER_AUDIT_STATE.PASSED &&
        (o.deliveryState === undefined || o.deliveryState === '' || o.deliveryState === DELIVERY_STATE.AWAITING_SHIPMENT),
    ],
    ['rejected', (o) => o.auditState === AUDIT_STATE.REJECTED],
    ['awaitingAudit', (o) => [1, 2, 4].includes(Number(o.certificatesCommitSate))],
    ['applying', () => true],
  ]

  it.each(rules.map(([status], index) => [status, index] as const))('%s wins exactly where the spec says', (status, index) => {
    for (const order of ALL_ORDERS) {
      const earlierMatched = rules.slice(0, index).some(([, matches]) => matches(order))
      const matches = rules[index]![1](order)
      if (!earlierMatched && matches) expect({ order, status: deriveOrderStatus(order) }).toEqual({ order, status })
      if (!earlierMatched && !matches) expect({ order, status: deriveOrderStatus(order) }).not.toEqual({ order, status })
    }
  })

  it.each([
    [{ cancelState: '2', obuActivationState: '2' }, 'cancelled'],
    [{ obuActivationState: '1' }, 'awaitingActivation'],
    [{ auditState: '2', supplierAuditState: '2', deliveryState: null }, 'awaitingShipment'],
    [{ auditState: '2', supplierAuditState: '2', deliveryState: '2', certificatesCommitSate: '7' }, 'awaitingAudit'],
    [{ auditState: '2', supplierAuditState: null, certificatesCommitSate: 0 }, 'applying'],
    [{ certificatesCommitSate: 'not a number' }, 'applying'],
    [{}, 'applying'],
  ] as [OrderFields, OrderStatus][])('reads codes sent as strings or null: %p → %s', (order, status) => {
    expect(deriveOrderStatus(order)).toBe(status)
  })
})

describe('per-status presentation', () => {
  it.each([
    ['cancelled', { cancel: false, continue: false, qr: false }, 'grey', '已取消'],
    ['activated', { cancel: false, continue: false, qr: true }, 'green', '已激活'],
    ['awaitingActivation', { cancel: false, continue: false, qr: true }, 'blue', '待激活'],
    ['awaitingShipment', { cancel: true, continue: false, qr: true }, 'blue', '待发货'],
    ['rejected', { cancel: true, continue: false, qr: true }, 'red', '审核未通过'],
    ['awaitingAudit', { cancel: true, continue: false, qr: true }, 'blue', '待审核'],
    ['applying', { cancel: true, continue: true, qr: false }, 'orange', '申办中'],
  ] as const)('%s: actions %p, colour %s, label %s', (status, actions, colour, label) => {
    expect(orderActions(status)).toEqual(actions)
    expect(statusColour(status)).toBe(colour)
    expect(statusLabel(status)).toBe(label)
  })

  it('covers every status', () => {
    expect(ORDER_STATUSES).toHaveLength(7)
  })
})

describe('orderUnderWay', () => {
  it.each([
    ['cancelled', false],
    ['activated', false],
    ['awaitingActivation', true],
    ['awaitingShipment', true],
    ['rejected', true],
    ['awaitingAudit', true],
    ['applying', true],
  ] as const)('%s: %p', (status, underWay) => {
    expect(orderUnderWay(status)).toBe(underWay)
  })
})

describe('arrangeOrders', () => {
  const order = (orderId: string, promotionChannelId: string, extra: OrderFields = {}): OrderFields => ({
    orderId,
    promotionChannelId,
    ...extra,
  })
  const activated = { obuActivationState: ACTIVATION_STATE.ACTIVATED }

  it("splits out activated orders and puts the current channel's open orders first, keeping order otherwise", () => {
    const list = [
      order('a', 'other'),
      order('b', 'mine', activated),
      order('c', 'other'),
      order('d', 'mine'),
      order('e', 'mine'),
      order('f', 'other', activated),
    ]
    const arranged = arrangeOrders(list, 'mine')
    expect(arranged.open.map((o) => o.orderId)).toEqual(['d', 'e', 'a', 'c'])
    expect(arranged.activated.map((o) => o.orderId)).toEqual(['b', 'f'])
    expect(arranged.current?.orderId).toBe('d')
  })

  it('matches channel ids across number and string', () => {
    expect(arrangeOrders([order('a', 'x'), { orderId: 'b', promotionChannelId: 42 }], '42').current?.orderId).toBe('b')
  })

  it('has no current process when every order is activated, or there are none', () => {
    expect(arrangeOrders([order('a', 'mine', activated)], 'mine')).toEqual({
      current: undefined,
      open: [],
      activated: [order('a', 'mine', activated)],
    })
    expect(arrangeOrders([], 'mine')).toEqual({ current: undefined, open: [], activated: [] })
  })

  it('does not modify the given list', () => {
    const list = [order('a', 'other'), order('b', 'mine')]
    arrangeOrders(list, 'mine')
    expect(list.map((o) => o.orderId)).toEqual(['a', 'b'])
  })
})

describe('reapplyType', () => {
  const unpaid: OrderFields = { depositPayState: PAY_STATE.AWAITING_PAYMENT }
  const paid: OrderFields = { depositPayState: PAY_STATE.SUCCESS }
  const notNeeded: OrderFields = { depositPayState: PAY_STATE.NOT_NEEDED }
  const audited: OrderFields = { auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED }
  const one: PlateCheck = { windowSwitchOneZs: 1, windowSwitchTwoZs: 0 }
  const two: PlateCheck = { windowSwitchOneZs: 0, windowSwitchTwoZs: 1 }
  const both: PlateCheck = { windowSwitchOneZs: true, windowSwitchTwoZs: true }
  const white = (check: PlateCheck): PlateCheck => ({ ...check, isWhiteNo: 1 })

  it.each([
    ['stock interception forces type 2', { stockInterceptionFlag: true }, undefined, REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['stock interception as 1', { stockInterceptionFlag: 1, bizType: BUSINESS_MODE.FEE }, undefined, REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['charge-mode orders are not checked', { ...unpaid, bizType: BUSINESS_MODE.FEE }, both, REAPPLY_TYPE.NONE],
    ['no plate check, nothing to decide', unpaid, undefined, REAPPLY_TYPE.NONE],
    ['switch two, audits not passed', unpaid, two, REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['switch two, only the platform audit passed', { ...unpaid, auditState: AUDIT_STATE.PASSED }, two, REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['switch two, audits passed', { ...unpaid, ...audited }, two, REAPPLY_TYPE.NONE],
    ['switch two, paid and white-listed', paid, white(two), REAPPLY_TYPE.NONE],
    ['switch two, no deposit needed and white-listed', notNeeded, white(two), REAPPLY_TYPE.NONE],
    ['switch two, paid but not white-listed', paid, two, REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['switch two, white-listed but unpaid', unpaid, white(two), REAPPLY_TYPE.CANCEL_AND_REAPPLY],
    ['both switches: two decides', { ...unpaid, ...audited }, both, REAPPLY_TYPE.NONE],
    ['only switch one, deposit unpaid', unpaid, one, REAPPLY_TYPE.PAY_OR_CANCEL],
    ['only switch one, payment failed', { depositPayState: PAY_STATE.FAILED }, one, REAPPLY_TYPE.PAY_OR_CANCEL],
    ['only switch one, paying', { depositPayState: PAY_STATE.PAYING }, one, REAPPLY_TYPE.PAY_OR_CANCEL],
    ['only switch one, no pay state yet', {}, one, REAPPLY_TYPE.PAY_OR_CANCEL],
    ['only switch one, deposit paid', paid, one, REAPPLY_TYPE.NONE],
    ['only switch one, no deposit needed', notNeeded, one, REAPPLY_TYPE.NONE],
    ['no switch on', unpaid, { windowSwitchOneZs: 0, windowSwitchTwoZs: '0' }, REAPPLY_TYPE.NONE],
    ['deposit mode is checked', { ...unpaid, bizType: BUSINESS_MODE.DEPOSIT }, one, REAPPLY_TYPE.PAY_OR_CANCEL],
  ] as [string, OrderFields, PlateCheck | undefined, number][])('%s', (_name, order, check, expected) => {
    expect(reapplyType(order, check)).toBe(expected)
  })
})

