import { Text, View } from '@tarojs/components'
import { Exposure } from '../../../components/exposure/Exposure'
import { Heading } from '../../../components/heading/Heading'
import { ServicePromiseView } from '../../../components/service-promise/ServicePromiseView'
import { ISSUER_NOTE, PAY_SECTIONS, payTips } from '../../../config/payment'
import type { ServicePromise } from '../../../domain/service-promise'

export interface PayNotesProps {
  businessMode: number
  issuer: string | undefined
  /** The service promise, once it has arrived switched on; the reminder shows it below its tips. */
  promise: ServicePromise | undefined
}

/** 温馨提示 (with the service promise) and 发行方信息, each tracked as seen once it scrolls into view. */
export function PayNotes({ businessMode, issuer, promise }: PayNotesProps) {
  return (
    <>
      <Exposure route='pay' target={PAY_SECTIONS.tips} className='pay__card' testId='pay-tips'>
        <Heading level={2} className='pay__title'>温馨提示</Heading>
        {payTips(businessMode).map((tip) => (
          <Text key={tip} className='pay__tip'>
            {tip}
          </Text>
        ))}
        <ServicePromiseView promise={promise} testId='pay-promise' />
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
