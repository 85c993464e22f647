import { View } from '@tarojs/components'
import type { RouteName } from '../../../config/routes'
import { EntryButton } from '../button/EntryButton'
import { useEntryActions } from './use-entry-actions'
import './entry-links.scss'

/** "我的订单" and "客服", tracked as clicks of the page they are on. */
export function EntryLinks({ page }: { page: RouteName }) {
  const actions = useEntryActions(page)
  return (
    <View className='entry-links'>
      <EntryButton variant='link' label='我的订单' testId='entry-orders' onPress={() => void actions.tracked('orders', () => actions.open('orderList'))} />
      <View className='entry-links__divider' aria-hidden />
      <EntryButton variant='link' label='联系客服' testId='entry-service' onPress={() => void actions.tracked('customerService', actions.customerService)}>
        客服
      </EntryButton>
    </View>
  )
}
