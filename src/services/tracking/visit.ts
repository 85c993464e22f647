/**
 * Batches go out under a visit the server signed (types/api/tracking.ts): before the first batch,
 * and again when the device info or the click id changes or the token is about to expire, the
 * device asks for one with its trackuid. A batch then carries the visit's token, and the visit's
 * visitor id where the uid goes when nobody is logged in. A batch the server refuses (400) drops
 * the visit, so a token it no longer takes (expired early by a wrong clock, a changed server key)
 * is replaced by the next batch rather than refused again; a batch lost to the network keeps it.
 */
import type { SignedTrackingHeader, TrackEvent, TrackingHeader, TrackingVisit, TrackingVisitRequest } from '../../../types/api/tracking'
import { RequestError } from '../request/errors'

export interface VisitDeps {
  /** Asks the server for a signed visit. */
  open(request: TrackingVisitRequest): Promise<TrackingVisit>
  /** Posts one batch; rejects when it could not be delivered. */
  post(events: TrackEvent[], header: SignedTrackingHeader): Promise<void>
  /** The device's trackuid (src/platform/tracking-uid.ts). */
  trackUid(): string
  now(): number
}

/** A visit is renewed this long before its token expires, so no batch leaves with a dying one. */
export const VISIT_RENEW_MARGIN_MS = 60_000

interface HeldVisit {
  readonly visit: TrackingVisit
  readonly trackUid: string
  readonly deviceInfo: string
  readonly clickId: string | undefined
}

function isVisit(value: unknown): value is TrackingVisit {
  if (typeof value !== 'object' || value === null) return false
  const visit = value as Partial<Record<keyof TrackingVisit, unknown>>
  return typeof visit.uid === 'string' && typeof visit.visit_token === 'string' && typeof visit.expires_at === 'number'
}

/** The tracker's `send`: each batch under a signed visit. */
export function createVisitSend(deps: VisitDeps): (events: TrackEvent[], header: TrackingHeader) => Promise<void> {
  let held: HeldVisit | undefined

  const visitFor = async (deviceInfo: string, clickId: string | undefined): Promise<TrackingVisit> => {
    // Read each time: once the app's data is cleared, the new trackuid is a new visitor.
    const trackUid = deps.trackUid()
    // Events without a click id fit any visit; one with a click id only the visit signed for it.
    const fits = held && held.trackUid === trackUid && held.deviceInfo === deviceInfo && (clickId === undefined || held.clickId === clickId)
    if (held && fits && deps.now() < held.visit.expires_at - VISIT_RENEW_MARGIN_MS) return held.visit
    const visit: unknown = await deps.open({ trackuid: trackUid, device_info: deviceInfo, ...(clickId ? { bd_vid: clickId } : {}) })
    if (!isVisit(visit)) throw new Error('The tracking visit answer is malformed')
    held = { visit, trackUid, deviceInfo, clickId }
    return visit
  }

  return async (events, header) => {
    const visit = await visitFor(header.device_info, events.find((event) => event.bd_vid !== undefined)?.bd_vid)
    try {
      await deps.post(events, { ...header, uid: header.uid || visit.uid, visit_token: visit.visit_token })
    } catch (error) {
      if (error instanceof RequestError && error.kind === 'badRequest') held = undefined
      throw error
    }
  }
}
