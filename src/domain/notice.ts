/**
 * Notices from the remote configuration: current between their start and end times, shown on
 * the routes of their effect range, and, for the once-a-day type, shown at most once in a day
 * (dismissed or not: what counts is when it was last shown).
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
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000
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

/** A notice time as people in China read it: "YYYY-MM-DD HH:mm"; undefined when absent or unreadable. */
export function formatNoticeTime(value: string | number | null | undefined): string | undefined {
  const ms = noticeTime(value)
  if (ms === undefined || Number.isNaN(ms)) return undefined
  // The UTC fields of the shifted instant are China's wall clock.
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
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

/** Whether `now` is inside the notice's start and end times (both inclusive; an unreadable one never is). */
export function noticeCurrent(notice: Notice, now: number): boolean {
  const start = noticeTime(notice.startTime)
  const end = noticeTime(notice.endTime)
  // An unreadable bound makes the notice inapplicable rather than shown forever.
  if (Number.isNaN(start) || Number.isNaN(end)) return false
  if (start !== undefined && now < start) return false
  return end === undefined || now <= end
}

/** Whether the notice's effect range names `route`. */
export function noticeTargets(notice: Notice, route: string): boolean {
  return effectRoutes(notice).includes(normaliseRoute(route))
}

/** The once-a-day type, last shown at `lastShownAt`, is not shown again within a day of it. */
export function noticeSuppressed(notice: Notice, now: number, lastShownAt: number | undefined): boolean {
  return isOncePerDay(notice) && lastShownAt !== undefined && showingStillCounts(lastShownAt, now)
}

/** Whether a notice shows at most once a day (type 2). */
export function isOncePerDay(notice: Notice): boolean {
  return notice.noticeType === NOTICE_TYPE.ONCE_PER_DAY
}

/** Whether a showing at `shownAt` still keeps a once-a-day notice away at `now`. */
export function showingStillCounts(shownAt: number, now: number): boolean {
  return now - shownAt < NOTICE_SUPPRESS_MS
}

/** Whether to show the notice on `route` at `now`, given when it was last shown (if ever). */
export function noticeApplies(notice: Notice, route: string, now: number, lastShownAt?: number): boolean {
  return noticeCurrent(notice, now) && noticeTargets(notice, route) && !noticeSuppressed(notice, now, lastShownAt)
}
