import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { usePageVisible } from '../../../components/page-shell/use-page-visible'
import { deriveOrderStatus } from '../../../domain/order'
import { JOURNEY_HINT, NEXT_ACTION_LABEL, NEXT_ACTIONS, journeyState } from '../../../domain/order-journey'
import { useStores } from '../../../stores/store-context'
import { useEntryFeature } from '../entry-state'
import { StatusTag, useNextAction } from '../../order'
import { EntryButton } from '../button/EntryButton'
import { useEntryActions } from '../links/use-entry-actions'

export const CURRENT_ORDER_TITLE = '您有一笔进行中的ETC申请'

/**
 * The bank app's shortcut to the person's order under way: asked for as the form opens (it renders
 * the keyboard first and waits for nothing; the store asks only on the bank app, with the person's
 * own session, one call at a time, and logs no one in), shown when there is one. Asked again when
 * the session's person changes (the login 下一步 may cause) and when the page is shown again (the
 * order may have moved on meanwhile), never while the page is hidden. Its button is the journey
 * table's next action (src/domain/order-journey.ts): continue a draft, pay, follow, activate…
 *
 * A failed lookup shows nothing here: it is a shortcut the person did not ask for, the order stays
 * reachable through its plate (the plate check resumes it) and 我的订单, and a message about it
 * would only distract from the plate. The store keeps the failure (`load`).
 */
export const CurrentOrderCard = observer(function CurrentOrderCard({ deferred }: { deferred: boolean }) {
  const { plateStep } = useStores()
  const { currentProcess } = useEntryFeature()
  const actions = useEntryActions('plateEntry')
  const next = useNextAction()
  const visible = usePageVisible()
  const uid = currentProcess.personUid
  const checkingPlate = plateStep.checkingPlate

  // `uid` is a dependency only: the store reads the session itself, a new person asks anew. 下一步
  // goes first (on a slow link the browser's few connections are its checks'): asked once it is done
  // (`deferred` until it has left the page or stayed) if the page is still shown, and after the
  // effects of this render, one of which may be the page resuming 下一步 after the login.
  useEffect(() => {
    if (!visible || deferred || checkingPlate) return undefined
    const timer = setTimeout(() => {
      if (!plateStep.checkingPlate) void currentProcess.check()
    }, 0)
    return () => clearTimeout(timer)
  }, [currentProcess, plateStep, visible, uid, deferred, checkingPlate])

  const order = currentProcess.openOrder
  if (!order) return null
  const status = deriveOrderStatus(order)

  const journey = journeyState(order)
  const action = NEXT_ACTIONS[journey].homeCard
  // The answer is the order in full (its completeness too): a continuation needs no second call.
  const resume = () => {
    if (action !== 'none') void actions.tracked('continueCurrentOrder', async () => next.run(action, order))
  }

  return (
    <View className='entry-plate__current' role='region' aria-label={CURRENT_ORDER_TITLE} data-testid='plate-current-order'>
      <Text className='entry-plate__current-title'>{CURRENT_ORDER_TITLE}</Text>
      <View className='entry-plate__current-order'>
        <Text className='entry-plate__current-plate' data-testid='plate-current-order-plate'>
          {order.plateNumber}
        </Text>
        <StatusTag status={status} testId='plate-current-order-status' />
      </View>
      <Text className='entry-plate__current-hint' data-testid='plate-current-order-hint'>
        {JOURNEY_HINT[journey]}
      </Text>
      {action !== 'none' ? (
        <EntryButton
          variant='plain'
          className='entry-plate__current-action'
          label={NEXT_ACTION_LABEL[action]}
          busy={next.busyOrder === order.orderId}
          busyText='正在打开…'
          testId='plate-current-order-continue'
          onPress={resume}
        />
      ) : null}
    </View>
  )
})
