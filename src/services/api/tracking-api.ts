/** The tracker's sink: a signed visit first, then one POST per batch, the spec's fields as headers. */
import { API } from '../../../types/api/paths'
import type { SignedTrackingHeader, TrackEvent, TrackingVisit, TrackingVisitRequest } from '../../../types/api/tracking'
import type { RequestClient } from '../request/client'
import { callApi, nothing } from './call'

export function createTrackingSend(client: RequestClient) {
  return (events: TrackEvent[], header: SignedTrackingHeader): Promise<void> =>
    callApi(client, API.trackingEvents, { events }, { silent: true, header: { ...header } }).then(nothing)
}

/** Always asked anew (`fresh`): a visit replacing one the server refused must be a new one, not a shared answer. */
export function createTrackingVisit(client: RequestClient) {
  return (request: TrackingVisitRequest): Promise<TrackingVisit> => callApi(client, API.trackingVisit, request, { silent: true, fresh: true })
}
