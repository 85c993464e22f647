/**
 * Signed visits of the tracking sink, so a stranger cannot post events (and with them ad
 * conversions) under somebody else's uid, device or click id.
 *
 * - The device proves itself with its random trackuid (src/platform/tracking-uid.ts). The server
 *   answers the visitor id it derives from it with an HMAC: the same id for the same device, an id
 *   nobody can pick (so nobody can take another's), and one that does not reveal the trackuid.
 * - The visit token binds that visitor id, the device info (as a hash) and the click id the visit
 *   arrived with, and is signed with an HMAC key only the server holds. A batch is accepted only
 *   under a token whose signature holds and which has not expired (server/routes/tracking.ts).
 *
 * Both keys are derived with HKDF from the blind-index key of the data at rest, so no new secret
 * is configured: a data key rotation changes the visitor ids, and the app simply asks again.
 *
 * Token: `v1.<visitor id>.<issued at, base 36 ms>.<device hash>.<click id, base64url>.<mac>`, the
 * MAC (HMAC-SHA256, base64url) over everything before its dot.
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { CLICK_ID } from '../../src/domain/attribution'
import { DAY_MS } from '../../src/domain/constants'
import { VISITOR_ID_PATTERN } from '../../types/api/tracking'

export const VISIT_TOKEN_VERSION = 'v1'
/** How long a token is accepted; the app asks for a new one with its trackuid after that. */
export const VISIT_TOKEN_TTL_MS = DAY_MS

const KEY_BYTES = 32
/** HKDF "info" labels: one key per job, neither computable from the other or the index key. */
const KEY_LABEL = {
  visitor: 'etc-apply/tracking/visitor-id/v1',
  token: 'etc-apply/tracking/visit-token/v1',
} as const
const VISITOR_ID_PREFIX = 'V'
/** Hex digits of the visitor id (96 bits), the length of every other public id. */
const VISITOR_ID_HEX_DIGITS = 24
/** Bytes of the device info's SHA-256 kept in the token: enough to tell devices apart. */
const DEVICE_HASH_BYTES = 16
const SEPARATOR = '.'
const TOKEN_PARTS = 6
/** Issue times in base 36: 11 digits reach far past any real clock. */
const ISSUED_AT = /^[0-9a-z]{1,11}$/
const BASE64URL = /^[A-Za-z0-9_-]*$/
const TIME_RADIX = 36

export interface VisitKeys {
  /** Derives visitor ids from trackuids. */
  readonly visitor: Buffer
  /** Signs and checks visit tokens. */
  readonly token: Buffer
}

/** The two visit keys, from the blind-index key (32 bytes) of the data at rest. */
export function deriveVisitKeys(indexKey: Buffer): VisitKeys {
  const derive = (label: string): Buffer => Buffer.from(hkdfSync('sha256', indexKey, Buffer.alloc(0), label, KEY_BYTES))
  return { visitor: derive(KEY_LABEL.visitor), token: derive(KEY_LABEL.token) }
}

/** The visitor id of a device's trackuid. */
export function visitorId(keys: VisitKeys, trackUid: string): string {
  return VISITOR_ID_PREFIX + createHmac('sha256', keys.visitor).update(trackUid).digest('hex').slice(0, VISITOR_ID_HEX_DIGITS)
}

/** What a batch's device_info must hash to: the device info the visit was signed for. */
export function deviceHash(deviceInfo: string): string {
  return createHash('sha256').update(deviceInfo, 'utf8').digest().subarray(0, DEVICE_HASH_BYTES).toString('base64url')
}

export interface Visit {
  readonly uid: string
  readonly issuedAt: number
  readonly deviceHash: string
  /** The click id the visit arrived with; undefined for a visit without one. */
  readonly clickId: string | undefined
}

const mac = (keys: VisitKeys, signed: string): Buffer => createHmac('sha256', keys.token).update(signed).digest()

export function signVisit(keys: VisitKeys, visit: Visit): string {
  const signed = [
    VISIT_TOKEN_VERSION,
    visit.uid,
    visit.issuedAt.toString(TIME_RADIX),
    visit.deviceHash,
    Buffer.from(visit.clickId ?? '', 'utf8').toString('base64url'),
  ].join(SEPARATOR)
  return `${signed}${SEPARATOR}${mac(keys, signed).toString('base64url')}`
}

/** When a token issued at `issuedAt` stops being accepted. */
export function visitExpiresAt(issuedAt: number): number {
  return issuedAt + VISIT_TOKEN_TTL_MS
}

/** The visit a token was signed for, or undefined when it is malformed, altered, foreign or expired at `now`. */
export function openVisit(keys: VisitKeys, token: string, now: Date): Visit | undefined {
  const parts = token.split(SEPARATOR)
  if (parts.length !== TOKEN_PARTS) return undefined
  const [version = '', uid = '', issued = '', hash = '', click = '', signature = ''] = parts
  if (version !== VISIT_TOKEN_VERSION || !VISITOR_ID_PATTERN.test(uid) || !ISSUED_AT.test(issued)) return undefined
  if (![hash, click, signature].every((part) => BASE64URL.test(part))) return undefined
  const expected = mac(keys, parts.slice(0, -1).join(SEPARATOR))
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const issuedAt = parseInt(issued, TIME_RADIX)
  if (now.getTime() >= visitExpiresAt(issuedAt)) return undefined
  const clickId = Buffer.from(click, 'base64url').toString('utf8')
  // Signed by this server, so well-formed; checked anyway, as a forged one would have to be.
  if (clickId !== '' && !CLICK_ID.test(clickId)) return undefined
  return { uid, issuedAt, deviceHash: hash, clickId: clickId === '' ? undefined : clickId }
}
