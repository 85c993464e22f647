import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { SmsCodeField } from './SmsCodeField'
import type { SmsCodeForm } from './use-sms-code-form'
import './sms-code.scss'

export interface SmsCodeFieldsProps {
  readonly form: SmsCodeForm
  /** Names the parts for tests: `<prefix>-mobile`, `<prefix>-code` (and their `-error`), `<prefix>-code-sent`. */
  readonly testIdPrefix: string
  /** Said under the code once a code has gone out. */
  readonly codeSentText: string
  /**
   * The send-code button beside the code, in its page's style (the login page, in the
   * mini-programs' main package, loads no UI library), from what the form says of it.
   */
  readonly sendButton: (control: SendCodeControl) => ReactNode
}

/** The send-code button's state and action, from the form. */
export interface SendCodeControl {
  /** What it shows: 获取验证码, or the countdown. */
  readonly text: string
  /** Its accessible name: during the countdown it says to wait. */
  readonly label: string
  readonly disabled: boolean
  readonly busy: boolean
  press(): void
}

/**
 * The SMS-code form's fields, one for the login and the province issuer's verification: the phone
 * and the code (digits only, each saying what is wrong once left), the send-code button beside
 * the code, and the notice once a code has gone out. The rules are the form's (use-sms-code-form.ts).
 */
export function SmsCodeFields({ form, testIdPrefix, codeSentText, sendButton }: SmsCodeFieldsProps) {
  const { codeButton, send } = form
  const control: SendCodeControl = {
    text: codeButton.text,
    label: codeButton.disabled ? `${codeButton.text}，请稍候` : codeButton.text,
    disabled: codeButton.disabled,
    busy: send.busy,
    press: () => void send.run(),
  }
  return (
    <>
      <SmsCodeField name='mobile' testIdPrefix={testIdPrefix} value={form.mobile} error={form.mobileError} onChange={form.typeMobile} onBlur={form.leaveMobile} />
      <SmsCodeField name='code' testIdPrefix={testIdPrefix} value={form.code} error={form.codeError} onChange={form.typeCode} onBlur={form.leaveCode}>
        <View className='sms-code__send'>{sendButton(control)}</View>
      </SmsCodeField>
      {form.codeSent ? (
        <View className='sms-code__note' role='status' data-testid={`${testIdPrefix}-code-sent`}>
          {codeSentText}
        </View>
      ) : null}
    </>
  )
}
