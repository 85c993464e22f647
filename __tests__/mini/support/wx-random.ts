/**
 * WeChat's CSPRNG, `wx.getRandomValues` (base library 2.15.0+): bytes from node's CSPRNG, answered
 * after a short random delay, as the host answers on a later task.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

/** The longest the host takes to answer, in ms. */
const MAX_DELAY_MS = 30

export interface WxRandom {
  /** How many times the app asked for random bytes. */
  calls(): number
}

export function installWechatRandom(): WxRandom {
  let calls = 0
  wxObject().getRandomValues = (options: WxCallbacks<{ randomValues: ArrayBuffer }> & { length: number }) => {
    calls += 1
    setTimeout(
      () =>
        answer('getRandomValues', options, () => {
          const bytes = randomBytes(options.length)
          return { randomValues: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }
        }),
      randomInt(MAX_DELAY_MS + 1),
    )
  }
  return { calls: () => calls }
}
