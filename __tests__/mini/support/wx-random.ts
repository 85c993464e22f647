/**
 * WeChat's CSPRNG, `wx.getRandomValues` (base library 2.15.0+): bytes from node's CSPRNG, answered
 * after the host's delay (wx-callbacks.ts).
 */
import { randomBytes } from 'node:crypto'
import { answer, wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'

export interface WxRandom {
  /** How many times the app asked for random bytes. */
  calls(): number
}

export function installWechatRandom(): WxRandom {
  let calls = 0
  wxObject().getRandomValues = (options: WxCallbacks<{ randomValues: ArrayBuffer }> & { length: number }) => {
    calls += 1
    answer('getRandomValues', options, () => {
      const bytes = randomBytes(options.length)
      return { randomValues: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }
    })
  }
  return { calls: () => calls }
}
