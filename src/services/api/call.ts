/**
 * One typed call of the contract (types/api/paths.ts): the endpoint's method and path, its request
 * type for the data and its response type for the envelope's data, both taken from the endpoint.
 */
import type { Envelope } from '../../../types/api/envelope'
import type { Endpoint, RequestOf, ResponseOf, UploadEndpoint, UploadFields } from '../../../types/api/paths'
import { isPayload } from '../request/encode'
import type { CallData } from '../request/encode'
import type { CallOptions, RequestClient, UploadOptions } from '../request/client'

export type CallExtras = Pick<CallOptions, 'silent' | 'header' | 'contentType' | 'fresh' | 'notNeedLogin' | 'quietUnauthorized'>

/** What an upload may add to its endpoint, fields and file. */
export type UploadExtras = Pick<UploadOptions, 'silent' | 'onProgress'>

/**
 * The extras of a call whose every caller shows its failure on the screen (inline, or by the
 * action's own toast): the request layer does not toast it as well, so a failure is reported
 * once. The caller still gets the RequestError, with its catalogue kind and message. An expired
 * login keeps its dialog, and a failed login its way to the login page: they lead to a new login.
 */
export const SHOWN_BY_SCREEN = { silent: true } as const satisfies CallExtras & UploadExtras

/** The data and extras of a call: no data (or `undefined`) when the request is `void`. */
export type CallArgs<E> = [RequestOf<E>] extends [void]
  ? [data?: undefined, extras?: CallExtras]
  : [data: RequestOf<E>, extras?: CallExtras]

/** The endpoint's path with the request fields the spec puts in a POST's query string, and the rest of the data. */
function splitQuery(endpoint: Endpoint, data: CallData | undefined): { url: string; data: CallData | undefined } {
  const keys = endpoint.query ?? []
  // Data that is no payload goes to the client untouched, which refuses it (assertPayload).
  if (!isPayload(data) || keys.length === 0) return { url: endpoint.path, data }
  const rest: CallData = { ...data }
  const search = keys
    .filter((key) => rest[key] !== undefined)
    .map((key) => {
      const value = String(rest[key])
      delete rest[key]
      return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`
    })
    .join('&')
  return { url: search ? `${endpoint.path}?${search}` : endpoint.path, data: Object.keys(rest).length ? rest : undefined }
}

/** Ends a chain whose answer nobody reads. */
export const nothing = (): void => undefined

// The two calls below are chains, not async functions, which the mini-programs' builds turn into
// larger state machines; the executor runs at once and turns a throw into the rejection.

export function callApi<E extends Endpoint>(client: RequestClient, endpoint: E, ...[data, extras = {}]: CallArgs<E>): Promise<ResponseOf<E>> {
  return new Promise<Envelope<ResponseOf<E>>>((resolve) => {
    // Contract request types are plain objects; the client's data is their structural supertype.
    const call = splitQuery(endpoint, data as CallData | undefined)
    resolve(
      client.call<Envelope<ResponseOf<E>>>({
        url: call.url,
        method: endpoint.method,
        data: call.data,
        ...(endpoint.public ? { notNeedLogin: true } : {}),
        ...(endpoint.channel ? { channelLevel: true } : {}),
        ...extras,
      }),
    )
  }).then((envelope) => envelope.data)
}

/** A multipart upload of the contract: the file at `filePath` and the request's text fields. */
export function uploadApi<Fields extends UploadFields, Res>(
  client: RequestClient,
  endpoint: UploadEndpoint<Fields, Res>,
  fields: NoInfer<Fields>,
  filePath: string,
  extras: UploadExtras = {},
): Promise<Res> {
  return new Promise<Envelope<Res>>((resolve) => resolve(client.upload<Envelope<Res>>({ url: endpoint.path, filePath, formData: fields, ...extras }))).then(
    (envelope) => envelope.data,
  )
}
