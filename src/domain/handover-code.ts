/**
 * The one-time hand-over code a service outlet gives the customer with an offline order: proof,
 * besides the order's SMS-verified phone, that the person carrying the order on online is its
 * customer. The app's form and the server check it with the same rule.
 */
import type { ValidationResult } from './validation'
import { fail, ok } from './validation'

export const HANDOVER_CODE_LENGTH = 8

export const HANDOVER_CODE_REASON = {
  empty: '请输入网点提供的转线上验证码',
  invalid: `转线上验证码应为${HANDOVER_CODE_LENGTH}位数字`,
} as const

const HANDOVER_CODE = new RegExp(`^[0-9]{${HANDOVER_CODE_LENGTH}}$`)

export function validateHandoverCode(input: string): ValidationResult {
  const value = input.replace(/\s+/g, '')
  if (!value) return fail(HANDOVER_CODE_REASON.empty)
  return HANDOVER_CODE.test(value) ? ok(value) : fail(HANDOVER_CODE_REASON.invalid)
}
