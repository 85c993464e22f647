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
}

/**
 * Why a hand-over failed, in the user's words: the page's own reasons, the request layer's and the
 * navigator's messages; a host's failure (its English errMsg) reads as not opened.
 */
export function reasonOf(cause: unknown): string {
  if (cause instanceof HandOverError || cause instanceof NavigationError || isRequestError(cause)) return cause.message
  return HAND_OVER_MESSAGES.notOpened
}
