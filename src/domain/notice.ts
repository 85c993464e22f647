/**
 * Notices from the remote configuration: shown while current, on the routes of their effect
 * range, and, for the once-a-day type, not again within a day of being dismissed.
 */
import { NOTICE_SUPPRESS_MS } from './constants'
import { NOTICE_TYPE } from './enums'

export interface Notice {
  id: string | number
  noticeType: number
  noticeTitle: string
  noticeContent: string
  redirectPath?: string | null
  /** Epoch ms, ISO 8601, or "YYYY-MM-DD HH:mm:ss" in China time. Absent: no bound. */
  startTime?: string | number | null
  endTime?: string | number | null
  noticeScene?: { effectRange?: string | null } | null
}

/** China Standard Time, which the configuration's plain timestamps are written in. */
const CHINA_OFFSET = '+08:00'
const PLAIN_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** Epoch ms of a configuration time, or undefined when absent; NaN when unreadable. */
export function noticeTime(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined
  if (typeof value === 'number') return value
  const plain = PLAIN_TIME.exec(value.trim())
  if (plain) {
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = plain
    return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${CHINA_OFFSET}`)
  }
  return Date.parse(value)
}

/** A route as the effect range writes it: leading slash, no hash, no query. */
export function normaliseRoute(route: string): string {
  const path = route.trim().replace(/^#/, '').split('?')[0] ?? ''
  return path.startsWith('/') ? path : `/${path}`
}

export function effectRoutes(notice: Notice): string[] {
  return (notice.noticeScene?.effectRange ?? '')
    .split(/[,，]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(normaliseRoute)
}

export function noticeApplies(notice: Notice, route: string, now: number, lastDismissedAt?: number): boolean {
  const start = noticeTime(notice.startTime)
  const end = noticeTime(notice.endTime)
  // An unreadable bound makes the notice inapplicable rather than shown forever.
  if (Number.isNaN(start) || Number.isNaN(end)) return false
  if (start !== undefined && now < start) return false
  if (end !== undefined && now > end) return false
  if (!effectRoutes(notice).includes(normaliseRoute(route))) return false
  if (notice.noticeType === NOTICE_TYPE.ONCE_PER_DAY && lastDismissedAt !== undefined) {
    return now - lastDismissedAt >= NOTICE_SUPPRESS_MS
  }
  return true
}
