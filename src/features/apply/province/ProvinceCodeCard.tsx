import { Text, View } from '@tarojs/components'
import { SmsCodeFields } from '../../../components/sms-code/SmsCodeFields'
import type { SmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
import { Button } from '../../../components/ui/button'
import { PROVINCE_TEXT } from './province-text'

export interface ProvinceCodeCardProps {
  readonly form: SmsCodeForm
  /** The issuer's name, as the person knows it. */
  readonly issuer: string
  readonly plateNumber: string
}

/** The issuer's SMS verification card: why it is asked, the phone and code fields, the code button and its notice. */
export function ProvinceCodeCard({ form, issuer, plateNumber }: ProvinceCodeCardProps) {
  return (
    <View className='province__card'>
      <Text className='province__title'>{`${issuer}ETC发行方短信验证`}</Text>
      <Text className='province__plate' data-testid='province-plate'>
        申办车辆：{plateNumber}
      </Text>
      <Text className='province__text'>{`根据${issuer}ETC发行方要求，提交申请前需验证车主手机号。验证码由发行方发送，验证通过后提交申请。`}</Text>
      <View className='province__fields'>
        <SmsCodeFields
          form={form}
          testIdPrefix='province'
          codeSentText={PROVINCE_TEXT.codeSent}
          sendButton={(control) => (
            <Button size='small' fill='none' type='primary' disabled={control.disabled} loading={control.busy} aria-label={control.label} data-testid='province-send-code' onClick={control.press}>
              {control.text}
            </Button>
          )}
        />
      </View>
    </View>
  )
}
