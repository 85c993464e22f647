/**
 * The network layer: the request client and the API functions over it. The app loads this module
 * with its first call (see create-app-services.ts), so none of it is in the entry page's first load.
 */
import { createApi } from '../services/api'
import type { Api, ApiOptions } from '../services/api'
import type { ChannelProfile } from '../config/channel'
import { createRequestClient } from '../services/request/client'
import type { RequestClient, RequestClientDeps } from '../services/request/client'

export interface Network {
  readonly client: RequestClient
  readonly api: Api
}

export function createNetwork(clientDeps: RequestClientDeps, channel: ChannelProfile, apiOptions: ApiOptions): Network {
  const client = createRequestClient(clientDeps)
  return { client, api: createApi(client, channel, apiOptions) }
}
