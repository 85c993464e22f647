/** Building a call: the path template, the query of a GET and the body of the others. */
import { MESSAGES, RequestError } from './errors'
import type { Method } from './transport'

export type ContentType = 'json' | 'urlencoded'
export type CallData = Record<string, unknown>

export const CONTENT_TYPE_HEADER: Readonly<Record<ContentType, string>> = {
  json: 'application/json;charset=UTF-8',
  urlencoded: 'application/x-www-form-urlencoded;charset=UTF-8',
}

const PLACEHOLDER = /\{(\w+)\}/g

/** Whether a value is a call's payload: a plain object of fields (not an array, a string, null, …). */
export function isPayload(value: unknown): value is CallData {
  return Object.prototype.toString.call(value) === '[object Object]'
}

/**
 * A call's data is an object of fields or nothing: anything else (an array, a string, a number,
 * null) would be sent as a body the server never asked for, or spread into a query of indices.
 * The catalogue's "Target must be an object", as a parameter error.
 */
export function assertPayload(data: unknown): asserts data is CallData | undefined {
  if (data !== undefined && !isPayload(data)) {
    throw new RequestError('parameterError', `${MESSAGES.parameterError}（${MESSAGES.notAnObject}）`)
  }
}

/**
 * Fills `{name}` in a path: state values first ({channel}, {uid}, {sourceChannel}), then the
 * call's data, and returns the data not used by the path. A placeholder with no value is a
 * parameter error, never the literal "{name}" or "undefined" sent to the server.
 */
export function fillPath(
  template: string,
  state: Record<string, string | undefined>,
  data?: CallData,
): { path: string; rest: CallData | undefined } {
  const rest: CallData | undefined = data ? { ...data } : undefined
  const path = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = state[name] ?? data?.[name]
    if (value === undefined || value === null || value === '') {
      throw new RequestError('parameterError', `${MESSAGES.parameterError}（缺少 ${name}）`)
    }
    // A value that went into the path is not sent again in the query or body.
    if (state[name] === undefined && rest) delete rest[name]
    return encodeURIComponent(String(value))
  })
  return { path, rest }
}

function formEncode(data: CallData): string {
  return Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
      return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`
    })
    .join('&')
}

export interface EncodedCall {
  url: string
  body?: string
  contentType?: string
}

/** GET and HEAD carry their data in the query; other methods in a JSON (default) or form body. */
export function encodeCall(method: Method, url: string, data: CallData | undefined, contentType?: ContentType): EncodedCall {
  if (method === 'GET' || method === 'HEAD') {
    const query = data ? formEncode(data) : ''
    return { url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url }
  }
  const type = contentType ?? 'json'
  const body = data === undefined ? undefined : type === 'json' ? JSON.stringify(data) : formEncode(data)
  return { url, body, contentType: CONTENT_TYPE_HEADER[type] }
}
