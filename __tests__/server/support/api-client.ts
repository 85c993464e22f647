/**
 * The contract's calls as a test sends them (issue 30): `call(API.payDeposit, data, { as: owner })`
 * takes the endpoint's request type from types/api/paths.ts, the type callApi sends in the app, so
 * a wrong or missing field fails the typecheck. Like the app's request client it fills the path's
 * `{placeholders}` (the state parameters from `params`, the others from the data, which then no
 * longer carries them), puts a GET's data in its query and a POST's in its JSON body (the
 * endpoint's `query` keys in the query string), and adds the bearer token of `as`. The answer is
 * the response itself, typed with the endpoint's response: `data(...)` and `envelope(...)`
 * (support/orders.ts, support/api.ts) read it without naming the type again.
 *
 * A test that deliberately sends what the contract does not allow (a wrong type, a missing field,
 * a raw string) says so with `malformed`, which takes any data and encodes it the same way.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TokenGrant } from '../../../types/api/auth'
import type { Endpoint, RequestOf, ResponseOf, StateParam, UploadEndpoint, UploadFields } from '../../../types/api/paths'
import { SEED_CHANNELS } from '../../../server/seed/placeholder-ids'
import { JPEG_BYTES, multipart } from './multipart'
import type { FilePart } from './multipart'
import type { TestApp } from './test-app'

/** The endpoint's response type, carried on the type of its response only. */
declare const ANSWER: unique symbol

/** An endpoint's HTTP response: status, headers and body, its envelope's data typed as the contract says. */
export type ApiResponse<Res> = LightMyRequestResponse & { readonly [ANSWER]?: Res }

/** The path parameters a call fills from the client's state, never from its data (StateParam). */
export type StateParams = Partial<Record<StateParam, string>>

export interface CallOptions {
  /** The session the call is made in: its bearer token. None: an anonymous call. */
  as?: TokenGrant
  /** State parameters of the path ({channel}, {uid}, …); {channel} is the bank channel's unless given. */
  params?: StateParams
  /** More request headers (a bearer token of `as` wins over an authorization header here). */
  headers?: Record<string, string>
  /** The caller's address (rate limits per address). */
  remoteAddress?: string
}

/** The data and options of a call: no data (or `undefined`) when the request is `void`, as callApi's CallArgs. */
export type ClientArgs<E> = [RequestOf<E>] extends [void]
  ? [data?: undefined, options?: CallOptions]
  : [data: RequestOf<E>, options?: CallOptions]

export interface ApiClient {
  /** The call, sent: the contract's request for the endpoint. */
  call<E extends Endpoint>(endpoint: E, ...args: ClientArgs<E>): Promise<ApiResponse<ResponseOf<E>>>
  /** The call's request as inject takes it, for helpers that send it more than once (login checks). */
  request<E extends Endpoint>(endpoint: E, ...args: ClientArgs<E>): InjectOptions
  /**
   * A request the contract does not allow, on purpose (wrong types, missing fields, a raw string
   * body): encoded as `call` would, without the type check. Anything but a plain object is sent
   * as the body (or not at all: `undefined`).
   */
  malformed<E extends Endpoint>(endpoint: E, data: unknown, options?: CallOptions): Promise<ApiResponse<ResponseOf<E>>>
  /** The InjectOptions of a `malformed` call. */
  malformedRequest(endpoint: Endpoint, data: unknown, options?: CallOptions): InjectOptions
  /** A multipart upload: the request's text fields, then the files (one JPEG in field "file" unless given). */
  upload<Fields extends UploadFields, Res>(
    endpoint: UploadEndpoint<Fields, Res>,
    fields: NoInfer<Fields>,
    files?: FilePart[],
    options?: CallOptions,
  ): Promise<ApiResponse<Res>>
  /** The InjectOptions of an upload. */
  uploadRequest<Fields extends UploadFields, Res>(endpoint: UploadEndpoint<Fields, Res>, fields: NoInfer<Fields>, files?: FilePart[], options?: CallOptions): InjectOptions
}

/** The default state: the bank channel, as the app's requests carry it on the bank's pages. */
const DEFAULT_STATE: StateParams = { channel: SEED_CHANNELS[0]!.channelId }

function isFields(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]'
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
}

function queryOf(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value === undefined ? [] : [[key, text(value)]])))
}

/**
 * The inject options of a call of `endpoint` with `data`, encoded as callApi and the app's request
 * client do: a POST's query keys go to the query string first (no data is left when they were all
 * of it), then the path's placeholders are filled, the state parameters from `params`, the others
 * from what is left of the data; a GET sends that rest as its query, a POST as its JSON body.
 */
export function contractRequest(endpoint: Endpoint, data: unknown, options: CallOptions = {}): InjectOptions {
  const headers = { ...options.headers, ...(options.as ? { authorization: `Bearer ${options.as.accessToken}` } : {}) }
  const request: InjectOptions = { method: endpoint.method, url: endpoint.path, headers }
  if (options.remoteAddress !== undefined) request.remoteAddress = options.remoteAddress
  let rest: Record<string, unknown> | undefined = isFields(data) ? { ...data } : undefined
  const inQuery = rest ? (endpoint.query ?? []).filter((key) => rest![key] !== undefined) : []
  if (rest && inQuery.length) {
    request.query = queryOf(Object.fromEntries(inQuery.map((key) => [key, rest![key]])))
    for (const key of inQuery) delete rest[key]
    if (!Object.keys(rest).length) rest = undefined
  }
  const state: Record<string, string | undefined> = { ...DEFAULT_STATE, ...options.params }
  request.url = endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const fromState = state[name]
    if (fromState !== undefined) return encodeURIComponent(fromState)
    const value = rest?.[name]
    if (value === undefined || value === null || value === '') throw new Error(`No value for {${name}} in ${endpoint.path}`)
    delete rest![name]
    return encodeURIComponent(text(value))
  })
  if (!isFields(data)) {
    // Not a payload: sent as it is (a raw string body), or nothing at all.
    if (data !== undefined) request.payload = data as InjectOptions['payload']
  } else if (endpoint.method === 'GET') {
    const query = queryOf(rest ?? {})
    if (Object.keys(query).length) request.query = query
  } else if (rest) {
    request.payload = rest
  }
  return request
}

/** The inject options of a multipart upload of `endpoint`. */
export function uploadRequest(endpoint: Endpoint, fields: UploadFields, files: FilePart[] = [{ content: JPEG_BYTES }], options: CallOptions = {}): InjectOptions {
  const body = multipart(fields, files)
  const request = contractRequest(endpoint, undefined, { ...options, headers: { ...options.headers, ...body.headers } })
  return { ...request, payload: body.payload }
}

/** A client of `test`'s app (read lazily: a suite's app is made afresh before each test). */
export function apiClient(test: TestApp | (() => TestApp)): ApiClient {
  const app = typeof test === 'function' ? test : () => test
  const send = <Res>(request: InjectOptions) => app().inject(request) as Promise<ApiResponse<Res>>
  return {
    call: (endpoint, ...[data, options]) => send(contractRequest(endpoint, data, options)),
    request: (endpoint, ...[data, options]) => contractRequest(endpoint, data, options),
    malformed: (endpoint, data, options) => send(contractRequest(endpoint, data, options)),
    malformedRequest: (endpoint, data, options) => contractRequest(endpoint, data, options),
    upload: (endpoint, fields, files, options) => send(uploadRequest(endpoint, fields, files, options)),
    uploadRequest: (endpoint, fields, files, options) => uploadRequest(endpoint, fields, files, options),
  }
}
