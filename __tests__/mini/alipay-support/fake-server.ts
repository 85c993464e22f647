/**
 * The fake server behind `my.request` in the Alipay run: answers by a fragment of the URL, in the
 * server's envelope, and reads back what a request carried.
 */
import { UNAVAILABLE } from './alipay-app'
import type { FakeRequest, FakeResponse, Responder } from './fake-my'

/** The server's answer envelope around `data`. */
export const envelope = (data: unknown): FakeResponse => ({ status: 200, data: { code: 200, msg: 'ok', data } })

/**
 * Answers a request with the reply of the first fragment of `replies` its URL contains (in the
 * envelope); a request no fragment matches finds the service unavailable.
 */
export function replyingServer(replies: () => Readonly<Record<string, unknown>>): Responder {
  return (request) => {
    const current = replies()
    const fragment = Object.keys(current).find((key) => request.url.includes(key))
    return fragment === undefined ? UNAVAILABLE : envelope(current[fragment])
  }
}

/** A request's body as the server reads it: Taro may hand `my.request` JSON text or an object. */
export function bodyOf(request: FakeRequest): unknown {
  if (typeof request.data !== 'string') return request.data
  try {
    return JSON.parse(request.data) as unknown
  } catch {
    return request.data
  }
}

export interface HeldServer {
  /** Answers as `respond` does, except that calls whose URL contains the fragment wait. */
  respond: Responder
  /** How many calls are waiting. */
  waiting(): number
  /** Lets every waiting call have its answer. */
  release(): void
}

/** Holds back the answers to calls whose URL contains `fragment` until released: the call stays in flight. */
export function holding(respond: Responder, fragment: string): HeldServer {
  const waiting: (() => void)[] = []
  return {
    respond: (request) => {
      if (!request.url.includes(fragment)) return respond(request)
      return new Promise((resolve) => {
        waiting.push(() => resolve(respond(request)))
      })
    },
    waiting: () => waiting.length,
    release: () => waiting.splice(0).forEach((answer) => answer()),
  }
}
