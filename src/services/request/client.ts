/**
 * The request client every API function goes through: Bearer token, path templates, body
 * encoding, timeouts, sharing of identical calls, login before calls that need it, and the error
 * catalogue (a toast for errors, unless the caller shows them itself, and one dialog for an
 * expired login). Calls are never retried: a repeated POST could submit twice.
 */
import { DEDUPE_WINDOW_MS, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../../domain/constants'
import { assertPayload, encodeCall, fillPath } from './encode'
import type { CallData, ContentType } from './encode'
import { DECODE_FAILURE_CLIENT_CODE, MESSAGES, RequestError, clientCodeError, httpError, serverMessage, transportError } from './errors'
import { createLoginGate } from './login-gate'
import { TransportFailure } from './transport'
import type { Clock, Method, RequestUi, Session, Transport, TransportResponse } from './transport'

export interface CallOptions {
  /** Path relative to the API base, with `{placeholders}`. */
  url: string
  method?: Method
  data?: CallData
  contentType?: ContentType
  /** A call that works without a login (the login calls themselves, public configuration). */
  notNeedLogin?: boolean
  /**
   * A channel-level call: the channel's promoter login is enough. Every other call that needs a
   * login needs the person's own (the promoter login identifies the channel, not a person).
   */
  channelLevel?: boolean
  /** The caller shows the error itself: no toast (the 401 dialog and the login page stay). */
  silent?: boolean
  /**
   * A 401 is this call's own answer, not an expired login to recover from (logging out a session
   * the server already ended): no dialog, no new login.
   */
  quietUnauthorized?: boolean
  /**
   * Ask the server again even when an identical call is in flight or just finished: the user
   * pulled to refresh or tapped retry. Later identical calls share this new answer.
   */
  fresh?: boolean
  timeoutMs?: number
  /** Extra request headers (the tracking batch's fields). */
  header?: Record<string, string>
}

/** What a store passes down when the user asked for fresh data (pull to refresh, retry). */
export type FetchOptions = Pick<CallOptions, 'fresh'>

/** The path values taken from state rather than from a call's data. */
export interface PathState {
  channel: string
  sourceChannel: string
}

export interface RequestClientDeps {
  baseUrl: string
  /**
   * The host's network calls, asked for by every call: the app's one lazy-loading boundary on the
   * way to the network (Taro's request, upload and download load with the first call, not with
   * the app). A loader that fails rejects the call as a network error; the next call asks again.
   */
  loadTransport: () => Promise<Transport>
  session: Session
  ui: RequestUi
  clock: Clock
  pathState: PathState
}

export interface UploadOptions {
  url: string
  filePath: string
  /** Form field name of the file; "file" by default. */
  name?: string
  formData?: Record<string, string>
  silent?: boolean
  /** Told how much of the file has gone out, in percent. */
  onProgress?: (percent: number) => void
}

export interface RequestClient {
  /** Resolves with the response body; rejects with a RequestError. */
  call<T>(options: CallOptions): Promise<T>
  /** A multipart upload (60 s timeout); resolves with the parsed response body. */
  upload<T>(options: UploadOptions): Promise<T>
  /** A GET of a file; resolves with its local path or blob URL. */
  download(options: { url: string; silent?: boolean }): Promise<string>
  /** Forgets shared calls and the pending login (on logout). */
  reset(): void
}

const OK_BUSINESS_CODE = 200

interface SharedCall {
  promise: Promise<unknown>
  finishedAt?: number
}

/**
 * The body of a successful answer as JSON: a transport that could not parse it hands over the
 * raw text (mini-programs) or nothing (H5), and a body that is not JSON is a decode failure
 * (client code 14's message), never an answer the stores would trip over.
 */
function decodedBody(data: unknown): { ok: true; body: unknown } | { ok: false } {
  if (data === null || data === undefined) return { ok: false }
  if (typeof data !== 'string') return { ok: true, body: data }
  try {
    return { ok: true, body: JSON.parse(data) as unknown }
  } catch {
    return { ok: false }
  }
}

/**
 * The error of a call that got no response: the catalogue's entry for the client code the host
 * named (a timeout, a domain off the white list, …), else the transport's failure.
 */
function failureError(error: unknown, transfer: boolean): RequestError {
  if (!(error instanceof TransportFailure)) return transportError('network', transfer)
  const coded = error.clientCode === undefined ? undefined : clientCodeError(error.clientCode)
  return coded ?? transportError(error.kind, transfer)
}

function businessCode(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined
  const code = Number((body as { code: unknown }).code)
  return Number.isFinite(code) ? code : undefined
}

export function createRequestClient(deps: RequestClientDeps): RequestClient {
  const { loadTransport, session, ui, clock, pathState } = deps
  const gate = createLoginGate(session, ui)
  const shared = new Map<string, SharedCall>()

  const fail = (error: RequestError, silent: boolean | undefined): never => {
    if (!silent && error.kind !== 'unauthorized') ui.toast(error.message)
    throw error
  }

  const interpret = (response: TransportResponse, silent: boolean | undefined, quietUnauthorized = false): unknown => {
    if (response.statusCode === 401) {
      if (!quietUnauthorized) gate.onUnauthorized()
      throw httpError(401, response.data)
    }
    if (response.statusCode >= 400) return fail(httpError(response.statusCode, response.data), silent)
    const code = businessCode(response.data)
    if (code !== undefined && code !== OK_BUSINESS_CODE) {
      return fail(new RequestError('business', serverMessage(response.data) ?? MESSAGES.unknown, code, response.data), silent)
    }
    return response.data
  }

  /**
   * Runs a check of the call itself (its payload is an object, its path placeholders have values):
   * a mistake there is reported like any failure, and nothing is sent.
   */
  const checked = <R>(silent: boolean | undefined, check: () => R): R => {
    try {
      return check()
    } catch (error) {
      if (error instanceof RequestError) return fail(error, silent)
      throw error
    }
  }

  const authHeader = (): Record<string, string> => {
    const token = session.token()
    return token ? { Authorization: `Bearer ${token}` } : {}
  }

  const transfer = async <R>(silent: boolean | undefined, run: () => Promise<R>): Promise<R> => {
    try {
      return await run()
    } catch (error) {
      return fail(failureError(error, true), silent)
    }
  }

  const send = async (options: CallOptions, method: Method, url: string, body: string | undefined, contentType?: string) => {
    const header = { ...options.header, ...authHeader() }
    if (contentType) header['Content-Type'] = contentType
    let response: TransportResponse
    try {
      const transport = await loadTransport()
      response = await transport.request({
        url: `${deps.baseUrl}${url}`,
        method,
        header,
        body,
        timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      })
    } catch (error) {
      return fail(failureError(error, false), options.silent)
    }
    if (response.statusCode < 400) {
      const decoded = decodedBody(response.data)
      if (!decoded.ok) return fail(new RequestError('decodeFailure', MESSAGES.decodeFailure, DECODE_FAILURE_CLIENT_CODE), options.silent)
      return interpret({ ...response, data: decoded.body }, options.silent, options.quietUnauthorized)
    }
    return interpret(response, options.silent, options.quietUnauthorized)
  }

  return {
    async call<T>(options: CallOptions): Promise<T> {
      checked(options.silent, () => assertPayload(options.data))
      if (!options.notNeedLogin) await gate.ensureLoggedIn(options.channelLevel ? 'channel' : 'person')
      const method = options.method ?? 'GET'
      const state = { channel: pathState.channel, sourceChannel: pathState.sourceChannel, uid: session.uid() }
      const { path, rest } = checked(options.silent, () => fillPath(options.url, state, options.data))
      const encoded = encodeCall(method, path, rest, options.contentType)
      const key = JSON.stringify([method, encoded.url, encoded.body ?? '', session.uid() ?? '', options.header ?? {}])
      const now = clock.now()
      for (const [otherKey, other] of shared) {
        if (other.finishedAt !== undefined && now - other.finishedAt >= DEDUPE_WINDOW_MS) shared.delete(otherKey)
      }
      const existing = options.fresh ? undefined : shared.get(key)
      if (existing) return existing.promise as Promise<T>
      const entry: SharedCall = {
        promise: send(options, method, encoded.url, encoded.body, encoded.contentType).then(
          (body) => {
            entry.finishedAt = clock.now()
            return body
          },
          (error: unknown) => {
            // Errors are never shared with later calls.
            if (shared.get(key) === entry) shared.delete(key)
            throw error
          },
        ),
      }
      shared.set(key, entry)
      return entry.promise as Promise<T>
    },
    async upload<T>(options: UploadOptions): Promise<T> {
      checked(options.silent, () => assertPayload(options.formData))
      await gate.ensureLoggedIn('person')
      const state = { channel: pathState.channel, sourceChannel: pathState.sourceChannel, uid: session.uid() }
      const { path } = checked(options.silent, () => fillPath(options.url, state))
      const response = await transfer(options.silent, async () =>
        (await loadTransport()).upload({
          url: `${deps.baseUrl}${path}`,
          header: authHeader(),
          filePath: options.filePath,
          name: options.name ?? 'file',
          formData: options.formData ?? {},
          timeoutMs: UPLOAD_TIMEOUT_MS,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        }),
      )
      let data: unknown = response.data
      if (typeof response.data === 'string' && response.data !== '') {
        try {
          data = JSON.parse(response.data)
        } catch {
          if (response.statusCode < 400) {
            return fail(new RequestError('decodeFailure', MESSAGES.decodeFailure), options.silent)
          }
        }
      }
      return interpret({ statusCode: response.statusCode, data, header: {} }, options.silent) as T
    },
    async download(options) {
      await gate.ensureLoggedIn('person')
      const response = await transfer(options.silent, async () =>
        (await loadTransport()).download({ url: `${deps.baseUrl}${options.url}`, header: authHeader(), timeoutMs: REQUEST_TIMEOUT_MS }),
      )
      interpret({ statusCode: response.statusCode, data: undefined, header: {} }, options.silent)
      return response.tempFilePath
    },
    reset() {
      shared.clear()
      gate.reset()
    },
  }
}
