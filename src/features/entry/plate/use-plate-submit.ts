import { requestMessageOr, useAction, useResumeIntent } from '../../../components/action/use-action'
import type { Action } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import type { ApplyStore } from '../../../stores/apply-store'
import type { PageTarget } from '../../../stores/plate-step-store'
import type { PlateDecision } from '../../../stores/plate-decision'
import { useStores } from '../../../stores/store-context'
import type { EntryActions } from '../links/use-entry-actions'
import { continueTarget, nextActionTarget } from '../../order'
import { consentAfterLogin, mayOpenConsentAhead, openConsentAhead, settleConsentAhead } from './consent-ahead'

/**
 * What the last submit came to, when the user stays on the page (a failure is the action's error;
 * paused new applications are the store's, shown whatever was submitted).
 */
export type PlateOutcome = { kind: 'taken'; message: string; releaseAt?: string } | { kind: 'intercepted'; reason: string } | { kind: 'refused'; reason: string }

/** Shown for a failure that did not come from the request layer's catalogue. */
const SUBMIT_FAILED_MESSAGE = '提交失败，请稍后重试'
/** 下一步's intent: a login it leads to returns here with it, and the check goes on by itself. */
export const PLATE_NEXT_INTENT = 'plate-next'

/** The page's state the submit writes: the person has tried to go on, and what the checks came to. */
interface PlateSubmitReports {
  setAttempted: (attempted: boolean) => void
  setOutcome: (outcome: PlateOutcome | undefined) => void
}

/** Where a decision leads; undefined keeps the person on this page, with the outcome shown. */
function targetOf(decision: PlateDecision, apply: ApplyStore, setOutcome: (outcome: PlateOutcome) => void): PageTarget | undefined {
  switch (decision.kind) {
    case 'invalid':
    case 'paused':
      // Paused: the store's switch now says so, and the notice above the plate shows why.
      return undefined
    case 'taken':
      setOutcome(decision)
      return undefined
    case 'intercepted':
    case 'refused':
      setOutcome({ kind: decision.kind, reason: decision.reason })
      return undefined
    case 'reapply':
      return { route: 'guideReapply', query: { orderId: decision.orderId, reapplyType: decision.reapplyType } }
    case 'created':
      return { route: apply.agreementsAcceptedAt ? 'upinfo' : 'agree' }
    case 'resume':
      // The person's own order goes on where it stands: its first missing step, its payment or its progress.
      return decision.next === 'continue'
        ? continueTarget(decision.step, decision.orderId, apply.agreementsAcceptedAt !== undefined)
        : nextActionTarget(decision.next, { orderId: decision.orderId, orderSource: decision.orderSource })
  }
}

/**
 * 下一步: the plate check, with the consent page opened ahead of it when it may, then the page
 * the decision leads to; a login it leads to carries it on by itself.
 */
export function usePlateSubmit(actions: EntryActions, { setAttempted, setOutcome }: PlateSubmitReports): Action<[openedAhead?: boolean]> {
  const { apply, plateStep, user, issuerAgreements } = useStores()
  const { navigator } = useAppServices()
  // A failed call leaves the form as it was; the request layer's message stays on the page.
  // `openedAhead`: the login this tap led to has opened the consent page ahead already (afterLogin).
  const submit = useAction(
    async (openedAhead?: boolean) => {
      setAttempted(true)
      setOutcome(undefined)
      actions.track('next', { plateKind: apply.plate.kind })
      // Asked again in case the promotion changed or the first ask failed (kept when loaded or loading).
      void issuerAgreements.ensure()
      const ahead = openedAhead
        ? Promise.resolve(true)
        : mayOpenConsentAhead({ apply, plateStep }, user.isPersonal(), apply.parsedPlate.ok)
          ? openConsentAhead(navigator, plateStep)
          : undefined
      let decision: PlateDecision
      try {
        decision = await plateStep.submitPlate()
      } catch (error) {
        if (ahead && (await ahead)) settleConsentAhead(plateStep, undefined)
        throw error
      }
      const target = targetOf(decision, apply, setOutcome)
      if (ahead && (await ahead)) settleConsentAhead(plateStep, target)
      else if (target) await actions.open(target.route, target.query)
    },
    {
      report: 'inline',
      message: requestMessageOr(SUBMIT_FAILED_MESSAGE),
      intent: PLATE_NEXT_INTENT,
      // A visitor's 下一步 leads to the login: from there straight on to the consent page, with the checks beneath.
      afterLogin: () => consentAfterLogin({ apply, plateStep }, apply.parsedPlate.ok, () => void submit.run(true)),
    },
  )
  useResumeIntent(PLATE_NEXT_INTENT, submit.run, user.isPersonal())
  return submit
}
