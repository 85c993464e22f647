/** The tracking sink as the app calls it: a signed visit, then batches under its token. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { API } from '../../../types/api/paths'
import { DAY_MS } from '../../../src/domain/constants'
import { DEFAULTS } from '../../../server/config'
import type { SignedTrackingHeader, TrackEvent, TrackingHeader, TrackingVisit, TrackingVisitRequest } from '../../../types/api/tracking'
import { envelope } from './api'
import type { TestApp } from './test-app'

export const TRACK_UID = 'T0123456789abcdef01234567'
export const OTHER_TRACK_UID = 'Tfedcba9876543210fedcba98'
export const CLICK = 'bd.1186849746'
/** How long an event is kept unless configured otherwise. */
export const DEFAULT_RETENTION_MS = DEFAULTS.trackingRetentionDays * DAY_MS

/** The spec's header fields of the app's batches; the uid comes from the visit. */
export const HEADER: Omit<TrackingHeader, 'uid'> = {
  app: 'etc-apply',
  app_id: 'PLACEHOLDER_BANK_TRACKING',
  trace_id: 'trace-1',
  device_info: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  app_version: '1.0.0',
}

export const VISIT_REQUEST: TrackingVisitRequest = { trackuid: TRACK_UID, device_info: HEADER.device_info, bd_vid: CLICK }

export const EVENTS: TrackEvent[] = [
  { type: 'pageView', page: '/apply/basic', at: 1_772_352_000_000 },
  { type: 'click', page: '/apply/basic', target: 'pay-button', at: 1_772_352_000_500, extra: { price: 2990, vip: false, from: 'banner' } },
  { type: 'exposure', page: '/apply/pay', target: 'issuer-info', at: 1_772_352_001_000, bd_vid: CLICK },
]

export function requestVisit(test: TestApp, body: unknown = VISIT_REQUEST, extra: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
  return test.inject({ method: 'POST', url: API.trackingVisit.path, payload: body as object, ...extra })
}

/** A visit for `request` (the app's device and click id by default). */
export async function openVisit(test: TestApp, request: Partial<TrackingVisitRequest> = {}): Promise<TrackingVisit> {
  const response = await requestVisit(test, { ...VISIT_REQUEST, ...request })
  const body = envelope<TrackingVisit>(response)
  if (response.statusCode !== 200 || body.code !== 200) throw new Error(`Visit failed: HTTP ${response.statusCode} ${JSON.stringify(body)}`)
  return body.data
}

/** A batch's headers under `visit`: the app's fields, the visit's uid and token. */
export function signedHeader(visit: TrackingVisit, overrides: Partial<SignedTrackingHeader> = {}): Record<string, string> {
  return { ...HEADER, uid: visit.uid, visit_token: visit.visit_token, ...overrides }
}

export function sendBatch(test: TestApp, payload: unknown, headers: Record<string, string>, extra: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
  return test.inject({ method: 'POST', url: API.trackingEvents.path, payload: payload as object, headers, ...extra })
}
