/**
 * The tracking sink: public, since page views happen before login.
 *
 * A device first asks for a visit (POST /log/v1/visit) with its trackuid, device info and click
 * id, and gets its visitor id and a signed visit token (server/tracking/visit-tokens.ts). Every
 * batch then carries the token as the `visit_token` header beside the spec's header fields (app,
 * app_id, uid, trace_id, device_info, app_version), and is refused whole (400, nothing stored)
 * unless the token is genuine and unexpired, the device info is the visit's, the uid is the
 * visit's visitor id or the uid of the session the batch carries, and every click id is the
 * visit's. So a stranger can post events under no one's identity but their own: no ad conversion
 * can be credited to someone else's visit or order. Refusing rather than stripping keeps the rule
 * one of the batch: one bad event refuses it, as malformed input does.
 *
 * A batch holds at most MAX_TRACKING_BATCH events within TRACKING_BODY_LIMIT bytes, every field
 * capped (TRACKING_LIMITS), and is stored with one bulk insert, the header fields repeated on each
 * row. Batches and visits have per-IP limits tighter than the global one (config.tracking): the
 * app sends a batch per 10 events or 2 s and one visit per launch, so a client far above that is
 * not the app. The maintenance sweep deletes events after config.tracking.retentionDays.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CLICK_ID } from '../../src/domain/attribution'
import { API } from '../../types/api/paths'
import { MAX_TRACKING_BATCH, TRACK_UID_PATTERN } from '../../types/api/tracking'
import type { TrackEventType } from '../../types/api/tracking'
import { findSessionUser } from '../auth/sessions'
import type { Config } from '../config'
import { currentKeyProvider } from '../crypto/configured-keys'
import { trackingEvents } from '../db/schema'
import { bearerToken } from '../http/auth-hook'
import { ApiError, ok } from '../http/envelope'
import { RATE_LIMIT_WINDOW_MS } from '../http/security'
import { text } from '../http/text'
import { deriveVisitKeys, deviceHash, openVisit, signVisit, visitExpiresAt, visitorId } from '../tracking/visit-tokens'
import type { VisitKeys } from '../tracking/visit-tokens'
import type { RouteContext, RouteGroup } from './context'
import { contractRoutes } from './contract-route'

export const TRACK_EVENT_TYPES = ['pageView', 'click', 'exposure'] as const satisfies readonly TrackEventType[]

/** The longest text of each field: generous for what the app sends (routes, button names, a user agent). */
export const TRACKING_LIMITS = {
  app: 64,
  appId: 64,
  uid: 64,
  traceId: 64,
  appVersion: 32,
  deviceInfo: 512,
  visitToken: 512,
  page: 128,
  target: 64,
  extraKey: 32,
  extraText: 128,
  extraEntries: 10,
} as const

/**
 * The largest batch body. The app's events weigh about 250 bytes each, so a full batch of
 * MAX_TRACKING_BATCH fits with room to spare; the field limits cap one event, this the batch.
 */
export const TRACKING_BODY_LIMIT = 128 * 1024
/** The largest visit body: three short fields. */
export const TRACKING_VISIT_BODY_LIMIT = 4 * 1024

export const TRACKING_MESSAGE = {
  invalidVisit: '参数 visit_token 无效或已过期，请重新获取访问凭证',
  foreignDevice: '参数 device_info 与访问凭证不符',
  foreignUid: '参数 uid 与访问凭证不符',
  foreignClickId: (index: number) => `参数 events.${index}.bd_vid 与访问凭证不符`,
} as const

/** A route limit of the tracking sink: per IP per minute, as configured. */
export function trackingRateLimit(config: Pick<Config, 'tracking'>, kind: 'batchesPerMinute' | 'visitsPerMinute'): { max: number; timeWindow: number } {
  return { max: config.tracking[kind], timeWindow: RATE_LIMIT_WINDOW_MS }
}

const headerField = (max: number) => text(max).default('')
const clickId = z.string().regex(CLICK_ID, '参数 bd_vid 格式不正确')

/** The header fields; other headers of the request are no concern here. */
const TrackingHeaders = z.object({
  app: headerField(TRACKING_LIMITS.app),
  app_id: headerField(TRACKING_LIMITS.appId),
  uid: text(TRACKING_LIMITS.uid, { min: 1 }),
  trace_id: headerField(TRACKING_LIMITS.traceId),
  device_info: headerField(TRACKING_LIMITS.deviceInfo),
  app_version: headerField(TRACKING_LIMITS.appVersion),
  visit_token: text(TRACKING_LIMITS.visitToken, { min: 1 }),
})

const TrackEventSchema = z.strictObject({
  type: z.enum(TRACK_EVENT_TYPES),
  page: text(TRACKING_LIMITS.page, { min: 1 }),
  target: text(TRACKING_LIMITS.target).optional(),
  at: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  bd_vid: clickId.optional(),
  extra: z
    .record(text(TRACKING_LIMITS.extraKey), z.union([text(TRACKING_LIMITS.extraText), z.number(), z.boolean()]))
    .refine((extra) => Object.keys(extra).length <= TRACKING_LIMITS.extraEntries, `参数 extra 最多${TRACKING_LIMITS.extraEntries}项`)
    .optional(),
})

const TrackingBody = z.strictObject({ events: z.array(TrackEventSchema).min(1).max(MAX_TRACKING_BATCH) })

const VisitBody = z.strictObject({
  trackuid: z.string().regex(TRACK_UID_PATTERN, '参数 trackuid 格式不正确'),
  device_info: text(TRACKING_LIMITS.deviceInfo),
  bd_vid: clickId.optional(),
})

/** The visit keys, from the blind-index key of the app's key provider (a KMS's, else the configured data key's). */
function visitKeysOf(context: Pick<RouteContext, 'keys' | 'config'>): VisitKeys {
  return deriveVisitKeys(currentKeyProvider(context.config, context.keys).indexKey())
}

export const trackingRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)
  const keys = visitKeysOf(context)

  /** Whether the request carries a live session of the user `uid` (a logged-in batch is bound to its person). */
  const isSessionOf = async (request: FastifyRequest, uid: string, now: Date): Promise<boolean> => {
    const token = bearerToken(request)
    if (token === undefined) return false
    return (await findSessionUser(context.db, token, now))?.uid === uid
  }

  route(API.trackingVisit, {
    config: { rateLimit: trackingRateLimit(context.config, 'visitsPerMinute') },
    bodyLimit: TRACKING_VISIT_BODY_LIMIT,
    body: VisitBody,
    handler: async ({ body }) => {
      const issuedAt = context.clock.now().getTime()
      const uid = visitorId(keys, body.trackuid)
      const token = signVisit(keys, { uid, issuedAt, deviceHash: deviceHash(body.device_info), clickId: body.bd_vid })
      return ok({ uid, visit_token: token, expires_at: visitExpiresAt(issuedAt) })
    },
  })

  route(API.trackingEvents, {
    config: { rateLimit: trackingRateLimit(context.config, 'batchesPerMinute') },
    bodyLimit: TRACKING_BODY_LIMIT,
    headers: TrackingHeaders,
    body: TrackingBody,
    handler: async ({ request, headers: header, body: { events } }) => {
      const receivedAt = context.clock.now()
      const visit = openVisit(keys, header.visit_token, receivedAt)
      if (!visit) throw ApiError.badRequest(TRACKING_MESSAGE.invalidVisit)
      if (deviceHash(header.device_info) !== visit.deviceHash) throw ApiError.badRequest(TRACKING_MESSAGE.foreignDevice)
      if (header.uid !== visit.uid && !(await isSessionOf(request, header.uid, receivedAt))) throw ApiError.badRequest(TRACKING_MESSAGE.foreignUid)
      const foreignClick = events.findIndex((event) => event.bd_vid !== undefined && event.bd_vid !== visit.clickId)
      if (foreignClick >= 0) throw ApiError.badRequest(TRACKING_MESSAGE.foreignClickId(foreignClick))
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
