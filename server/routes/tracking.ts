/**
 * The tracking sink: public, since page views happen before login. A batch of at most
 * MAX_TRACKING_BATCH events arrives with the spec's header fields (app, app_id, uid, trace_id,
 * device_info, app_version), is validated whole (one bad event refuses the batch, nothing is
 * stored) and stored with one bulk insert, the header fields repeated on each row. Its per-IP
 * limit is tighter than the global one: the app sends a batch per 10 events or 2 s, so a client
 * far above that is not the app.
 */
import { z } from 'zod'
import { CLICK_ID } from '../../src/domain/attribution'
import { API } from '../../types/api/paths'
import { MAX_TRACKING_BATCH } from '../../types/api/tracking'
import type { TrackEventType } from '../../types/api/tracking'
import { trackingEvents } from '../db/schema'
import { ok } from '../http/envelope'
import { text } from '../http/text'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

/** Batches per IP per minute. */
export const TRACKING_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const

export const TRACK_EVENT_TYPES = ['pageView', 'click', 'exposure'] as const satisfies readonly TrackEventType[]

const TRACKING_LIMITS = {
  header: 128,
  deviceInfo: 1024,
  page: 256,
  target: 128,
  extraKey: 64,
  extraText: 256,
  extraEntries: 20,
} as const

const headerField = (max: number) => text(max).default('')

/** The header fields; other headers of the request are no concern here. */
const TrackingHeaders = z.object({
  app: headerField(TRACKING_LIMITS.header),
  app_id: headerField(TRACKING_LIMITS.header),
  uid: headerField(TRACKING_LIMITS.header),
  trace_id: headerField(TRACKING_LIMITS.header),
  device_info: headerField(TRACKING_LIMITS.deviceInfo),
  app_version: headerField(TRACKING_LIMITS.header),
})

const TrackEventSchema = z.strictObject({
  type: z.enum(TRACK_EVENT_TYPES),
  page: text(TRACKING_LIMITS.page, { min: 1 }),
  target: text(TRACKING_LIMITS.target).optional(),
  at: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  bd_vid: z.string().regex(CLICK_ID, '参数 bd_vid 格式不正确').optional(),
  extra: z
    .record(text(TRACKING_LIMITS.extraKey), z.union([text(TRACKING_LIMITS.extraText), z.number(), z.boolean()]))
    .refine((extra) => Object.keys(extra).length <= TRACKING_LIMITS.extraEntries, `参数 extra 最多${TRACKING_LIMITS.extraEntries}项`)
    .optional(),
})

const TrackingBody = z.strictObject({ events: z.array(TrackEventSchema).min(1).max(MAX_TRACKING_BATCH) })

export const trackingRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)

  route(API.trackingEvents, {
    config: { rateLimit: TRACKING_RATE_LIMIT },
    headers: TrackingHeaders,
    body: TrackingBody,
    handler: async ({ headers: header, body: { events } }) => {
      const receivedAt = context.clock.now()
      await context.db.insert(trackingEvents).values(
        events.map((event) => ({
          app: header.app,
          appId: header.app_id,
          uid: header.uid,
          traceId: header.trace_id,
          deviceInfo: header.device_info,
          appVersion: header.app_version,
          event,
          receivedAt,
        })),
      )
      return ok(null)
    },
  })
}
