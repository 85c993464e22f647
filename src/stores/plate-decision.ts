/**
 * What the plate page decides before an order is opened: the plate's format, then the server's
 * checks (uniqueness, the issuer's interception, an open order of the user's, whether new
 * applications are taken, the risk review). Those need only the plate, so they run together; their
 * answers are read in the order that decides. An open order goes through the reapply check (the
 * plate check and the domain's rule); a free plate, while new applications are taken, through the
 * risk review's verdict.
 */
import { newApplyPaused, pausedReason, riskVerdict } from '../domain/apply-checks'
import { REAPPLY_TYPE, reapplyType } from '../domain/order'
import type { OrderFields, ReapplyType } from '../domain/order'
import { PLATE_INTERCEPTED_MESSAGE, PLATE_TAKEN_MESSAGE, isPlateQueryable, parsePlate, plateAlreadyHandled } from '../domain/plate'
import type { AnswerOf, RequestTo } from './contract'

/** The calls the plate checks make (the services' API functions, or fakes). */
export interface PlateChecks {
  plateUnique(plateNumber: string, plateColor: number): AnswerOf<'plateUnique'>
  contractInterception(request: RequestTo<'contractInterception'>): AnswerOf<'contractInterception'>
  checkApplyPlate(plateNumber: string): AnswerOf<'checkApplyPlate'>
  /** The caller's open order of a plate, if any. */
  currentProcessByPlate(plateNumber: string): AnswerOf<'currentProcessByPlate'>
  /** Whether new applications are taken (the operator's switch). */
  newApplySwitch(): AnswerOf<'newApplySwitch'>
  /** The risk review of a new application. */
  requiredRisk(plateNumber: string, promotionChannelId: string): AnswerOf<'requiredRisk'>
}

/** What the plate check decided. */
export type PlateDecision =
  | { kind: 'invalid'; reason: string }
  | { kind: 'taken'; message: string }
  | { kind: 'intercepted'; reason: string }
  | { kind: 'reapply'; orderId: string; reapplyType: Exclude<ReapplyType, 0> }
  /** New applications are paused: no new order (an open one still resumes). */
  | { kind: 'paused'; reason: string }
  /** The risk review refused a new application. */
  | { kind: 'refused'; reason: string }
  | { kind: 'resume'; orderId: string }
  | { kind: 'created'; orderId: string }

/**
 * What the checks found, for the store to act on: a decision already, the user's open order to
 * resume (with its certificate mask), or a free plate whose order is to be opened.
 */
export type PlateVerdict =
  | Exclude<PlateDecision, { kind: 'resume' | 'created' }>
  | { kind: 'resume'; orderId: string; certificates: number }
  | { kind: 'free' }

/** A check's answer; its failure once the decision comes to it (an earlier answer may decide first). */
function answerOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason
  return result.value
}

/** An earlier order of a plate, as the reapply rule reads it. */
export type ReapplyOrder = OrderFields & { plateNumber: string }

export interface PlateQuestion {
  plateNumber: string
  promotionChannelId: string
  /** The order the journey holds, which the interception check is asked about too. */
  orderId: string | undefined
}

/**
 * The reapply check of a plate's earlier order: the plate check (white list and the two window
 * switches) asked for the order's plate, and the domain's rule (stock interception first).
 */
export async function reapplyCheck(checks: Pick<PlateChecks, 'checkApplyPlate'>, order: ReapplyOrder): Promise<ReapplyType> {
  return reapplyType(order, await checks.checkApplyPlate(order.plateNumber))
}

export async function checkPlate(checks: PlateChecks, question: PlateQuestion): Promise<PlateVerdict> {
  const parsed = parsePlate(question.plateNumber)
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason }
  // Whichever answers first, the decision reads taken, then intercepted, then an open order, then
  // the switch, then the risk review. The review is asked alongside, not after: on a slow link one
  // round trip less before the consent page, for a review whose answer is unused when a check
  // before it decides.
  const [unique, interception, open, newApply, risk] = await Promise.allSettled([
    checks.plateUnique(parsed.plate, parsed.plateColor),
    isPlateQueryable(parsed.plate)
      ? checks.contractInterception({
          plateNo: parsed.plate,
          plateColor: parsed.plateColor,
          promotionChannelId: question.promotionChannelId,
          ...(question.orderId ? { orderId: question.orderId } : {}),
        })
      : undefined,
    checks.currentProcessByPlate(parsed.plate),
    checks.newApplySwitch(),
    checks.requiredRisk(parsed.plate, question.promotionChannelId),
  ])
  if (plateAlreadyHandled(answerOf(unique).data.resultType)) return { kind: 'taken', message: PLATE_TAKEN_MESSAGE }
  const intercepted = answerOf(interception)
  if (intercepted?.intercept) return { kind: 'intercepted', reason: intercepted.reason || PLATE_INTERCEPTED_MESSAGE }
  const existing = answerOf(open)
  if (existing) {
    // Every plate with an earlier order of the user's: the plate check and the domain's rule decide.
    const type = await reapplyCheck(checks, { ...existing, plateNumber: parsed.plate })
    if (type !== REAPPLY_TYPE.NONE) return { kind: 'reapply', orderId: existing.orderId, reapplyType: type }
    return { kind: 'resume', orderId: existing.orderId, certificates: existing.certificatesCommitSate }
  }
  const switchAnswer = answerOf(newApply)
  if (newApplyPaused(switchAnswer)) return { kind: 'paused', reason: pausedReason(switchAnswer) }
  const review = riskVerdict(answerOf(risk))
  return review.refused ? { kind: 'refused', reason: review.reason } : { kind: 'free' }
}
