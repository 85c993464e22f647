/**
 * The simulated courier's waybill numbers: what `npm run sim -- <orderId> ship` and the demo timer
 * ship with. A real issuer's notification carries the courier's own.
 */
import type { RandomSource } from '../runtime/random'

/** SF and 12 digits. */
const TRACKING_PREFIX = 'SF'
const TRACKING_DIGITS = 12

export function newTrackingNo(random: RandomSource): string {
  return `${TRACKING_PREFIX}${String(random.int(10 ** TRACKING_DIGITS)).padStart(TRACKING_DIGITS, '0')}`
}
