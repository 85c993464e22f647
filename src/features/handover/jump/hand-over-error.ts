import { NavigationError } from '../../../platform/navigator'
import { isRequestError } from '../../../services/request/errors'

export const HAND_OVER_MESSAGES = {
  missingTarget: '链接缺少要打开的小程序信息，请返回后重新进入',
  invalidLink: '未获取到有效的跳转链接，请稍后重试',
  notOpened: '未能打开小程序，请稍后重试',
  alipayNotOpened: '未能打开支付宝，请确认已安装支付宝',
} as const

/** A hand-over that cannot go on, in the user's words. */
export class HandOverError extends Error {
  override readonly name = 'HandOverError'

  /** `final`: another try cannot mend it (the address lacks what to open). */
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message)
  }
}

/**
 * Why a hand-over failed, in the user's words: the page's own reasons, the request layer's and the
 * navigator's messages; a host's failure (its English errMsg) reads as not opened.
 */
export function reasonOf(cause: unknown): string {
  if (cause instanceof HandOverError || cause instanceof NavigationError || isRequestError(cause)) return cause.message
  return HAND_OVER_MESSAGES.notOpened
}

/**
 * Whether another try may succeed: not when the address lacks what to open, nor when the host
 * cannot open that kind of mini-program at all (the navigator's 'unsupported').
 */
export function isRetryable(cause: unknown): boolean {
  if (cause instanceof HandOverError) return !cause.final
  return !(cause instanceof NavigationError && cause.kind === 'unsupported')
}
