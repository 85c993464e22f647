import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { PLATE_TAKEN_HINT, parsePlate } from '../../../domain/plate'
import { isFull } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { requestMessageOr, useAction, useResumeIntent } from '../../../components/action/use-action'
import { useAppServices } from '../../../components/app-services/app-services'
import type { PlateDecision } from '../../../stores/plate-decision'
import { useStores } from '../../../stores/store-context'
import { EntryButton } from '../button/EntryButton'
import { EntryLinks } from '../links/EntryLinks'
import { useEntryActions } from '../links/use-entry-actions'
import { continueTarget, nextActionTarget } from '../../order'
import { CurrentOrderCard } from './CurrentOrderCard'
import { PlateCard } from './PlateCard'
import { NewApplyPausedNotice, RiskRefusedNotice } from './PreCheckNotices'
import { ReleaseNoticeAction } from './ReleaseNoticeAction'
import { clearEarlyInput, peekEarlyInput } from './early-plate'
import { consentAfterLogin, mayOpenConsentAhead, openConsentAhead, settleConsentAhead } from './consent-ahead'
import type { PageTarget } from '../../../stores/apply-store'

/**
 * What the last submit came to, when the user stays on the page (a failure is the action's error;
 * paused new applications are the store's, shown whatever was submitted).
 */
type Outcome = { kind: 'taken'; message: string; releaseAt?: string } | { kind: 'intercepted'; reason: string } | { kind: 'refused'; reason: string }

/** Shown for a failure that did not come from the request layer's catalogue. */
const SUBMIT_FAILED_MESSAGE = '提交失败，请稍后重试'
export const SUBMIT_RETRY_HINT = '车牌号已保留，请稍后重新提交'
/** Said under the issuer's reason for stopping a plate: who can help. */
export const PLATE_INTERCEPTED_HINT = '如有疑问或已处理完毕，请联系客服协助办理'
/** 下一步's intent: a login it leads to returns here with it, and the check goes on by itself. */
export const PLATE_NEXT_INTENT = 'plate-next'

/**
 * The plate entry: the plate input bound to the application (kept across reloads), then the
 * plate check. A taken plate offers customer service, an intercepted one says why, a plate with
 * an order to settle first goes to the reapply guide, and a plate that may apply goes on to the
 * agreements (once: their page opens at the tap, ahead of the checks, consent-ahead.ts) and the
 * form. While new applications are paused the page says so and why
 * (read when it opens, and at each 下一步): an open order still goes on, a new one is not opened.
 * A new application the risk review refuses says why, with customer service as the way on. A
 * failed call leaves everything as it was, ready to retry. A
 * person sent to log in by the check comes back to it under way: no second tap. What was typed
 * in the placeholder before the form came (early-plate.ts) becomes the application's plate. On
 * the bank app, a person already logged in is offered their order under way (CurrentOrderCard).
 */
/** A plate the page cannot take on (it has ETC, the issuer stops it): why, what to do, and customer service. */
function ServiceNotice({ title, hint, testId, onService, children }: { title: string; hint: string; testId: string; onService: () => void; children?: ReactNode }) {
  return (
    <View className='entry-plate__notice entry-plate__notice--warn' role='alert' data-testid={testId}>
      <Text className='entry-plate__notice-title' data-testid={`${testId}-reason`}>
        {title}
      </Text>
      <Text className='entry-plate__notice-text'>{hint}</Text>
      {children}
      <EntryButton variant='plain' className='entry-plate__notice-action' label='联系客服' testId={`${testId}-service`} onPress={onService} />
    </View>
  )
}

export const PlateEntryForm = observer(function PlateEntryForm() {
  const { apply, user, issuerAgreements, promotion } = useStores()
  const actions = useEntryActions('plateEntry')
  const { navigator } = useAppServices()
  const [attempted, setAttempted] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()
  // Read in render, cleared once committed: a render React throws away loses nothing.
  const [early] = useState(peekEarlyInput)
  const [keyboardOpen, setKeyboardOpen] = useState(early?.keyboardOpen ?? apply.plate.chars.length === 0)
  // The store takes the early plate before the form's first paint, but this observer hears of it
  // only after that paint (its store subscription starts in a passive effect): until then it
  // shows the early plate itself, so what was typed never blanks at the take-over.
  const adopted = useRef(false)
  useLayoutEffect(() => {
    if (early?.entry) apply.setPlate(early.entry)
    adopted.current = true
    clearEarlyInput()
  }, [apply, early])
  const plate = adopted.current ? apply.plate : (early?.entry ?? apply.plate)
  const loggedIn = user.isValid
  // Whether new applications are taken, as soon as there is a session: opening the page logs no
  // one in (the person has asked for nothing yet); 下一步 asks after its login. A failed read here
  // leaves the page as it was: 下一步 asks again and says why if it fails there.
  useEffect(() => {
    if (loggedIn) apply.readNewApplySwitch().catch(() => undefined)
  }, [apply, loggedIn])
  // The consent page lists the agreements of the packages' issuers. The catalogue is public, so
  // they load (the packages, then the issuers' documents) while the person types, before any
  // login: the consent page after the login then shows them at once. A failure is the consent
  // page's to show, with its retry.
  const promotionChannelId = promotion.upcomingPromotionChannelId
  useEffect(() => {
    void issuerAgreements.ensure(promotionChannelId)
  }, [issuerAgreements, promotionChannelId])

  const parsed = parsePlate(apply.plateNumber)
  // A reason shows once the boxes are full or the user has tried to go on, not while typing.
  const reason = !parsed.ok && (attempted || isFull(apply.plate)) ? parsed.reason : undefined

  // Where a decision leads; undefined keeps the person on this page, with the outcome shown.
  const targetOf = (decision: PlateDecision): PageTarget | undefined => {
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

  // A failed call leaves the form as it was; the request layer's message stays on the page.
  // `openedAhead`: the login this tap led to has opened the consent page ahead already (afterLogin).
  const submit = useAction(
    async (openedAhead?: boolean) => {
      setAttempted(true)
      setOutcome(undefined)
      actions.track('next', { plateKind: apply.plate.kind })
      // Asked again in case the promotion changed or the first ask failed (kept when loaded or loading).
      void issuerAgreements.ensure(promotion.current.promotionChannelId)
      const ahead = openedAhead
        ? Promise.resolve(true)
        : mayOpenConsentAhead(apply, user.isPersonal(), parsePlate(apply.plateNumber).ok)
          ? openConsentAhead(navigator, apply)
          : undefined
      let decision: PlateDecision
      try {
        decision = await apply.submitPlate()
      } catch (error) {
        if (ahead && (await ahead)) settleConsentAhead(apply, undefined)
        throw error
      }
      const target = targetOf(decision)
      if (ahead && (await ahead)) settleConsentAhead(apply, target)
      else if (target) await actions.open(target.route, target.query)
    },
    {
      report: 'inline',
      message: requestMessageOr(SUBMIT_FAILED_MESSAGE),
      intent: PLATE_NEXT_INTENT,
      // A visitor's 下一步 leads to the login: from there straight on to the consent page, with the checks beneath.
      afterLogin: () => consentAfterLogin(apply, parsePlate(apply.plateNumber).ok, () => void submit.run(true)),
    },
  )
  useResumeIntent(PLATE_NEXT_INTENT, submit.run, user.isPersonal())

  const change = (entry: PlateEntry) => {
    apply.setPlate(entry)
    setOutcome(undefined)
    submit.clearError()
  }

  return (
    <PlateCard
      plate={plate}
      onChange={change}
      error={reason}
      keyboardOpen={keyboardOpen}
      onKeyboardChange={setKeyboardOpen}
      notice={apply.newApply?.paused ? <NewApplyPausedNotice reason={apply.newApply.reason} onOrders={() => void actions.tracked('pausedOrders', () => actions.open('orderList'))} /> : null}
      footer={<EntryLinks page='plateEntry' />}
      lead={<CurrentOrderCard deferred={submit.busy} />}
    >
      {outcome?.kind === 'taken' ? (
        <ServiceNotice title={outcome.message} hint={PLATE_TAKEN_HINT} testId='plate-taken' onService={() => void actions.tracked('takenCustomerService', actions.customerService)}>
          {outcome.releaseAt ? <ReleaseNoticeAction /> : null}
        </ServiceNotice>
      ) : null}
      {outcome?.kind === 'intercepted' ? (
        <ServiceNotice
          title={outcome.reason}
          hint={PLATE_INTERCEPTED_HINT}
          testId='plate-intercepted'
          onService={() => void actions.tracked('interceptedCustomerService', actions.customerService)}
        />
      ) : null}
      {outcome?.kind === 'refused' ? <RiskRefusedNotice reason={outcome.reason} /> : null}
      {submit.error ? (
        <View className='entry-plate__notice entry-plate__notice--error' role='alert' data-testid='plate-submit-error'>
          <Text className='entry-plate__notice-title'>{submit.error}</Text>
          <Text className='entry-plate__notice-text'>{SUBMIT_RETRY_HINT}</Text>
        </View>
      ) : null}
      <EntryButton
        className='entry-plate__submit'
        label='下一步'
        busy={submit.busy}
        busyText='正在查询…'
        testId='plate-submit'
        onPress={() => void submit.run()}
      />
    </PlateCard>
  )
})
