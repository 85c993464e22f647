import { Text, View } from '@tarojs/components'
import type { SmsCodeForm } from '../../../components/sms-code/use-sms-code-form'
import { Button } from '../../../components/ui/button'
import { ProvinceCodeCard } from './ProvinceCodeCard'
import type { ProvinceCodeCardProps } from './ProvinceCodeCard'
import { PROVINCE_TEXT } from './province-text'

export interface ProvinceCodeFormProps extends ProvinceCodeCardProps {
  readonly form: SmsCodeForm
  /** What the final commit found missing: said under the form, with the way to complete it. */
  readonly missing: readonly string[]
  readonly onCompleteMissing: () => void
}

/** The open step: the verification card, the form's one message, what is missing, and 验证并提交. */
export function ProvinceCodeForm({ form, issuer, plateNumber, missing, onCompleteMissing }: ProvinceCodeFormProps) {
  return (
    <View className='province'>
      <ProvinceCodeCard form={form} issuer={issuer} plateNumber={plateNumber} />
      {form.formError ? (
        <View className='province__error' role='alert' data-testid='province-error'>
          {form.formError}
        </View>
      ) : null}
      {missing.length > 0 ? (
        <View className='province__missing' role='alert' data-testid='province-missing'>
          <Text>
            {PROVINCE_TEXT.incomplete}：{missing.join('、')}
          </Text>
          <Button size='small' type='primary' fill='outline' data-testid='province-complete' onClick={onCompleteMissing}>
            {PROVINCE_TEXT.complete}
          </Button>
        </View>
      ) : null}
      <Button block type='primary' className='province__submit' loading={form.submit.busy} aria-label='验证并提交' data-testid='province-submit' onClick={() => void form.submit.run()}>
        验证并提交
      </Button>
    </View>
  )
}
