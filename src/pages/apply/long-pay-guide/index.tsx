import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { PageShell } from '../../../components/page-shell/PageShell'
import { Button } from '../../../components/ui/button'
import { Step, Steps } from '../../../components/ui/steps'
import { LONG_PAY_GUIDE } from '../../../config/tutorials/long-pay-guide'
import { HOTLINE } from '../../../domain/constants'
import './index.scss'

function callHotline(): void {
  // The user may cancel the call sheet, which rejects on the mini-programs; nothing to report.
  Taro.makePhoneCall({ phoneNumber: HOTLINE }).catch(() => undefined)
}

/** 查看教程: how to set up automatic toll payment, step by step. */
export default function LongPayGuidePage() {
  const guide = LONG_PAY_GUIDE
  return (
    <PageShell route='longPayGuide'>
      <View className='guide'>
        <View className='guide__intro'>
          <View className='guide__title' role='heading' aria-level={1}>
            {guide.title}
          </View>
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
          <View className='guide__subtitle' role='heading' aria-level={2}>
            温馨提示
          </View>
          {guide.tips.map((tip) => (
            <View className='guide__tip' key={tip}>
              {tip}
            </View>
          ))}
        </View>
        <Button
          block
          fill='outline'
          type='primary'
          className='guide__call'
          aria-label={`拨打客服热线 ${HOTLINE}`}
          onClick={callHotline}
        >
          仍有疑问？拨打客服热线 {HOTLINE}
        </Button>
      </View>
    </PageShell>
  )
}
