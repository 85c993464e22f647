/**
 * The host's "only from a tap" rule: some APIs (wx.navigateToMiniProgram among them) are refused
 * unless the person's tap started them. A tap (page-actions.ts) opens a short window in which such
 * a call counts as the tap's.
 */
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

/** How long after a tap a call still counts as the tap's, in ms. */
const TAP_WINDOW_MS = 1000

let lastTapAt = Number.NEGATIVE_INFINITY

export function recordTap(): void {
  lastTapAt = Date.now()
}

/** Forgets the last tap: a new test starts with none. */
export function forgetTap(): void {
  lastTapAt = Number.NEGATIVE_INFINITY
}

export function withinTap(): boolean {
  return Date.now() - lastTapAt <= TAP_WINDOW_MS
}

/** WeChat's refusal of a call no tap started. */
export const NOT_FROM_A_TAP = 'can only be invoked by user TAP gesture.'

/**
 * WeChat's other APIs that need a tap (WeChat's documentation): the settings page (2.3.0 on), a
 * subscription request, the profile and the customer service chat. The app calls none of them
 * today; here any call no tap started is refused, so one added later meets the phone's rule.
 */
export const TAP_ONLY_APIS = ['openSetting', 'requestSubscribeMessage', 'getUserProfile', 'openCustomerServiceChat'] as const

export function installTapOnlyApis(): void {
  const wx = wxObject()
  for (const api of TAP_ONLY_APIS) {
    wx[api] = (callbacks: WxCallbacks = {}) => {
      const fromTap = withinTap()
      answer(api, callbacks, () => {
        if (!fromTap) throw new Error(NOT_FROM_A_TAP)
        return {}
      })
    }
  }
}
