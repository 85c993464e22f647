/**
 * The host's "only from a tap" rule: some APIs (wx.navigateToMiniProgram among them) are refused
 * unless the person's tap started them. A tap (page-actions.ts) opens a short window in which such
 * a call counts as the tap's.
 */

/** How long after a tap a call still counts as the tap's, in ms. */
const TAP_WINDOW_MS = 1000

let lastTapAt = Number.NEGATIVE_INFINITY

export function recordTap(): void {
  lastTapAt = Date.now()
}

export function withinTap(): boolean {
  return Date.now() - lastTapAt <= TAP_WINDOW_MS
}

/** WeChat's refusal of a call no tap started. */
export const NOT_FROM_A_TAP = 'can only be invoked by user TAP gesture.'
