/**
 * The H5 request on the browser's own fetch. Taro's H5 request is fetch too, but brings the
 * whatwg-fetch, AbortController and JSONP polyfills (12 KB gzip) that every page making a call
 * waited for; the web views the app runs in have fetch. Its answers are Taro's: the status, the
 * headers by lower-case name, the body read as JSON (null when it is not, or for 204), and its
 * failures are read as Taro's are (platform/taro-failure.ts): a timeout is an AbortError.
 */
import { requestFailure } from '../taro-failure'
import { TransportFailure } from '../../services/request/transport'
import type { TransportRequest, TransportResponse } from '../../services/request/transport'
import { takeEarlyAnswer } from './early-order-takeover'
import { readAnswer } from './read-answer'

export interface FetchRequestDeps {
  readonly fetch: typeof fetch
  /** The browser's word on whether it has a network. */
  readonly online: () => boolean | undefined
  readonly setTimeout: (run: () => void, ms: number) => unknown
  readonly clearTimeout: (handle: unknown) => void
  /** The answer index.html asked for early to this very request (early-order-takeover.ts), if any. */
  readonly earlyAnswer: (request: TransportRequest) => Promise<TransportResponse> | undefined
}

/** What fetch rejects with when its signal aborts: what a timeout is read as. */
function timeoutError(): Error {
  const error = new Error('request:fail timeout')
  error.name = 'AbortError'
  return error
}

/** GET and HEAD carry their data in the address, as Taro's request does; the others in their body. */
const carriesBody = (request: TransportRequest): boolean => request.method !== 'GET' && request.method !== 'HEAD'

function urlOf(request: TransportRequest): string {
  if (!request.body || carriesBody(request)) return request.url
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${request.body}`.replace('?&', '?')
}

export function createFetchRequest(deps: FetchRequestDeps): (request: TransportRequest) => Promise<TransportResponse> {
  return async (request) => {
    // Where a web view has no AbortController the answer is still given up at the timeout.
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined
    let timer: unknown
    const timedOut = new Promise<never>((_, reject) => {
      timer = deps.setTimeout(() => {
        controller?.abort()
        reject(timeoutError())
      }, request.timeoutMs)
    })
    const answer =
      deps.earlyAnswer(request) ??
      deps
        .fetch(urlOf(request), {
          method: request.method,
          headers: request.header,
          ...(carriesBody(request) && request.body !== undefined ? { body: request.body } : {}),
          ...(controller ? { signal: controller.signal } : {}),
        })
        .then(readAnswer)
    try {
      return await Promise.race([answer, timedOut])
    } catch (error) {
      const read = requestFailure(error, 'h5', deps.online())
      if (read instanceof TransportFailure) throw read
      return read
    } finally {
      deps.clearTimeout(timer)
    }
  }
}

// Pure: the mini-program builds import this module and never call it.
export const fetchRequest = /* @__PURE__ */ createFetchRequest({
  fetch: (input, init) => window.fetch(input, init),
  online: () => window.navigator.onLine,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  earlyAnswer: (request) => takeEarlyAnswer(window, request),
})
