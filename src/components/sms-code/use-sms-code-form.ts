/**
 * The SMS-code form: a phone, a code sent to it, and the step they prove (the phone login, the
 * province issuer's verification). One set of rules for both: the code button counts down from the
 * time the last code was sent (kept by the caller's store, so a reload goes on with it); a code is
 * not sent to a malformed phone; the phone's reason shows once the field is left or a send or
 * submit was tried, the code's once it is left half typed; one message shows under the form (the
 * failed check, or the last call's failure), cleared as the person types or tries again.
 */
import { useState } from 'react'
import { MOBILE_LENGTH, digitsOnly, validateMobile } from '../../domain/validation'
import { LOGIN_REASON, VERIFY_CODE_LENGTH, checkPhoneLogin } from '../../domain/verify-code'
import { requestMessageOr, useAction } from '../action/use-action'
import type { Action } from '../action/use-action'
import { useCodeButton } from '../countdown/use-code-button'
import type { CodeButtonState } from '../../domain/verify-code'

/** A phone and a code that passed the form's check. */
export interface CheckedCode {
  readonly mobile: string
  readonly code: string
}

export interface SmsCodeFormOptions {
  /** The phone to start with (the one remembered, the application's). */
  readonly initialMobile: () => string
  /** When the last code was sent, as the caller's store keeps it. */
  readonly codeSentAt: number | undefined
  /** Sends a code to a well-formed phone. */
  readonly sendCode: (mobile: string) => Promise<void>
  /**
   * The step the code proves, with the checked phone and code; undefined when `needsCode` says this
   * step goes on without one (the issuer verified the order already).
   */
  readonly submit: (checked: CheckedCode | undefined) => Promise<void>
  /** Whether the step needs a code now (by default always). */
  readonly needsCode?: () => boolean
  /** Told of each tap, before anything is checked (tracking, clearing the page's own notices). */
  readonly onSendTap?: () => void
  readonly onSubmitTap?: () => void
  /** The failures in the person's words, when the server gives none. */
  readonly messages: { readonly sendFailed: string; readonly submitFailed: string }
}

export interface SmsCodeForm {
  readonly mobile: string
  readonly code: string
  readonly mobileError: string | undefined
  readonly codeError: string | undefined
  /** The one message under the form. */
  readonly formError: string | undefined
  readonly codeButton: CodeButtonState
  /** The code was sent and the button is still counting down: say so. */
  readonly codeSent: boolean
  typeMobile(value: string): void
  typeCode(value: string): void
  leaveMobile(): void
  leaveCode(): void
  readonly send: Action<[]>
  readonly submit: Action<[]>
}

/** What a tap that stops at a check answers. */
const DONE: Promise<void> = Promise.resolve()

export function useSmsCodeForm(options: SmsCodeFormOptions): SmsCodeForm {
  const [mobile, setMobile] = useState(options.initialMobile)
  const [code, setCode] = useState('')
  const [touched, setTouched] = useState({ mobile: false, code: false })
  const [checkError, setCheckError] = useState<string>()
  const [sentNotice, setSentNotice] = useState(false)
  const codeButton = useCodeButton(options.codeSentAt)
  const mobileCheck = validateMobile(mobile)
  const leave = (field: keyof typeof touched) => setTouched((current) => ({ ...current, [field]: true }))

  // Chains, not async functions: the mini-program builds turn each one into a state machine of
  // some 300 bytes, and the login page that uses this is in the main package (its size is ratcheted).
  const send = useAction(
    () => {
      if (codeButton.disabled) return DONE
      options.onSendTap?.()
      setCheckError(undefined)
      submit.clearError()
      if (!mobileCheck.ok) {
        leave('mobile')
        return DONE
      }
      return options.sendCode(mobile).then(() => setSentNotice(true))
    },
    { report: 'inline', message: requestMessageOr(options.messages.sendFailed) },
  )

  const submit = useAction(
    () => {
      options.onSubmitTap?.()
      send.clearError()
      if (!(options.needsCode?.() ?? true)) return options.submit(undefined)
      setTouched({ mobile: true, code: true })
      const checked = checkPhoneLogin(mobile, code)
      setCheckError(checked.ok ? undefined : checked.reason)
      return checked.ok ? options.submit({ mobile: checked.mobile, code: checked.code }) : DONE
    },
    { report: 'inline', message: requestMessageOr(options.messages.submitFailed) },
  )

  const typed = (set: (value: string) => void, value: string) => {
    set(value)
    setCheckError(undefined)
    send.clearError()
    submit.clearError()
  }

  return {
    mobile,
    code,
    mobileError: touched.mobile && !mobileCheck.ok ? mobileCheck.reason : undefined,
    codeError: touched.code && code !== '' && code.length !== VERIFY_CODE_LENGTH ? LOGIN_REASON.badCode : undefined,
    formError: checkError ?? submit.error ?? send.error,
    codeButton,
    codeSent: sentNotice && codeButton.disabled,
    typeMobile: (value) => typed(setMobile, digitsOnly(value, MOBILE_LENGTH)),
    typeCode: (value) => typed(setCode, digitsOnly(value, VERIFY_CODE_LENGTH)),
    leaveMobile: () => leave('mobile'),
    leaveCode: () => leave('code'),
    send,
    submit,
  }
}
