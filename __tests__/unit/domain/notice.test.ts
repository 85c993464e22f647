/** The notice rules the pages share: current, targeted, suppressed once a day, and times as read in China. */
import { NOTICE_SUPPRESS_MS } from '../../../src/domain/constants'
import { NOTICE_TYPE } from '../../../src/domain/enums'
import { formatNoticeTime, noticeCurrent, noticeSuppressed, noticeTargets } from '../../../src/domain/notice'
import type { Notice } from '../../../src/domain/notice'
import { noticeOn } from '../../support/notice-fixtures'

const now = Date.parse('2026-11-21T12:00:00+08:00')
const notice = (extra: Partial<Notice> = {}): Notice => noticeOn('/apply/land/gaode-notice，#/pages/notice/upgrade?x=1')('1', extra)

describe('noticeCurrent', () => {
  it('holds between the start and end times, both inclusive, and without bounds', () => {
    expect(noticeCurrent(notice(), now)).toBe(true)
    expect(noticeCurrent(notice({ startTime: now, endTime: now }), now)).toBe(true)
    expect(noticeCurrent(notice({ startTime: now + 1 }), now)).toBe(false)
    expect(noticeCurrent(notice({ endTime: now - 1 }), now)).toBe(false)
    expect(noticeCurrent(notice({ startTime: '2026-11-21 12:00:00' }), now)).toBe(true)
    expect(noticeCurrent(notice({ startTime: '2026-11-21 12:00:01' }), now)).toBe(false)
  })

  it('never holds with an unreadable time', () => {
    expect(noticeCurrent(notice({ startTime: 'yesterday' }), now)).toBe(false)
  })
})

describe('noticeTargets', () => {
  it('names the routes of the effect range, however written', () => {
    expect(noticeTargets(notice(), '/apply/land/gaode-notice')).toBe(true)
    expect(noticeTargets(notice(), 'pages/notice/upgrade')).toBe(true)
    expect(noticeTargets(notice(), '/apply/land')).toBe(false)
    expect(noticeTargets(notice({ noticeScene: { effectRange: null } }), '/apply/land/gaode-notice')).toBe(false)
  })
})

describe('noticeSuppressed', () => {
  const daily = notice({ noticeType: NOTICE_TYPE.ONCE_PER_DAY })

  it('keeps a once-a-day notice away for 24 hours after it was shown', () => {
    expect(noticeSuppressed(daily, now, undefined)).toBe(false)
    expect(noticeSuppressed(daily, now, now)).toBe(true)
    expect(noticeSuppressed(daily, now, now - NOTICE_SUPPRESS_MS + 1)).toBe(true)
    expect(noticeSuppressed(daily, now, now - NOTICE_SUPPRESS_MS)).toBe(false)
  })

  it('never suppresses the other types', () => {
    expect(noticeSuppressed(notice(), now, now)).toBe(false)
  })
})

describe('formatNoticeTime', () => {
  it('writes China time to the minute, from any accepted form', () => {
    expect(formatNoticeTime('2026-01-01 08:30:59')).toBe('2026-01-01 08:30')
    expect(formatNoticeTime('2026-01-01T00:30:00Z')).toBe('2026-01-01 08:30')
    expect(formatNoticeTime(Date.parse('2026-12-31T23:59:00+08:00'))).toBe('2026-12-31 23:59')
  })

  it('has nothing to write for an absent or unreadable time', () => {
    expect(formatNoticeTime(null)).toBeUndefined()
    expect(formatNoticeTime('')).toBeUndefined()
    expect(formatNoticeTime('soon')).toBeUndefined()
  })
})
