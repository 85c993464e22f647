/** One typed call of the contract: the endpoint's method and path, the envelope's data back. */
import type { Endpoint } from '../../../types/api/paths'
import type { Envelope } from '../../../types/api/envelope'
import type { CallData } from '../request/encode'
import type { CallOptions, RequestClient } from '../request/client'

export type CallExtras = Pick<CallOptions, 'silent' | 'header' | 'contentType' | 'fresh'>

export async function callApi<T>(client: RequestClient, endpoint: Endpoint, data?: object, extras: CallExtras = {}): Promise<T> {
  const envelope = await client.call<Envelope<T>>({
    url: endpoint.path,
    method: endpoint.method,
    // Contract types are plain objects; the client's data is their structural supertype.
    data: data as CallData | undefined,
    ...(endpoint.public ? { notNeedLogin: true } : {}),
    ...(endpoint.channel ? { channelLevel: true } : {}),
    ...extras,
  })
  return envelope.data
}

/** A path with a query string, for the POST calls whose parameters the spec puts in the query. */
export function withQuery(endpoint: Endpoint, query: Record<string, string>): Endpoint {
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
  return { ...endpoint, path: `${endpoint.path}?${search}` }
}
