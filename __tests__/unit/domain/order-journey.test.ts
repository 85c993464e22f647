/**
 * The journey table (src/domain/order-journey.ts): where a person stands with an order, and the
 * next action each of the four order screens offers from there, state by state and screen by
 * screen; then every combination of the order's codes against the spec's display status.
 */
import {
  ACTIVATION_STATE,
  AUDIT_STATE,
  CANCEL_STATE,
  CERTIFICATE,
  DELIVERY_STATE,
  ISSUER_AUDIT_STATE,
  PAY_STATE,
  deriveOrderStatus,
} from '../../../src/domain'
import type { Code } from '../../../src/domain'
import {
  JOURNEY_HINT,
  JOURNEY_STATES,
  NEXT_ACTION_LABEL,
  ORDER_SCREENS,
  journeyState,
  nextAction,
  payable,
} from '../../../src/domain/order-journey'
import type { JourneyOrder, JourneyState, NextAction, OrderScreen } from '../../../src/domain/order-journey'
import { everyCombination } from '../../support/combinations'

const ALL_PHOTOS = CERTIFICATE.ID_CARD | CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT
const filled = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: false }
const submitted = { ...filled, submitted: true }
const paid = { completeness: submitted, certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.SUCCESS }
const passed = { ...paid, auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED }

/** One order in each state, as the server describes it. */
const EXAMPLES: Readonly<Record<JourneyState, JourneyOrder>> = {
  draftInformation: { completeness: { ...filled, owner: false, commodity: false }, certificatesCommitSate: 0, depositPayState: null },
  draftPhotos: { completeness: { ...filled, commodity: false }, certificatesCommitSate: CERTIFICATE.ID_CARD, depositPayState: null },
  draftPackage: { completeness: { ...filled, commodity: false }, certificatesCommitSate: ALL_PHOTOS, depositPayState: null },
  draftSubmit: { completeness: filled, certificatesCommitSate: ALL_PHOTOS, depositPayState: null },
  awaitingPayment: { completeness: submitted, certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.AWAITING_PAYMENT },
  paying: { completeness: submitted, certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.PAYING },
  payFailed: { completeness: submitted, certificatesCommitSate: ALL_PHOTOS, depositPayState: PAY_STATE.FAILED },
  inAudit: paid,
  rejected: { ...paid, auditState: AUDIT_STATE.REJECTED },
  intercepted: { ...paid, stockInterceptionFlag: true },
  awaitingShipment: { ...passed, deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT },
  awaitingActivation: { ...passed, deliveryState: DELIVERY_STATE.SHIPPED, obuActivationState: ACTIVATION_STATE.AWAITING },
  activated: { ...passed, deliveryState: DELIVERY_STATE.DELIVERED, obuActivationState: ACTIVATION_STATE.ACTIVATED },
  cancelling: { ...paid, cancelState: CANCEL_STATE.CANCELLING },
  cancelled: { ...paid, cancelState: CANCEL_STATE.SUCCESS },
}

/**
 * The requirement, written out: columns plate page, order list, order detail, home card. A
 * draft continues where it stopped; an unpaid order is paid (again); a failed one is re-applied
 * for; one that moves on without the person is followed (its detail is where that happens);
 * a device waiting is activated; a cancelled plate applies anew from the plate page.
 */
const EXPECTED: Readonly<Record<JourneyState, readonly [NextAction, NextAction, NextAction, NextAction]>> = {
  draftInformation: ['continue', 'continue', 'continue', 'continue'],
  draftPhotos: ['continue', 'continue', 'continue', 'continue'],
  draftPackage: ['continue', 'continue', 'continue', 'continue'],
  draftSubmit: ['continue', 'continue', 'continue', 'continue'],
  awaitingPayment: ['pay', 'pay', 'pay', 'pay'],
  paying: ['repay', 'repay', 'repay', 'repay'],
  payFailed: ['repay', 'repay', 'repay', 'repay'],
  inAudit: ['track', 'track', 'none', 'track'],
  rejected: ['reapply', 'reapply', 'reapply', 'reapply'],
  intercepted: ['reapply', 'reapply', 'reapply', 'reapply'],
  awaitingShipment: ['track', 'track', 'none', 'track'],
  awaitingActivation: ['activate', 'activate', 'activate', 'activate'],
  activated: ['none', 'track', 'none', 'none'],
  cancelling: ['track', 'track', 'none', 'track'],
  cancelled: ['apply', 'track', 'apply', 'none'],
}

const CASES: [JourneyState, OrderScreen, NextAction][] = JOURNEY_STATES.flatMap((state) =>
  ORDER_SCREENS.map((screen, column): [JourneyState, OrderScreen, NextAction] => [state, screen, EXPECTED[state][column] ?? 'none']),
)

describe('the journey state of an order', () => {
  it('names every state once, with a hint in the person\'s words', () => {
    expect(new Set(JOURNEY_STATES).size).toBe(JOURNEY_STATES.length)
    expect(Object.keys(EXAMPLES).sort()).toEqual([...JOURNEY_STATES].sort())
    for (const state of JOURNEY_STATES) expect(JOURNEY_HINT[state]).toMatch(/\p{Script=Han}/u)
  })

  it.each(JOURNEY_STATES)('tells %s from the order the server describes', (state) => {
    expect(journeyState(EXAMPLES[state])).toBe(state)
  })

  it('reads a list row (no completeness) as submitted once it has a pay state, a draft before', () => {
    const { completeness: _detailOnly, ...row } = EXAMPLES.awaitingPayment
    expect(journeyState(row)).toBe('awaitingPayment')
    expect(journeyState({ ...row, depositPayState: null })).toBe('draftInformation')
    expect(journeyState({ ...row, depositPayState: PAY_STATE.PAYING })).toBe('paying')
    expect(journeyState({ ...row, depositPayState: PAY_STATE.NOT_NEEDED })).toBe('inAudit')
  })

  it('keeps a free order that needs no payment out of the payment states', () => {
    expect(journeyState({ ...EXAMPLES.awaitingPayment, depositPayState: PAY_STATE.NOT_NEEDED })).toBe('inAudit')
    expect(payable('inAudit')).toBe(false)
  })

  it('says which states can still be paid', () => {
    expect(JOURNEY_STATES.filter(payable)).toEqual(['awaitingPayment', 'paying', 'payFailed'])
  })
})

describe('the next action, every state on every screen', () => {
  it.each(CASES)('%s on %s: %s', (state, screen, expected) => {
    expect(nextAction(EXAMPLES[state], screen)).toBe(expected)
  })

  it('leaves no open order without a way on: on each screen but the detail, an action; on the detail, one or the detail is the progress', () => {
    const open = JOURNEY_STATES.filter((state) => state !== 'activated' && state !== 'cancelled')
    for (const state of open) {
      for (const screen of ['plateEntry', 'orderList', 'homeCard'] as const) expect(nextAction(EXAMPLES[state], screen)).not.toBe('none')
      const onDetail = nextAction(EXAMPLES[state], 'orderDetail')
      // The detail never sends the person to itself.
      expect(onDetail).not.toBe('track')
    }
  })

  it('never offers to pay an unsubmitted order, nor to continue filling in a submitted one', () => {
    for (const state of JOURNEY_STATES) {
      const actions = ORDER_SCREENS.map((screen) => nextAction(EXAMPLES[state], screen))
      if (state.startsWith('draft')) expect(actions.some((action) => action === 'pay' || action === 'repay')).toBe(false)
      else expect(actions).not.toContain('continue')
    }
  })

  it('labels every action a screen can offer', () => {
    for (const [, , action] of CASES) if (action !== 'none') expect(NEXT_ACTION_LABEL[action]).toMatch(/\p{Script=Han}/u)
  })
})

// Every value of every code that can change the journey, including empty ones.
const CANCEL: Code[] = [null, CANCEL_STATE.CANCELLING, CANCEL_STATE.SUCCESS, CANCEL_STATE.FAILED]
const ACTIVATION: Code[] = [null, ACTIVATION_STATE.AWAITING, ACTIVATION_STATE.ACTIVATED]
const AUDIT: Code[] = [null, AUDIT_STATE.PASSED, AUDIT_STATE.REJECTED]
const ISSUER_AUDIT: Code[] = [null, ISSUER_AUDIT_STATE.PASSED]
const DELIVERY: Code[] = [null, DELIVERY_STATE.AWAITING_SHIPMENT, DELIVERY_STATE.SHIPPED, DELIVERY_STATE.DELIVERED]
const PAY: Code[] = [null, PAY_STATE.NOT_NEEDED, PAY_STATE.AWAITING_PAYMENT, PAY_STATE.PAYING, PAY_STATE.FAILED, PAY_STATE.SUCCESS]
const INTERCEPTED = [false, true]

const ALL: JourneyOrder[] = everyCombination({
  cancelState: CANCEL, obuActivationState: ACTIVATION, auditState: AUDIT, supplierAuditState: ISSUER_AUDIT, deliveryState: DELIVERY,
  depositPayState: PAY, stockInterceptionFlag: INTERCEPTED, certificatesCommitSate: [ALL_PHOTOS],
})

describe('every combination of the codes', () => {
  it('agrees with the spec\'s display status where both speak of the same thing', () => {
    for (const order of ALL) {
      const status = deriveOrderStatus(order)
      const state = journeyState(order)
      expect(state === 'cancelled').toBe(status === 'cancelled')
      // A cancel under way comes first in the journey (the spec's status has no word for it).
      if (state === 'cancelling') {
        expect(order.cancelState).toBe(CANCEL_STATE.CANCELLING)
        continue
      }
      expect(state === 'activated').toBe(status === 'activated')
      if (status === 'awaitingActivation') expect(state).toBe('awaitingActivation')
      if (status === 'awaitingShipment') expect(state).toBe('awaitingShipment')
      if (status === 'rejected') expect(['rejected', 'intercepted']).toContain(state)
    }
  })

  it('gives every combination a state of the table, and every state but the two ends an action somewhere', () => {
    const reached = new Set(ALL.map(journeyState))
    for (const state of reached) expect(JOURNEY_STATES).toContain(state)
    for (const order of ALL) {
      const state = journeyState(order)
      if (state === 'activated' || state === 'cancelled') continue
      expect(ORDER_SCREENS.map((screen) => nextAction(order, screen)).filter((action) => action !== 'none').length).toBeGreaterThan(0)
    }
  })
})
