/**
 * 长辈模式, the mode for older eyes (issue 31): larger text and tap targets and darker text, one
 * switch of the style tokens' values (styles/tokens.scss; the page frame carries the class). The
 * person's own choice is kept on the device under the channel's prefix (清除缓存 forgets it); with
 * no choice made, the mode follows the host's large text where the host reports one: the
 * mini-programs' font size setting (fontSizeSetting), the browser's text zoom (a probe's rendered
 * size). Read synchronously, so a page paints in the right mode at once, before the app's
 * services; the pages hear of a change through `subscribeElderMode`.
 */
import Taro from '@tarojs/taro'
import { currentChannel } from '../config/channel'
import { isLargeHostText } from '../domain/elder-mode'

/** The class of the page frame in elder mode (app.scss gives it the larger token values). */
export const ELDER_MODE_CLASS = 'elder-mode'

const STORAGE_KEY = 'elderMode'
const ON = 'on'
const OFF = 'off'

/** The probe's font size: large enough that rounding never decides. */
const PROBE_FONT_SIZE_PX = 100

const listeners = new Set<() => void>()
let current: boolean | undefined

const storageKey = (): string => `${currentChannel().storagePrefix}${STORAGE_KEY}`

/** The person's choice, when they made one. */
function storedChoice(): boolean | undefined {
  const value: unknown = Taro.getStorageSync(storageKey())
  return value === ON ? true : value === OFF ? false : undefined
}

/** The browser's text zoom: how tall a line of PROBE_FONT_SIZE_PX text renders, against its size. */
function browserTextZoom(): number | undefined {
  if (typeof document === 'undefined' || !document.body) return undefined
  const probe = document.createElement('span')
  probe.setAttribute('aria-hidden', 'true')
  probe.style.cssText = `position:absolute;visibility:hidden;font-size:${PROBE_FONT_SIZE_PX}px;line-height:1;white-space:nowrap`
  probe.textContent = '字'
  document.body.appendChild(probe)
  const height = probe.getBoundingClientRect().height
  probe.remove()
  return height > 0 ? height / PROBE_FONT_SIZE_PX : undefined
}

function hostLargeText(): boolean {
  if (process.env.TARO_ENV === 'h5') return isLargeHostText({ textZoom: browserTextZoom() })
  try {
    const { fontSizeSetting } = Taro.getSystemInfoSync() as { fontSizeSetting?: number }
    return isLargeHostText({ fontSizeSetting })
  } catch {
    // A host that cannot say has no large text to follow.
    return false
  }
}

/** Whether the pages show in elder mode now. */
export function elderModeOn(): boolean {
  current ??= storedChoice() ?? hostLargeText()
  return current
}

/** The person's choice, kept on the device; every page follows at once. */
export function setElderMode(on: boolean): void {
  Taro.setStorageSync(storageKey(), on ? ON : OFF)
  current = on
  for (const listener of listeners) listener()
}

/** Calls `listener` on each change; answers the unsubscription. */
export function subscribeElderMode(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Forgets what was read (清除缓存, and tests): the next read looks again. */
export function forgetElderMode(): void {
  current = undefined
  for (const listener of listeners) listener()
}
