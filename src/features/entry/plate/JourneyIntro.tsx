import { Text, View } from '@tarojs/components'
import './entry-plate.scss'

/** The journey's steps after the plate, as the user meets them. */
const JOURNEY_STEPS = ['填写资料', '选择套餐', '支付'] as const

/** What happens after the plate: a short, ordered list of the steps. */
export function JourneyIntro() {
  return (
    <View className='entry-plate__intro' data-testid='plate-intro'>
      <Text className='entry-plate__intro-text'>输入车牌号，三步在线办理ETC，设备可邮寄到家或到网点领取。</Text>
      <View className='entry-plate__steps' role='list' aria-label='办理流程'>
        {JOURNEY_STEPS.map((step, index) => (
          <View key={step} className='entry-plate__step' role='listitem' aria-label={`第${index + 1}步 ${step}`}>
            <Text className='entry-plate__step-number' aria-hidden>
              {index + 1}
            </Text>
            <Text className='entry-plate__step-name'>{step}</Text>
            {index < JOURNEY_STEPS.length - 1 ? (
              <Text className='entry-plate__step-arrow' aria-hidden>
                →
              </Text>
            ) : null}
          </View>
        ))}
      </View>
    </View>
  )
}
