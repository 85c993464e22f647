import { chinaClockTime, chinaDateTime, chinaRfc3339 } from '../../../src/domain/china-time'

describe("China's wall clock, without Intl", () => {
  it.each([
    ['2026-03-01T08:30:00.000Z', '16:30', '2026-03-01 16:30:00', '2026-03-01T16:30:00+08:00'],
    ['2026-03-01T15:59:59.999Z', '23:59', '2026-03-01 23:59:59', '2026-03-01T23:59:59+08:00'],
    ['2026-03-01T16:00:00.000Z', '00:00', '2026-03-02 00:00:00', '2026-03-02T00:00:00+08:00'],
    ['2026-07-01T01:05:00.000Z', '09:05', '2026-07-01 09:05:00', '2026-07-01T09:05:00+08:00'],
    ['2026-12-31T16:00:01.000Z', '00:00', '2027-01-01 00:00:01', '2027-01-01T00:00:01+08:00'],
  ])('%s is %s in China, all year', (at, clock, dateTime, rfc3339) => {
    expect(chinaClockTime(new Date(at))).toBe(clock)
    expect(chinaDateTime(new Date(at))).toBe(dateTime)
    expect(chinaRfc3339(new Date(at))).toBe(rfc3339)
  })
})
