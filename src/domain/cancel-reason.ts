/**
 * Why a person cancels an order: chosen from a fixed list, never typed. Free text is where people
 * type ID numbers and phones; a choice carries no personal data and can be counted. The spec
 * names no list: these are placeholders for the product to confirm. The reapply guide cancels
 * with its own reason, never offered on the cancel page.
 */
import { fail, ok } from './validation'
import type { ValidationResult } from './validation'

/** What the cancel page offers, in order. */
export const CANCEL_REASONS = ['信息填写有误，需重新申办', '暂时不需要了', '重复下单', '其他原因'] as const
/** The reason the reapply guide's cancel sends. */
export const REAPPLY_CANCEL_REASON = '重新申办'

export type CancelReason = (typeof CANCEL_REASONS)[number] | typeof REAPPLY_CANCEL_REASON

const ACCEPTED: readonly string[] = [...CANCEL_REASONS, REAPPLY_CANCEL_REASON]

export const CANCEL_REASON_MESSAGE = '请从列表中选择取消原因'

export function validateCancelReason(input: string): ValidationResult {
  const value = input.trim()
  return ACCEPTED.includes(value) ? ok(value) : fail(CANCEL_REASON_MESSAGE)
}
