/**
 * The anonymous tracking id (the spec's locally cached "trackuid"): how the device proves itself
 * when it asks the server for a tracking visit, whose visitor id then goes where the uid goes
 * until the person has logged in (src/services/tracking/visit.ts). Random, so it says nothing
 * about the person; kept in the encrypted storage, so it (and the visitor id the server derives
 * from it) stays the same across reloads and visits on this device until the app's data is
 * cleared (清缓存), after which a new one is made. It is sent to the visit call only, never
 * with events.
 */
import { TRACK_UID_PATTERN } from '../../types/api/tracking'
import type { RandomBytes } from '../services/crypto/sealed-box'
import { schema } from './schema'
import type { SecureStorage } from './secure-storage'

export const TRACK_UID_STORAGE = { trackUid: 'trackuid' } as const

/** A trackuid: "T" and 24 hex digits, apart from the server's uids ("U…") and visitor ids ("V…"). */
export { TRACK_UID_PATTERN }
const TRACK_UID_BYTES = 12

const TRACK_UID = schema((value: unknown): value is string => typeof value === 'string' && TRACK_UID_PATTERN.test(value))

function newTrackUid(randomBytes: RandomBytes): string {
  return `T${Array.from(randomBytes(TRACK_UID_BYTES), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The device's trackuid: the stored one, or a new one stored now. Read from storage each time, so
 * an id cleared with the app's data is never used again.
 */
export function createTrackUid(storage: SecureStorage, randomBytes: RandomBytes): () => string {
  return () => {
    const stored = storage.get(TRACK_UID_STORAGE.trackUid, TRACK_UID)
    if (stored) return stored
    const made = newTrackUid(randomBytes)
    storage.set(TRACK_UID_STORAGE.trackUid, made)
    return made
  }
}
