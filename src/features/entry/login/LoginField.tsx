import { Input, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { MOBILE_LENGTH, digitsOnly } from '../../../domain/validation'
import { VERIFY_CODE_LENGTH } from '../../../domain/verify-code'

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
const LOGIN_FIELDS = {
  mobile: { label: '手机号', placeholder: '请输入11位手机号', inputType: 'tel', autoComplete: 'tel', length: MOBILE_LENGTH },
  code: { label: '验证码', placeholder: '请输入验证码', inputType: 'text', autoComplete: 'one-time-code', length: VERIFY_CODE_LENGTH },
} as const

export interface LoginFieldProps {
  /** Also names the field for tests: `login-<name>`, and `login-<name>-error` for its reason. */
  name: keyof typeof LOGIN_FIELDS
  value: string
  error: string | undefined
  onChange: (digits: string) => void
  onBlur: () => void
  /** Beside the input, e.g. the send-code button. */
  children?: ReactNode
}

/** One digits-only field of the login form, with its label and, once it is left wrong, its reason. */
export function LoginField({ name, value, error, onChange, onBlur, children }: LoginFieldProps) {
  const { label, placeholder, inputType, autoComplete, length } = LOGIN_FIELDS[name]
  return (
    <>
      <View className={`entry-login__field ${error ? 'entry-login__field--error' : ''}`}>
        <Text className='entry-login__label' aria-hidden>
          {label}
        </Text>
        <Input
          className='entry-login__input'
          type='number'
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
            'data-testid': `login-${name}`,
            onPaste: pasteDigits(length, onChange),
          }}
          onInput={(event) => onChange(digitsOnly(event.detail.value, length))}
          onBlur={onBlur}
        />
        {children}
      </View>
      {error ? (
        <View className='entry-login__error' role='alert' data-testid={`login-${name}-error`}>
          {error}
        </View>
      ) : null}
    </>
  )
}
