import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { PLATE_TAKEN_HINT, parsePlate } from '../../domain/plate'
import { isFull } from '../../domain/plate-entry'
import type { PlateEntry } from '../../domain/plate-entry'
import { isRequestError } from '../../services/request/errors'
import { useStores } from '../../stores/store-context'
import { EntryButton } from '../entry-button/EntryButton'
import { EntryLinks } from '../entry-links/EntryLinks'
import { useEntryActions } from '../entry-links/use-entry-actions'
import { PLATE_KEYBOARD_ROOM_CLASS, PlateInput } from '../plate-input/PlateInput'
import { JourneyIntro } from './JourneyIntro'
import './entry-plate.scss'

/** What the last submit came to, when the user stays on the page. */
type Outcome = { kind: 'taken'; message: string } | { kind: 'intercepted'; reason: string } | { kind: 'failed'; message: string }

/** Shown for a failure that did not come from the request layer's catalogue. */
export const SUBMIT_FAILED_MESSAGE = '提交失败，请稍后重试'
export const SUBMIT_RETRY_HINT = '车牌号已保留，请稍后重新提交'

/**
 * The plate entry: the plate input bound to the application (kept across reloads), then the
 * plate check. A taken plate offers customer service, an intercepted one says why, a plate with
 * an order to settle first goes to the reapply guide, and a plate that may apply goes on to the
 * agreements (once) and the form. A failed call leaves everything as it was, ready to retry.
 */
export const PlateEntryForm = observer(function PlateEntryForm() {
  const { apply } = useStores()
  const actions = useEntryActions('plateEntry')
  const [attempted, setAttempted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()
  const [keyboardOpen, setKeyboardOpen] = useState(apply.plate.chars.length === 0)
  const running = useRef(false)

  const parsed = parsePlate(apply.plateNumber)
  // A reason shows once the boxes are full or the user has tried to go on, not while typing.
  const reason = !parsed.ok && (attempted || isFull(apply.plate)) ? parsed.reason : undefined

  const change = (entry: PlateEntry) => {
    apply.setPlate(entry)
    setOutcome(undefined)
  }

  const submit = async () => {
    if (running.current) return
    running.current = true
    setBusy(true)
    setAttempted(true)
    setOutcome(undefined)
    actions.track('next', { plateKind: apply.plate.kind })
    try {
      const decision = await apply.submitPlate()
      switch (decision.kind) {
        case 'invalid':
          break
        case 'taken':
          setOutcome({ kind: 'taken', message: decision.message })
          break
        case 'intercepted':
          setOutcome({ kind: 'intercepted', reason: decision.reason })
          break
        case 'reapply':
          await actions.open('guideReapply', { orderId: decision.orderId, reapplyType: decision.reapplyType })
          break
        case 'created':
        case 'resume':
          await actions.open(apply.agreementsAcceptedAt ? 'upinfo' : 'agree')
          break
      }
    } catch (error) {
      // The request layer has toasted its message; it stays here too, with the form as it was.
      setOutcome({ kind: 'failed', message: isRequestError(error) ? error.message : SUBMIT_FAILED_MESSAGE })
    } finally {
      running.current = false
      setBusy(false)
    }
  }

  return (
    <View className={`entry-plate ${keyboardOpen ? PLATE_KEYBOARD_ROOM_CLASS : ''}`}>
      <JourneyIntro />
      <View className='entry-plate__card'>
        <View className='entry-plate__heading' role='heading' aria-level={1}>
          请输入车牌号
        </View>
        <Text className='entry-plate__hint'>支持普通蓝牌（7位）和新能源绿牌（8位）</Text>
        <PlateInput value={apply.plate} onChange={change} error={reason} initiallyOpen={keyboardOpen} onKeyboardChange={setKeyboardOpen} />
        {outcome?.kind === 'taken' ? (
          <View className='entry-plate__notice entry-plate__notice--warn' role='alert' data-testid='plate-taken'>
            <Text className='entry-plate__notice-title'>{outcome.message}</Text>
            <Text className='entry-plate__notice-text'>{PLATE_TAKEN_HINT}</Text>
            <EntryButton
              variant='plain'
              className='entry-plate__notice-action'
              label='联系客服'
              testId='plate-taken-service'
              onPress={() => {
                actions.track('takenCustomerService')
                void actions.customerService()
              }}
            />
          </View>
        ) : null}
        {outcome?.kind === 'intercepted' ? (
          <View className='entry-plate__notice entry-plate__notice--warn' role='alert' data-testid='plate-intercepted'>
            <Text className='entry-plate__notice-title'>{outcome.reason}</Text>
          </View>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <View className='entry-plate__notice entry-plate__notice--error' role='alert' data-testid='plate-submit-error'>
            <Text className='entry-plate__notice-title'>{outcome.message}</Text>
            <Text className='entry-plate__notice-text'>{SUBMIT_RETRY_HINT}</Text>
          </View>
        ) : null}
        <EntryButton
          className='entry-plate__submit'
          label='下一步'
          busy={busy}
          busyText='正在查询…'
          testId='plate-submit'
          onPress={() => void submit()}
        />
      </View>
      <EntryLinks page='plateEntry' />
    </View>
  )
})
