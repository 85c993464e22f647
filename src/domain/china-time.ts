/**
 * China's wall clock, without Intl (a phone's engine may lack time zones): China keeps one offset
 * all year (UTC+8, no summer time), so the UTC fields of the instant shifted by it are China's
 * clock. One place for every format the product and its vendors use.
 */
import { HOUR_MS } from './constants'

export const CHINA_OFFSET_MS = 8 * HOUR_MS
/** The offset as RFC 3339 writes it. */
export const CHINA_OFFSET = '+08:00'
const ISO_SECONDS_LENGTH = 'yyyy-MM-ddTHH:mm:ss'.length

/** "2026-03-01T16:30:00": `at` on China's clock, to the second (ISO without an offset). */
function chinaIsoSeconds(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, ISO_SECONDS_LENGTH)
}

/** "2026-03-01": the day `at` falls on in China. */
export function chinaDate(at: Date): string {
  return chinaIsoSeconds(at).slice(0, 'yyyy-MM-dd'.length)
}

/** "16:30". */
export function chinaClockTime(at: Date): string {
  return chinaIsoSeconds(at).slice('yyyy-MM-ddT'.length, 'yyyy-MM-ddTHH:mm'.length)
}

/** "2026-03-01 16:30:00" (Alipay's times). */
export function chinaDateTime(at: Date): string {
  return chinaIsoSeconds(at).replace('T', ' ')
}

/** "2026-03-01T16:30:00+08:00" (WeChat Pay's times, RFC 3339). */
export function chinaRfc3339(at: Date): string {
  return `${chinaIsoSeconds(at)}${CHINA_OFFSET}`
}
