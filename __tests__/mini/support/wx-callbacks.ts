/**
 * The host's callback convention: an API call takes success / fail / complete, answered
 * asynchronously (after the host's delay, host-delay.ts) with an `errMsg` of `<api>:ok` or
 * `<api>:fail <reason>`.
 */
import { later } from './host-delay'

export interface WxCallbacks<T = Record<string, unknown>> {
  success?(result: T & { errMsg: string }): void
  fail?(result: { errMsg: string }): void
  complete?(result: { errMsg: string }): void
}

/** The `wx` object miniprogram-simulate installs, written to by the overrides. */
export type WxObject = Record<string, unknown>

export function wxObject(): WxObject {
  const wx = (globalThis as unknown as { wx?: WxObject }).wx
  if (!wx) throw new Error('No global wx: load miniprogram-simulate first')
  return wx
}

/** Answers a call after the host's delay: the work's result as success, its exception as fail. */
export function answer<T extends object>(api: string, callbacks: WxCallbacks<T>, work: () => Promise<T> | T): void {
  later(async () => {
    let result: T
    try {
      result = await work()
    } catch (error) {
      const failure = { errMsg: `${api}:fail ${error instanceof Error ? error.message : String(error)}` }
      callbacks.fail?.(failure)
      callbacks.complete?.(failure)
      return
    }
    const ok = { ...result, errMsg: `${api}:ok` }
    callbacks.success?.(ok)
    callbacks.complete?.(ok)
  })
}
