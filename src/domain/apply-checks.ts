/**
 * The two checks a new application passes before its order is opened (spec sections 4 and 7):
 * the operator's new-apply switch (restNewApplySwitch) and the risk review (requiredRisk). Their
 * words live here once, for the plate page and for the server that refuses the same cases when a
 * client skips the checks. Neither concerns an order already open: it goes on as before.
 */

/** What the plate page says while new applications are paused. */
export const NEW_APPLY_PAUSED = {
  title: '暂停受理新的ETC申请',
  /** Why, when the operator gave no reason of their own. */
  reason: '为保障发行服务质量，ETC新申请暂时暂停受理，恢复时间请留意本页公告。',
  existingOrders: '已提交的订单不受影响，可在“我的订单”中继续办理、支付和查看进度。',
} as const

/** What the plate page says when the risk review refuses a new application. */
export const RISK_REFUSED = {
  title: '暂不支持线上办理',
  /** Why, when the reviewer gave no reason of its own. */
  reason: '该车辆暂未通过风险审核，无法在线办理ETC。',
  hint: '如有疑问或需要人工办理，请联系客服。',
} as const

/** The new-apply switch's answer, as far as the rule reads it (answers are not checked at run time). */
export interface NewApplyAnswer {
  allowNewApply?: boolean | null
  reason?: string | null
}

/** The risk review's answer, as far as the rule reads it. */
export interface RiskAnswer {
  required?: boolean | null
  reason?: string | null
}

const given = (text: string | null | undefined): string | undefined => (text?.trim() ? text.trim() : undefined)

/**
 * Whether new applications are paused: only an explicit "no" pauses them. An answer without the
 * flag does not stop anyone here; the server refuses a new order while paused whatever the app read.
 */
export function newApplyPaused(answer: NewApplyAnswer | null | undefined): boolean {
  return answer?.allowNewApply === false
}

/** Why new applications are paused: the operator's reason, else the default. */
export function pausedReason(answer: NewApplyAnswer | null | undefined): string {
  return given(answer?.reason) ?? NEW_APPLY_PAUSED.reason
}

export type RiskVerdict = { refused: false } | { refused: true; reason: string }

/** The risk review's verdict: refused only when a review is required, with the reviewer's reason or the default. */
export function riskVerdict(answer: RiskAnswer | null | undefined): RiskVerdict {
  if (answer?.required !== true) return { refused: false }
  return { refused: true, reason: given(answer.reason) ?? RISK_REFUSED.reason }
}
