/**
 * Tracking: page views, clicks and exposures, batched and posted to the log endpoint with the
 * spec's header fields. A batch goes out at TRACKING_FLUSH_COUNT events, TRACKING_FLUSH_MS after
 * the first queued event, or when the page is hidden. A failed flush keeps its events for the
 * next one, up to MAX_QUEUED_EVENTS (the oldest are dropped first).
 */
import { APP_VERSION, TRACKING_FLUSH_COUNT, TRACKING_FLUSH_MS } from '../../domain/constants'
import type { TrackEvent, TrackEventType, TrackingHeader } from '../../../types/api/tracking'

export type { TrackEvent, TrackEventType, TrackingHeader }

export interface TrackingDeps {
  /** Posts one batch; rejects when it could not be delivered. */
  send(events: TrackEvent[], header: TrackingHeader): Promise<void>
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  app: string
  trackingId: string
  /** The logged-in person's uid; undefined before login (`send` puts in the visit's visitor id). */
  uid(): string | undefined
  /** The visit's ad click id (bd_vid), carried on every event so a conversion can be reported. */
  clickId(): string | undefined
  traceId(): string
  deviceInfo: string
}

export const MAX_QUEUED_EVENTS = 200

export interface Tracker {
  pageView(page: string): void
  click(page: string, target: string, extra?: TrackEvent['extra']): void
  exposure(page: string, target: string): void
  /** Sends what is queued now (page hide, app hide). */
  flush(): Promise<void>
  readonly queued: number
}

export function createTracker(deps: TrackingDeps): Tracker {
  let queue: TrackEvent[] = []
  let timer: unknown
  let sending: Promise<void> | undefined

  const header = (): TrackingHeader => ({
    app: deps.app,
    app_id: deps.trackingId,
    uid: deps.uid() ?? '',
    trace_id: deps.traceId(),
    device_info: deps.deviceInfo,
    app_version: APP_VERSION,
  })

  const cancelTimer = (): void => {
    if (timer !== undefined) deps.clearTimeout(timer)
    timer = undefined
  }

  const schedule = (): void => {
    timer ??= deps.setTimeout(() => {
      timer = undefined
      void flush()
    }, TRACKING_FLUSH_MS)
  }

  const flush = (): Promise<void> => {
    cancelTimer()
    if (sending || queue.length === 0) return sending ?? Promise.resolve()
    const batch = queue
    queue = []
    sending = deps.send(batch, header()).then(
      () => {
        sending = undefined
        // Events that arrived during the send go out on the usual rules.
        if (queue.length >= TRACKING_FLUSH_COUNT) void flush()
        else if (queue.length > 0) schedule()
      },
      () => {
        sending = undefined
        // Undelivered events wait for the next event or page hide (no retry loop against an
        // endpoint that is down), newest kept when the backlog is full.
        queue = [...batch, ...queue].slice(-MAX_QUEUED_EVENTS)
      },
    )
    return sending
  }

  const add = (event: Omit<TrackEvent, 'at' | 'bd_vid'>): void => {
    const clickId = deps.clickId()
    queue.push({ ...event, at: deps.now(), ...(clickId ? { bd_vid: clickId } : {}) })
    if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS)
    if (queue.length >= TRACKING_FLUSH_COUNT) void flush()
    else schedule()
  }

  return {
    pageView: (page) => add({ type: 'pageView', page }),
    click: (page, target, extra) => add(extra ? { type: 'click', page, target, extra } : { type: 'click', page, target }),
    exposure: (page, target) => add({ type: 'exposure', page, target }),
    flush,
    get queued() {
      return queue.length
    },
  }
}
