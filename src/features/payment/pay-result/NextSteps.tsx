import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { Heading } from '../../../components/heading/Heading'
import { Pressable } from '../../../components/pressable/Pressable'
import { AFTER_PAYMENT_STEPS } from '../../../config/payment'
import { useStores } from '../../../stores/store-context'
import { OrderTimeline } from '../../order'

/** What happens after payment (审核 → 发货 → 激活), and the order's own timeline. */
export const NextSteps = observer(function NextSteps({ orderId }: { orderId: string }) {
  const { order } = useStores()
  const process = order.processOf(orderId)
  const load = order.processLoadOf(orderId)
  return (
    <>
      <View className='pay-result__card' data-testid='pay-result-next-steps'>
        <Heading level={2} className='pay-result__subtitle'>接下来</Heading>
        <View className='pay-result__steps' role='list'>
          {AFTER_PAYMENT_STEPS.map((step, index) => (
            <View key={step.title} className='pay-result__step' role='listitem'>
              <Text className='pay-result__step-index'>{index + 1}</Text>
              <Text className='pay-result__step-title'>{step.title}</Text>
              <Text className='pay-result__step-detail'>{step.detail}</Text>
            </View>
          ))}
        </View>
      </View>
      <View className='pay-result__card'>
        <Heading level={2} className='pay-result__subtitle'>订单进度</Heading>
        {process ? (
          <OrderTimeline entries={process.timeline} />
        ) : load.status === 'error' ? (
          <Pressable
            className='pay-result__retry'
            label='订单进度加载失败，点击重试'
            testId='order-timeline-error'
            onPress={() => void order.fetchProcess(orderId, { fresh: true })}
          >
            订单进度加载失败，点击重试
          </Pressable>
        ) : (
          <Text className='pay-result__muted' data-testid='order-timeline-loading'>
            正在加载订单进度…
          </Text>
        )}
      </View>
    </>
  )
})
