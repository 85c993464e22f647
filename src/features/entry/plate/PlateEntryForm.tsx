import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { parsePlate } from '../../../domain/plate'
import { isFull } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { useStores } from '../../../stores/store-context'
import { ElderModeSwitch } from '../../../components/elder-mode-switch/ElderModeSwitch'
import { EntryButton } from '../button/EntryButton'
import { EntryLinks } from '../links/EntryLinks'
import { useEntryActions } from '../links/use-entry-actions'
import { CurrentOrderCard } from './CurrentOrderCard'
import { PlateCard } from './PlateCard'
import { PlateOutcomeNotices } from './PlateOutcomeNotices'
import { NewApplyPausedNotice } from './PreCheckNotices'
import { clearEarlyInput, peekEarlyInput } from './early-plate'
import { usePlateSubmit } from './use-plate-submit'
import type { PlateOutcome } from './use-plate-submit'

// The page's tests read these from the form, where they were first defined.
export { SUBMIT_RETRY_HINT } from './PlateOutcomeNotices'
export { PLATE_NEXT_INTENT } from './use-plate-submit'

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
export const PlateEntryForm = observer(function PlateEntryForm() {
  const { apply, plateStep, user, issuerAgreements, promotion } = useStores()
  const actions = useEntryActions('plateEntry')
  const [attempted, setAttempted] = useState(false)
  const [outcome, setOutcome] = useState<PlateOutcome>()
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
    if (loggedIn) plateStep.readNewApplySwitch().catch(() => undefined)
  }, [plateStep, loggedIn])
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

  const submit = usePlateSubmit(actions, { setAttempted, setOutcome })

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
      notice={plateStep.newApply?.paused ? <NewApplyPausedNotice reason={plateStep.newApply.reason} onOrders={() => void actions.tracked('pausedOrders', () => actions.open('orderList'))} /> : null}
      footer={
        <>
          <EntryLinks page='plateEntry' />
          {/* Under the links, not over the plate: the plate input stays in sight above its keyboard at any text size. */}
          <ElderModeSwitch />
        </>
      }
      lead={<CurrentOrderCard deferred={submit.busy} />}
    >
      <PlateOutcomeNotices outcome={outcome} error={submit.error} actions={actions} />
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
