import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import { HOTLINE } from '../../domain/constants'
import { useStores } from '../../stores/store-context'
import { useAppServices } from '../app-services/app-services'
import { Pressable } from '../pressable/Pressable'
import './customer-service.scss'

export interface CustomerServiceProps {
  /** Words before the action, e.g. "如有疑问". */
  prompt?: string
  testId?: string
}

/**
 * The customer-service action: the promotion's customer-service hall when its channel info has
 * a link, otherwise a call to the hotline. The channel info is asked for on the first tap of a
 * logged-in user (a guest calls the hotline without being sent to log in).
 */
export const CustomerService = observer(function CustomerService({ prompt, testId = 'customer-service' }: CustomerServiceProps) {
  const { promotion, user } = useStores()
  const { navigator } = useAppServices()
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const hasHall = Boolean(promotion.info?.call_link)

  const contact = async () => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      if (!promotion.info && promotion.load.status !== 'loading' && user.isLoggedIn()) await promotion.fetchInfo()
      await navigator.customerService(promotion.info)
    } catch {
      // The call was dismissed, or another navigation is under way: nothing to undo.
    } finally {
      running.current = false
      setBusy(false)
    }
  }

  return (
    <View className='customer-service'>
      {prompt ? <Text className='customer-service__prompt'>{prompt}</Text> : null}
      <Pressable
        className={`customer-service__action${busy ? ' customer-service__action--busy' : ''}`}
        label={hasHall ? '联系在线客服' : `拨打客服电话 ${HOTLINE}`}
        onPress={() => void contact()}
        testId={testId}
      >
        {hasHall ? '联系在线客服' : `联系客服 ${HOTLINE}`}
      </Pressable>
    </View>
  )
})
