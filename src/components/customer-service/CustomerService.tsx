import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { Pressable } from '../pressable/Pressable'
import { useCustomerService } from './use-customer-service'
import './customer-service.scss'

export interface CustomerServiceProps {
  /** Words before the action, e.g. "如有疑问". */
  prompt?: string
  testId?: string
}

/** The customer-service action with its prompt (see useCustomerService). */
export const CustomerService = observer(function CustomerService({ prompt, testId = 'customer-service' }: CustomerServiceProps) {
  const service = useCustomerService()
  return (
    <View className='customer-service'>
      {prompt ? <Text className='customer-service__prompt'>{prompt}</Text> : null}
      <Pressable
        className={`customer-service__action${service.busy ? ' customer-service__action--busy' : ''}`}
        label={service.label}
        onPress={() => void service.contact()}
        testId={testId}
      >
        {service.label}
      </Pressable>
    </View>
  )
})
