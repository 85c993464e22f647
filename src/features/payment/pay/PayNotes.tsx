import { Text, View } from '@tarojs/components'
import { Exposure } from '../../../components/exposure/Exposure'
import { Heading } from '../../../components/heading/Heading'
import { ISSUER_NOTE, PAY_SECTIONS, payTips } from '../../../config/payment'

/** 温馨提示 and 发行方信息, each tracked as seen once it scrolls into view. */
export function PayNotes({ businessMode, issuer }: { businessMode: number; issuer: string | undefined }) {
  return (
    <>
      <Exposure route='pay' target={PAY_SECTIONS.tips} className='pay__card' testId='pay-tips'>
        <Heading level={2} className='pay__title'>温馨提示</Heading>
        {payTips(businessMode).map((tip) => (
          <Text key={tip} className='pay__tip'>
            {tip}
          </Text>
        ))}
      </Exposure>

      <Exposure route='pay' target={PAY_SECTIONS.issuer} className='pay__card' testId='pay-issuer'>
        <Heading level={2} className='pay__title'>发行方信息</Heading>
        <View className='pay__row'>
          <Text className='pay__key'>发行方</Text>
          <Text className='pay__value' data-testid='pay-issuer-name'>
            {issuer ? `${issuer}ETC发行服务机构` : '以审核结果为准'}
          </Text>
        </View>
        <Text className='pay__tip'>{ISSUER_NOTE}</Text>
      </Exposure>
    </>
  )
}
