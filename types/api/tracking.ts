/** The tracking sink: batches of events with the spec's header fields. */

export type TrackEventType = 'pageView' | 'click' | 'exposure'

export interface TrackEvent {
  type: TrackEventType
  /** Route of the page the event happened on. */
  page: string
  /** What was clicked or seen, e.g. "pay-button" or "issuer-info". */
  target?: string
  at: number
  /** The visit's ad click id, when it arrived with one. */
  bd_vid?: string
  extra?: Record<string, string | number | boolean>
}

/** Sent as HTTP headers of every batch. */
export interface TrackingHeader {
  app: string
  app_id: string
  /**
   * The person's uid once logged in; before login (and after logout) the device's anonymous
   * trackuid ("T" and 24 hex digits, random, kept encrypted on the device: src/platform/tracking-uid.ts).
   */
  uid: string
  trace_id: string
  device_info: string
  app_version: string
}

export interface TrackingBatch {
  events: TrackEvent[]
}

/** The most events one batch may carry. */
export const MAX_TRACKING_BATCH = 200
