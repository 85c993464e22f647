/**
 * The tracking sink: batches of events with the spec's header fields, sent under a visit the
 * server signed (POST of the visit first, then its token on every batch), so nobody can post
 * events under another person's uid or click id.
 */

export type TrackEventType = 'pageView' | 'click' | 'exposure'

export interface TrackEvent {
  type: TrackEventType
  /** Route of the page the event happened on. */
  page: string
  /** What was clicked or seen, e.g. "pay-button" or "issuer-info". */
  target?: string
  at: number
  /** The visit's ad click id, when it arrived with one: the one its visit token was signed for. */
  bd_vid?: string
  extra?: Record<string, string | number | boolean>
}

/** Sent as HTTP headers of every batch. */
export interface TrackingHeader {
  app: string
  app_id: string
  /**
   * The person's uid once logged in (the batch then carries the person's session); before login
   * (and after logout) the visit's anonymous visitor id (TrackingVisit.uid).
   */
  uid: string
  trace_id: string
  device_info: string
  app_version: string
}

/** A batch's headers as sent: the spec's fields and the visit's signed token. */
export interface SignedTrackingHeader extends TrackingHeader {
  visit_token: string
}

export interface TrackingBatch {
  events: TrackEvent[]
}

/**
 * POST of a visit (not in the spec), before the first batch: the device proves itself with its
 * trackuid, which the server never stores or answers; the token binds the visitor id, the device
 * info and the click id the visit arrived with.
 */
export interface TrackingVisitRequest {
  /** The device's random trackuid (TRACK_UID_PATTERN), kept encrypted on the device. */
  trackuid: string
  device_info: string
  bd_vid?: string
}

export interface TrackingVisit {
  /** The anonymous visitor id (VISITOR_ID_PATTERN): the same for one trackuid, made by the server. */
  uid: string
  /** Sent as the `visit_token` header of every batch until it expires. */
  visit_token: string
  /** When the token stops being accepted (ms since the epoch, the server's clock). */
  expires_at: number
}

/** The most events one batch may carry. */
export const MAX_TRACKING_BATCH = 200

/** A trackuid: "T" and 24 hex digits, random, made by the device. */
export const TRACK_UID_PATTERN = /^T[0-9a-f]{24}$/

/** A visitor id: "V" and 24 hex digits, apart from trackuids and the server's user uids ("U…"). */
export const VISITOR_ID_PATTERN = /^V[0-9a-f]{24}$/
