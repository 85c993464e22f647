import { Input, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { MOBILE_LENGTH, digitsOnly } from '../../domain/validation'
import { VERIFY_CODE_LENGTH } from '../../domain/verify-code'

/**
 * On H5 a paste with separators is taken as its digits, in place of the field's value: the
 * browser's maxlength would cut a pasted "138-0013-8000" before its separators are dropped.
 */
const pasteDigits =
  (length: number, onChange: (digits: string) => void) =>
  (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text') ?? ''
    if (!/\D/.test(text)) return
    event.preventDefault()
    onChange(digitsOnly(text, length))
  }

/**
 * The two fields. `inputType` is the host input's: 'tel' brings the phone keypad, 'text' lets a
 * one-time code fill in from the SMS.
 */
const SMS_CODE_FIELDS = {
  mobile: { label: '手机号', placeholder: '请输入11位手机号', inputType: 'tel', autoComplete: 'tel', length: MOBILE_LENGTH },
  code: { label: '验证码', placeholder: '请输入验证码', inputType: 'text', autoComplete: 'one-time-code', length: VERIFY_CODE_LENGTH },
} as const

export interface SmsCodeFieldProps {
  name: keyof typeof SMS_CODE_FIELDS
  /** Names the field for tests: `<testIdPrefix>-<name>`, and `<testIdPrefix>-<name>-error` for its reason. */
  testIdPrefix: string
  value: string
  error: string | undefined
  onChange: (digits: string) => void
  onBlur: () => void
  /** Beside the input, e.g. the send-code button. */
  children?: ReactNode
}

/** One digits-only field of the SMS-code form, with its label and, once it is left wrong, its reason. */
export function SmsCodeField({ name, testIdPrefix, value, error, onChange, onBlur, children }: SmsCodeFieldProps) {
  const { label, placeholder, inputType, autoComplete, length } = SMS_CODE_FIELDS[name]
  return (
    <>
      <View className={`sms-code__field ${error ? 'sms-code__field--error' : ''}`}>
        <Text className='sms-code__label' aria-hidden>
          {label}
        </Text>
        <Input
          className='sms-code__input'
          // The mini-programs' number type is their numeric keypad. On H5 Taro's number input cuts a
          // value to maxlength before its separators are dropped ("138-0013-8000" would lose digits):
          // the browser gets a text input (its type comes from nativeProps) and the digits are taken first.
          type={process.env.TARO_ENV === 'h5' ? 'text' : 'number'}
          // Without it the host lets 140 characters in (Taro's default).
          maxlength={length}
          placeholder={placeholder}
          value={value}
          nativeProps={{
            type: inputType,
            inputmode: 'numeric',
            autocomplete: autoComplete,
            'aria-label': label,
            'aria-invalid': error ? 'true' : 'false',
            'data-testid': `${testIdPrefix}-${name}`,
            onPaste: pasteDigits(length, onChange),
          }}
          onInput={(event) => onChange(digitsOnly(event.detail.value, length))}
          onBlur={onBlur}
        />
        {children}
      </View>
      {error ? (
        <View className='sms-code__error' role='alert' data-testid={`${testIdPrefix}-${name}-error`}>
          {error}
        </View>
      ) : null}
    </>
  )
}
