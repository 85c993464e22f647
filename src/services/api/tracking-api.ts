/** The tracker's sink: one POST per batch, the spec's fields as headers. */
import { API } from '../../../types/api/paths'
import type { TrackEvent, TrackingHeader } from '../../../types/api/tracking'
import type { RequestClient } from '../request/client'
import { callApi } from './call'

export function createTrackingSend(client: RequestClient) {
  return async (events: TrackEvent[], header: TrackingHeader): Promise<void> => {
    await callApi(client, API.trackingEvents, { events }, { silent: true, header: { ...header } })
  }
}
