/**
 * What the plate page decides before an order is opened: the plate's format, then the server's
 * checks (uniqueness, the issuer's interception, an open order of the user's). The checks need
 * only the plate, so they run together; their answers are read in the order that decides.
 */
import { REAPPLY_TYPE, reapplyType } from '../domain/order'
import type { ReapplyType } from '../domain/order'
import { PLATE_INTERCEPTED_MESSAGE, PLATE_TAKEN_MESSAGE, isPlateQueryable, parsePlate, plateAlreadyHandled } from '../domain/plate'
import type { AnswerOf, RequestTo } from './contract'

/** The calls the plate checks make (the services' API functions, or fakes). */
export interface PlateChecks {
  plateUnique(plateNumber: string, plateColor: number): AnswerOf<'plateUnique'>
  contractInterception(request: RequestTo<'contractInterception'>): AnswerOf<'contractInterception'>
  checkApplyPlate(plateNumber: string): AnswerOf<'checkApplyPlate'>
  /** The caller's open order of a plate, if any. */
  currentProcessByPlate(plateNumber: string): AnswerOf<'currentProcessByPlate'>
}

/** What the plate check decided. */
export type PlateDecision =
  | { kind: 'invalid'; reason: string }
  | { kind: 'taken'; message: string }
  | { kind: 'intercepted'; reason: string }
  | { kind: 'reapply'; orderId: string; reapplyType: Exclude<ReapplyType, 0> }
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

export interface PlateQuestion {
  plateNumber: string
  promotionChannelId: string
  /** The order the journey holds, which the interception check is asked about too. */
  orderId: string | undefined
}

export async function checkPlate(checks: PlateChecks, question: PlateQuestion): Promise<PlateVerdict> {
  const parsed = parsePlate(question.plateNumber)
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason }
  // Whichever answers first, the decision reads taken, then intercepted, then an open order.
  const [unique, interception, open] = await Promise.allSettled([
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
  ])
  if (plateAlreadyHandled(answerOf(unique).data.resultType)) return { kind: 'taken', message: PLATE_TAKEN_MESSAGE }
  const intercepted = answerOf(interception)
  if (intercepted?.intercept) return { kind: 'intercepted', reason: intercepted.reason || PLATE_INTERCEPTED_MESSAGE }
  const existing = answerOf(open)
  if (!existing) return { kind: 'free' }
  const type = reapplyType(existing, await checks.checkApplyPlate(parsed.plate))
  if (type !== REAPPLY_TYPE.NONE) return { kind: 'reapply', orderId: existing.orderId, reapplyType: type }
  return { kind: 'resume', orderId: existing.orderId, certificates: existing.certificatesCommitSate }
}
