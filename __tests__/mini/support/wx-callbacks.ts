/**
 * The host's callback convention: an API call takes success / fail / complete, answered
 * asynchronously (after the host's delay, host-delay.ts) with an `errMsg` of `<api>:ok` or
 * `<api>:fail <reason>`.
 */
import { later, networkLatency } from './host-delay'

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

type Outcome<T> = { ok: true; result: T } | { ok: false; error: unknown }

async function outcomeOf<T>(work: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, result: await work() }
  } catch (error) {
    return { ok: false, error }
  }
}

function reply<T extends object>(api: string, callbacks: WxCallbacks<T>, outcome: Outcome<T>): void {
  if (!outcome.ok) {
    const failure = { errMsg: `${api}:fail ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}` }
    callbacks.fail?.(failure)
    callbacks.complete?.(failure)
    return
  }
  const ok = { ...outcome.result, errMsg: `${api}:ok` }
  callbacks.success?.(ok)
  callbacks.complete?.(ok)
}

/**
 * Answers a call after the host's delay: the work's result as success, its exception as fail. A
 * network call with a fixed round trip (host-delay.ts) is worked on at once, as the server does
 * while the answer travels, and answered when the round trip is over.
 */
export function answer<T extends object>(api: string, callbacks: WxCallbacks<T>, work: () => Promise<T> | T): void {
  const latency = networkLatency(api)
  if (latency === undefined) {
    later(async () => reply(api, callbacks, await outcomeOf(work)))
    return
  }
  const outcome = outcomeOf(work)
  later(async () => reply(api, callbacks, await outcome), latency)
}
