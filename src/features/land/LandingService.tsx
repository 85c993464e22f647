import { View } from '@tarojs/components'
import { useCustomerService } from '../../components/customer-service/use-customer-service'
import type { LandingRoute } from '../../config/landings'
import { EntryButton, useEntryActions } from '../entry'

/** 我的订单 and customer service (the promotion's hall, or the hotline), tracked as clicks of the page. */
export function LandingService({ route }: { route: LandingRoute }) {
  const actions = useEntryActions(route)
  const service = useCustomerService()
  return (
    <View className='landing__service'>
      <EntryButton
        variant='plain'
        className='landing__service-action'
        label='我的订单'
        testId='landing-orders'
        onPress={() => void actions.tracked('orders', () => actions.open('orderList'))}
      />
      <EntryButton
        variant='plain'
        className='landing__service-action'
        label={service.label}
        busy={service.busy}
        testId='landing-service'
        onPress={() => void actions.tracked('customerService', service.contact)}
      />
    </View>
  )
}
