import { Text, View } from '@tarojs/components'
import { FormField } from '../../../components/form-field/FormField'
import type { SmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
import { Button } from '../../../components/ui/button'
import { MOBILE_LENGTH } from '../../../domain/validation'
import { VERIFY_CODE_LENGTH } from '../../../domain/verify-code'
import { PROVINCE_TEXT } from './province-text'

export interface ProvinceCodeCardProps {
  readonly form: SmsCodeForm
  /** The issuer's name, as the person knows it. */
  readonly issuer: string
  readonly plateNumber: string
}

/** The issuer's SMS verification card: why it is asked, the phone and code fields, the code button and its notice. */
export function ProvinceCodeCard({ form, issuer, plateNumber }: ProvinceCodeCardProps) {
  const { codeButton, send } = form
  return (
    <View className='province__card'>
      <Text className='province__title'>{`${issuer}ETC发行方短信验证`}</Text>
      <Text className='province__plate' data-testid='province-plate'>
        申办车辆：{plateNumber}
      </Text>
      <Text className='province__text'>{`根据${issuer}ETC发行方要求，提交申请前需验证车主手机号。验证码由发行方发送，验证通过后提交申请。`}</Text>
      <FormField
        label='手机号'
        value={form.mobile}
        onChange={form.typeMobile}
        onBlur={form.leaveMobile}
        error={form.mobileError}
        placeholder='请输入11位手机号'
        maxLength={MOBILE_LENGTH}
        keyboard='numeric'
        autoComplete='tel'
        testId='province-mobile'
      />
      <FormField
        label='验证码'
        value={form.code}
        onChange={form.typeCode}
        placeholder='请输入6位验证码'
        maxLength={VERIFY_CODE_LENGTH}
        keyboard='numeric'
        autoComplete='one-time-code'
        testId='province-code'
      />
      <View className='province__send'>
        <Button
          size='small'
          fill='none'
          type='primary'
          disabled={codeButton.disabled}
          loading={send.busy}
          aria-label={codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text}
          data-testid='province-send-code'
          onClick={() => void send.run()}
        >
          {codeButton.text}
        </Button>
      </View>
      {form.codeSent ? (
        <View className='province__note' role='status' data-testid='province-code-sent'>
          {PROVINCE_TEXT.codeSent}
        </View>
      ) : null}
    </View>
  )
}
