import { Text, View } from '@tarojs/components'
import { NEW_APPLY_PAUSED, RISK_REFUSED } from '../../../domain/apply-checks'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { EntryButton } from '../button/EntryButton'

/**
 * New applications are paused by the operator: why, and that orders already made go on, with the
 * way to them (the order list continues, pays and follows them).
 */
export function NewApplyPausedNotice({ reason, onOrders }: { reason: string; onOrders: () => void }) {
  return (
    <View className='entry-plate__notice entry-plate__notice--warn entry-plate__notice--lead' role='status' data-testid='plate-new-apply-paused'>
      <Text className='entry-plate__notice-title'>{NEW_APPLY_PAUSED.title}</Text>
      <Text className='entry-plate__notice-text' data-testid='plate-new-apply-paused-reason'>
        {reason}
      </Text>
      <Text className='entry-plate__notice-text'>{NEW_APPLY_PAUSED.existingOrders}</Text>
      <EntryButton variant='plain' className='entry-plate__notice-action' label='查看我的订单' testId='plate-new-apply-orders' onPress={onOrders} />
    </View>
  )
}

/** The risk review refused the application: why, and customer service (the hall or the hotline) as the way on. */
export function RiskRefusedNotice({ reason }: { reason: string }) {
  return (
    <View className='entry-plate__notice entry-plate__notice--warn' role='alert' data-testid='plate-risk-refused'>
      <Text className='entry-plate__notice-title'>{RISK_REFUSED.title}</Text>
      <Text className='entry-plate__notice-text' data-testid='plate-risk-refused-reason'>
        {reason}
      </Text>
      <Text className='entry-plate__notice-text'>{RISK_REFUSED.hint}</Text>
      <CustomerService testId='plate-risk-service' />
    </View>
  )
}
