/**
 * The SMS verification-code button. Its state is derived from the time the last code was sent
 * (kept in storage), so the countdown survives a reload.
 */
import { VERIFY_CODE_WAIT_S } from './constants'
import { validateMobile } from './validation'

export interface CodeButtonState {
  disabled: boolean
  text: string
  /** Whole seconds left before another code may be requested (0 when allowed). */
  secondsLeft: number
}

export const CODE_BUTTON_TEXT = {
  initial: '获取验证码',
  resend: '重新发送',
  waiting: (seconds: number) => `${seconds}秒后重新发送`,
} as const

export const LOGIN_REASON = {
  missingMobileOrCode: '手机号或验证码不能为空',
  badCode: '请输入6位数字验证码',
} as const

export const VERIFY_CODE_LENGTH = 6

export function codeButtonState(lastSentAt: number | undefined, now: number): CodeButtonState {
  if (lastSentAt === undefined) return { disabled: false, text: CODE_BUTTON_TEXT.initial, secondsLeft: 0 }
  const elapsedMs = Math.max(0, now - lastSentAt)
  const secondsLeft = Math.max(0, Math.ceil(VERIFY_CODE_WAIT_S - elapsedMs / 1000))
  return secondsLeft > 0
    ? { disabled: true, text: CODE_BUTTON_TEXT.waiting(secondsLeft), secondsLeft }
    : { disabled: false, text: CODE_BUTTON_TEXT.resend, secondsLeft: 0 }
}

/** Phone login needs both the mobile and the code. */
export function checkPhoneLogin(
  mobile: string,
  code: string,
): { ok: true; mobile: string; code: string } | { ok: false; reason: string } {
  if (!mobile.trim() || !code.trim()) return { ok: false, reason: LOGIN_REASON.missingMobileOrCode }
  const phone = validateMobile(mobile)
  if (!phone.ok) return { ok: false, reason: phone.reason }
  const digits = code.trim()
  if (!new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`).test(digits)) return { ok: false, reason: LOGIN_REASON.badCode }
  return { ok: true, mobile: phone.value, code: digits }
}
