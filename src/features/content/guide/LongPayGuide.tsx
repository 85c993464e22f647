import { Text, View } from '@tarojs/components'
import { useUi } from '../../../components/app-services/app-services'
import { Heading } from '../../../components/heading/Heading'
import { Button } from '../../../components/ui/button'
import { Step, Steps } from '../../../components/ui/steps'
import { LONG_PAY_GUIDE } from '../../../config/tutorials/long-pay-guide'
import { HOTLINE } from '../../../domain/constants'
import './long-pay-guide.scss'

/** 查看教程: how to set up automatic toll payment, step by step. */
export function LongPayGuide() {
  const guide = LONG_PAY_GUIDE
  const ui = useUi()
  // The user may cancel the call sheet, which rejects on the mini-programs; nothing to report.
  const callHotline = () => void ui.call(HOTLINE).catch(() => undefined)
  return (
    <View className='guide'>
      <View className='guide__intro'>
        <Heading level={1} className='guide__title'>{guide.title}</Heading>
        <Text className='guide__text'>{guide.intro}</Text>
      </View>
      <View className='guide__card' data-testid='guide-steps'>
        <Steps direction='vertical' value={guide.steps.length}>
          {guide.steps.map((step, index) => (
            <Step key={step.title} value={index + 1} title={step.title} description={step.detail} />
          ))}
        </Steps>
      </View>
      <View className='guide__card'>
        <Heading level={2} className='guide__subtitle'>温馨提示</Heading>
        {guide.tips.map((tip) => (
          <View className='guide__tip' key={tip}>
            {tip}
          </View>
        ))}
      </View>
      <Button block fill='outline' type='primary' className='guide__call' onClick={callHotline}>
        仍有疑问？拨打客服热线 {HOTLINE}
      </Button>
    </View>
  )
}
