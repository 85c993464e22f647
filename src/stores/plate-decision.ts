/**
 * What the plate page decides before an order is opened: the plate's format, then the server's
 * checks (uniqueness, the issuer's interception, an open order of the user's, whether new
 * applications are taken, the risk review). Those need only the plate, so they run together; their
 * answers are read in the order that decides, the rule the server's admission reads too
 * (src/domain/plate-admission.ts). The person's own open order goes on where it stands
 * (src/domain/order-journey.ts), a failed one through the reapply check (the plate check and the
 * domain's rule); a free plate, while new applications are taken, through the risk review's verdict.
 */
import { newApplyPaused, pausedReason, riskVerdict } from '../domain/apply-checks'
import { decidePlateAdmission } from '../domain/plate-admission'
import { REAPPLY_TYPE, reapplyType } from '../domain/order'
import type { GuideType, OrderFields } from '../domain/order'
import { nextAction } from '../domain/order-journey'
import type { NextAction } from '../domain/order-journey'
import type { ApplyStepName } from '../domain/apply-form'
import type { OrderDetail } from '../../types/api/orders'
import { PLATE_INTERCEPTED_MESSAGE, PLATE_TAKEN_MESSAGE, isPlateQueryable, plateAlreadyHandled, plateHeldUntilMessage } from '../domain/plate'
import type { PlateResult } from '../domain/plate'
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
  /** `releaseAt`: another applicant's unpaid hold ends then unless they pay (the owner may ask to be told). */
  | { kind: 'taken'; message: string; releaseAt?: string }
  | { kind: 'intercepted'; reason: string }
  | { kind: 'reapply'; orderId: string; reapplyType: GuideType }
  /** New applications are paused: no new order (an open one still resumes). */
  | { kind: 'paused'; reason: string }
  /** The risk review refused a new application. */
  | { kind: 'refused'; reason: string }
  /** The person's own open order of the plate, and what the plate page does with it (the journey table). */
  | { kind: 'resume'; orderId: string; orderSource: number; next: ResumeAction; step: ApplyStepName }
  | { kind: 'created'; orderId: string }

/** What the plate page does with the person's own open order: go on with it where it stands. */
export type ResumeAction = Extract<NextAction, 'continue' | 'pay' | 'repay' | 'track' | 'activate'>

/**
 * What the checks found, for the store to act on: a decision already, the user's open order to
 * resume (in full, for the journey to adopt), or a free plate whose order is to be opened.
 */
export type PlateVerdict =
  | Exclude<PlateDecision, { kind: 'resume' | 'created' }>
  | { kind: 'resume'; order: OrderDetail; next: ResumeAction }
  | { kind: 'free' }

/** A check's answer; its failure once the decision comes to it (an earlier answer may decide first). */
function answerOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason
  return result.value
}

/** An earlier order of a plate, as the reapply rule reads it. */
export type ReapplyOrder = OrderFields & { plateNumber: string }

export interface PlateQuestion {
  /** The plate as parsed once where it was typed (ApplyStore.parsedPlate). */
  plate: PlateResult
  promotionChannelId: string
  /** The order the journey holds, which the interception check is asked about too. */
  orderId: string | undefined
}

/**
 * The reapply check of a failed order (rejected, or one the issuer cannot serve): the plate check
 * (white list and the two window switches) asked for the order's plate, and the domain's rule
 * (stock interception first). A failed order the rule lets through still has to be cancelled
 * before the plate can apply again: the guide then cancels and starts over.
 */
export async function reapplyCheck(checks: Pick<PlateChecks, 'checkApplyPlate'>, order: ReapplyOrder): Promise<GuideType> {
  const type = reapplyType(order, await checks.checkApplyPlate(order.plateNumber))
  return type === REAPPLY_TYPE.NONE ? REAPPLY_TYPE.CANCEL_AND_REAPPLY : type
}

/**
 * A taken plate: when another applicant's unpaid hold ends, if it does, with that time (an
 * unreadable time says the plain message, and offers no notice).
 */
function taken(releaseAt: string | undefined): Extract<PlateDecision, { kind: 'taken' }> {
  const at = releaseAt === undefined ? Number.NaN : Date.parse(releaseAt)
  return Number.isNaN(at) ? { kind: 'taken', message: PLATE_TAKEN_MESSAGE } : { kind: 'taken', message: plateHeldUntilMessage(new Date(at)), releaseAt }
}

export function checkPlate(checks: PlateChecks, question: PlateQuestion): Promise<PlateVerdict> {
  const parsed = question.plate
  if (!parsed.ok) return Promise.resolve({ kind: 'invalid', reason: parsed.reason })
  // Whichever answers first, the decision reads them in the admission rule's order. The review is
  // asked alongside, not after: on a slow link one round trip less before the consent page, for a
  // review whose answer is unused when a check before it decides. A chain, not an async function:
  // the plate page is in the mini-programs' ratcheted main package.
  const asked = Promise.allSettled([
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
  return asked.then(([unique, interception, open, newApply, risk]) =>
    decidePlateAdmission<PlateVerdict>({
      taken: () => {
        const uniqueness = answerOf(unique).data
        return plateAlreadyHandled(uniqueness.resultType) ? taken(uniqueness.releaseAt) : undefined
      },
      intercepted: () => {
        const intercepted = answerOf(interception)
        return intercepted?.intercept ? { kind: 'intercepted', reason: intercepted.reason || PLATE_INTERCEPTED_MESSAGE } : undefined
      },
      ownOrder: () => {
        const existing = answerOf(open)
        return existing ? ownOrderVerdict(checks, existing, parsed.plate) : undefined
      },
      paused: () => {
        const switchAnswer = answerOf(newApply)
        return newApplyPaused(switchAnswer) ? { kind: 'paused', reason: pausedReason(switchAnswer) } : undefined
      },
      risk: () => {
        const review = riskVerdict(answerOf(risk))
        return review.refused ? { kind: 'refused', reason: review.reason } : undefined
      },
    }).then((decision) => decision ?? { kind: 'free' }),
  )
}

/**
 * The person's own open order of the plate goes on where it stands (the journey table): a draft
 * continues, an unpaid one is paid, a paid one is followed. Only an order that failed leads to the
 * guide; one the journey would open anew decides nothing.
 */
function ownOrderVerdict(checks: PlateChecks, existing: OrderDetail, plateNumber: string): PlateVerdict | undefined | Promise<PlateVerdict> {
  const next = nextAction(existing, 'plateEntry')
  switch (next) {
    case 'reapply':
      return reapplyCheck(checks, { ...existing, plateNumber }).then((reapplyType) => ({ kind: 'reapply', orderId: existing.orderId, reapplyType }))
    case 'none':
      return { kind: 'taken', message: PLATE_TAKEN_MESSAGE }
    case 'apply':
      return undefined
    default:
      return { kind: 'resume', order: existing, next }
  }
}
