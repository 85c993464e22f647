/**
 * The rules before a new order: the reapply check (spec section 4, its sentences read case by
 * case below), the new-apply switch and the risk review's verdict.
 */
import { NEW_APPLY_PAUSED, RISK_REFUSED, newApplyPaused, pausedReason, riskVerdict } from '../../../src/domain/apply-checks'
import { AUDIT_STATE, BUSINESS_MODE, ISSUER_AUDIT_STATE, PAY_STATE } from '../../../src/domain/enums'
import { REAPPLY_TYPE, reapplyType } from '../../../src/domain/order'
import type { OrderFields, PlateCheck, ReapplyType } from '../../../src/domain/order'

const { NONE, PAY_OR_CANCEL, CANCEL_AND_REAPPLY } = REAPPLY_TYPE
const PASSED = { auditState: AUDIT_STATE.PASSED, supplierAuditState: ISSUER_AUDIT_STATE.PASSED }
const PAID = PAY_STATE.SUCCESS
const UNPAID = PAY_STATE.AWAITING_PAYMENT
const TWO: PlateCheck = { isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: true }
const ONE: PlateCheck = { isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: false }
const NEITHER: PlateCheck = { isWhiteNo: false, windowSwitchOneZs: false, windowSwitchTwoZs: false }

/**
 * The spec's "Reapply check" (section 4), each sentence with the cases that read it, written out
 * by hand: [case, order, plate check, type].
 */
const CASES: [string, OrderFields, PlateCheck | undefined, ReapplyType][] = [
  // "Stock interception forces reapply type 2."
  ['stock interception, nothing else known', { stockInterceptionFlag: true }, undefined, CANCEL_AND_REAPPLY],
  ['stock interception (1) of a fee-mode order', { stockInterceptionFlag: 1, bizType: BUSINESS_MODE.FEE }, NEITHER, CANCEL_AND_REAPPLY],
  ["stock interception ('1') of a passed, paid, white-listed order", { stockInterceptionFlag: '1', ...PASSED, depositPayState: PAID }, { ...NEITHER, isWhiteNo: true }, CANCEL_AND_REAPPLY],
  // "Otherwise, for non-charge-mode orders, a check on the plate decides."
  ["no stock interception ('0'), no plate check", { stockInterceptionFlag: '0', bizType: BUSINESS_MODE.DEPOSIT, depositPayState: UNPAID }, undefined, NONE],
  ['a fee-mode order under switch two, not audited', { bizType: BUSINESS_MODE.FEE, depositPayState: UNPAID }, TWO, NONE],
  ['a fee-mode order (1 as text) under switch one, unpaid', { bizType: '1', depositPayState: UNPAID }, ONE, NONE],
  ['an order without a mode is not charge mode: switch two decides', { depositPayState: UNPAID }, TWO, CANCEL_AND_REAPPLY],
  // "If window switch two is on and the audits are not both passed: reapply type 2, ..."
  ['switch two, no audit yet', { bizType: BUSINESS_MODE.DEPOSIT, depositPayState: UNPAID }, TWO, CANCEL_AND_REAPPLY],
  ['switch two, only the platform audit passed', { auditState: AUDIT_STATE.PASSED, depositPayState: UNPAID }, TWO, CANCEL_AND_REAPPLY],
  ["switch two, only the issuer's audit passed", { supplierAuditState: ISSUER_AUDIT_STATE.PASSED, depositPayState: UNPAID }, TWO, CANCEL_AND_REAPPLY],
  ['switch two, rejected by the platform', { auditState: AUDIT_STATE.REJECTED, depositPayState: PAID }, TWO, CANCEL_AND_REAPPLY],
  ['switch two (1), both audits passed', { ...PASSED, depositPayState: UNPAID }, { ...NEITHER, windowSwitchTwoZs: 1 }, NONE],
  // "... unless the deposit is paid or not needed and the plate is on the white list."
  ['switch two, not audited, paid and white-listed', { depositPayState: PAID }, { ...TWO, isWhiteNo: true }, NONE],
  ["switch two, not audited, no deposit needed and white-listed ('1')", { depositPayState: PAY_STATE.NOT_NEEDED }, { ...TWO, isWhiteNo: '1' }, NONE],
  ['switch two, not audited, paid but not white-listed', { depositPayState: PAID }, TWO, CANCEL_AND_REAPPLY],
  ['switch two, not audited, white-listed but unpaid', { depositPayState: UNPAID }, { ...TWO, isWhiteNo: true }, CANCEL_AND_REAPPLY],
  ['switch two, not audited, white-listed, payment failed', { depositPayState: PAY_STATE.FAILED }, { ...TWO, isWhiteNo: 1 }, CANCEL_AND_REAPPLY],
  // "If only window switch one is on and the deposit is unpaid: reapply type 1."
  ['only switch one, awaiting payment', { depositPayState: UNPAID }, ONE, PAY_OR_CANCEL],
  ["only switch one ('1'), payment failed", { depositPayState: PAY_STATE.FAILED }, { ...NEITHER, windowSwitchOneZs: '1' }, PAY_OR_CANCEL],
  ['only switch one, paying', { depositPayState: PAY_STATE.PAYING }, ONE, PAY_OR_CANCEL],
  ['only switch one, paid', { depositPayState: PAID }, ONE, NONE],
  ['only switch one, no deposit needed', { depositPayState: PAY_STATE.NOT_NEEDED }, ONE, NONE],
  ['only switch one, unpaid, white-listed: the list is for switch two', { depositPayState: UNPAID }, { ...ONE, isWhiteNo: true }, PAY_OR_CANCEL],
  ['both switches, audits passed, unpaid: switch one is not the only one', { ...PASSED, depositPayState: UNPAID }, { ...TWO, windowSwitchOneZs: true }, NONE],
  ['neither switch, unpaid and not audited', { depositPayState: UNPAID }, NEITHER, NONE],
]

describe('reapplyType, by the spec', () => {
  it.each(CASES)('%s', (_case, order, check, type) => {
    expect(reapplyType(order, check)).toBe(type)
  })
})

describe('the new-apply switch', () => {
  it.each([
    ['closed', { allowNewApply: false, reason: '维护中' }, true, '维护中'],
    ['closed without a reason', { allowNewApply: false, reason: '' }, true, NEW_APPLY_PAUSED.reason],
    ['closed with a blank reason', { allowNewApply: false, reason: '   ' }, true, NEW_APPLY_PAUSED.reason],
    ['closed with no reason field', { allowNewApply: false }, true, NEW_APPLY_PAUSED.reason],
    ['open', { allowNewApply: true, reason: '' }, false, NEW_APPLY_PAUSED.reason],
    ['an answer without the flag', {}, false, NEW_APPLY_PAUSED.reason],
    ['no answer', null, false, NEW_APPLY_PAUSED.reason],
    ['nothing', undefined, false, NEW_APPLY_PAUSED.reason],
  ])('%s', (_case, answer, paused, reason) => {
    expect(newApplyPaused(answer)).toBe(paused)
    expect(pausedReason(answer)).toBe(reason)
  })
})

describe('the risk review', () => {
  it.each([
    ['required with a reason', { required: true, reason: '多头申请' }, { refused: true, reason: '多头申请' }],
    ['required without one', { required: true, reason: '' }, { refused: true, reason: RISK_REFUSED.reason }],
    ['required with a blank one', { required: true, reason: ' ' }, { refused: true, reason: RISK_REFUSED.reason }],
    ['not required', { required: false, reason: '' }, { refused: false }],
    ['not required, with words', { required: false, reason: '通过' }, { refused: false }],
    ['an answer without the flag', {}, { refused: false }],
    ['no answer', null, { refused: false }],
  ])('%s', (_case, answer, verdict) => {
    expect(riskVerdict(answer)).toEqual(verdict)
  })
})
