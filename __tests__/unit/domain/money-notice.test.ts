import {
  CERTIFICATE,
  NOTICE_SUPPRESS_MS,
  ORIGINAL_PRICE_DEFAULT_CENTS,
  PACKAGE_VARIANT,
  discountTaken,
  formatDiscount,
  formatYuan,
  hasCertificate,
  missingCertificates,
  noticeApplies,
  noticeTime,
  originalPriceCents,
  packageVariant,
  priceAfterDiscount,
  priceTier,
  sortCommodities,
  withCertificate,
} from '../../../src/domain'
import type { CommodityFields, Notice } from '../../../src/domain'
import { noticeOn } from '../../support/notice-fixtures'

describe('price tiers', () => {
  it.each([
    [0, 'basic'],
    [2989, 'basic'],
    [2990, 'basic'],
    [2991, 'vip'],
    [4989, 'vip'],
    [4990, 'vip'],
    [4991, 'existingUser'],
    [8989, 'existingUser'],
    [8990, 'existingUser'],
    [8991, 'vip'],
    [18000, 'vip'],
  ] as const)('%i cents → %s', (cents, tier) => {
    expect(priceTier(cents)).toBe(tier)
    expect(packageVariant(cents)).toBe(PACKAGE_VARIANT[tier])
  })

  it('maps tiers to the mini-program package variants', () => {
    expect(PACKAGE_VARIANT).toEqual({ basic: 202401, vip: 202402, existingUser: 202403 })
  })
})

describe('formatYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [2990, '29.90'],
    [18000, '180.00'],
    [123456789, '1234567.89'],
    [-150, '-1.50'],
    [99.6, '1.00'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
  ])('%p → %p', (cents, text) => {
    expect(formatYuan(cents)).toBe(text)
  })
})

describe('formatDiscount', () => {
  it.each([
    [2000, '-¥20.00'],
    [1, '-¥0.01'],
    [0, '-¥0.00'],
  ])('%p → %p', (cents, text) => {
    expect(formatDiscount(cents)).toBe(text)
  })
})

describe('priceAfterDiscount', () => {
  it.each([
    ['takes the discount off', 2990, 2000, 990],
    ['no discount', 2990, 0, 2990],
    ['stops at the floor when the discount reaches the price', 2000, 2000, 1],
    ['stops at the floor when the discount exceeds the price', 1500, 2000, 1],
    ['leaves a free package free', 0, 2000, 0],
    ['leaves a price at the floor there', 1, 2000, 1],
  ])('%s', (_case, price, discount, left) => {
    expect(priceAfterDiscount(price, discount, 1)).toBe(left)
  })

  it('stops at the floor it is given', () => {
    expect(priceAfterDiscount(2990, 2980, 50)).toBe(50)
  })
})

describe('discountTaken', () => {
  it('is what the payment was lowered by, not the face value the floor cut short', () => {
    expect(discountTaken(2990, priceAfterDiscount(2990, 2000, 1))).toBe(2000)
    expect(discountTaken(1500, priceAfterDiscount(1500, 2000, 1))).toBe(1499)
    expect(discountTaken(0, priceAfterDiscount(0, 2000, 1))).toBe(0)
  })
})

describe('commodities', () => {
  const item = (id: string, commodityPrice: number, sort?: number): CommodityFields => ({
    id,
    commodityPrice,
    frontData: sort === undefined ? null : { sort },
  })

  it('sorts by price, then by front sort, unsorted last, equal ones stable', () => {
    const list = [item('a', 4990), item('b', 2990, 2), item('c', 2990, 1), item('d', 2990), item('e', 2990), item('f', 990)]
    expect(sortCommodities(list).map((c) => c.id)).toEqual(['f', 'c', 'b', 'd', 'e', 'a'])
    expect(list.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it('defaults the original price to 180 yuan', () => {
    expect(ORIGINAL_PRICE_DEFAULT_CENTS).toBe(18000)
    expect(originalPriceCents(item('a', 2990))).toBe(18000)
    expect(originalPriceCents({ ...item('a', 2990), originalCommodityPrice: 9900 })).toBe(9900)
    expect(originalPriceCents({ ...item('a', 2990), originalCommodityPrice: null })).toBe(18000)
  })
})

describe('certificates', () => {
  it('uses the spec bit values', () => {
    expect(CERTIFICATE).toEqual({ ID_CARD: 1, DRIVING_LICENCE: 2, VEHICLE_FRONT: 4, ROAD_TRANSPORT_PERMIT: 8, MOTOR_LICENCE: 16 })
  })

  it('sets and reads flags independently', () => {
    let mask = 0
    for (const flag of Object.values(CERTIFICATE)) {
      expect(hasCertificate(mask, flag)).toBe(false)
      mask = withCertificate(mask, flag)
      expect(hasCertificate(mask, flag)).toBe(true)
      expect(withCertificate(mask, flag)).toBe(mask)
    }
    expect(mask).toBe(31)
  })

  it('lists the application photos still missing', () => {
    expect(missingCertificates(0)).toEqual([1, 2, 4])
    expect(missingCertificates(CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.MOTOR_LICENCE)).toEqual([1, 4])
    expect(missingCertificates(7)).toEqual([])
  })
})

describe('noticeApplies', () => {
  const now = Date.parse('2026-11-21T12:00:00+08:00')
  const notice = (extra: Partial<Notice> = {}): Notice =>
    noticeOn('/apply/basic, /apply/pay，/pages/index/index')('1', { startTime: '2026-11-20 00:00:00', endTime: '2026-11-22 23:59:59', ...extra })

  it('shows on a route of its effect range while current', () => {
    expect(noticeApplies(notice(), '/apply/basic', now)).toBe(true)
    expect(noticeApplies(notice(), '#/apply/pay?orderId=1', now)).toBe(true)
    expect(noticeApplies(notice(), 'pages/index/index', now)).toBe(true)
  })

  it('stays away from other routes and when the range is empty', () => {
    expect(noticeApplies(notice(), '/apply/upinfo', now)).toBe(false)
    expect(noticeApplies(notice(), '/apply', now)).toBe(false)
    expect(noticeApplies(notice({ noticeScene: null }), '/apply/basic', now)).toBe(false)
  })

  it('reads plain times as China time, inclusive at both ends', () => {
    const start = Date.parse('2026-11-20T00:00:00+08:00')
    const end = Date.parse('2026-11-22T23:59:59+08:00')
    expect(noticeTime('2026-11-20 00:00:00')).toBe(start)
    expect(noticeApplies(notice(), '/apply/basic', start)).toBe(true)
    expect(noticeApplies(notice(), '/apply/basic', start - 1)).toBe(false)
    expect(noticeApplies(notice(), '/apply/basic', end)).toBe(true)
    expect(noticeApplies(notice(), '/apply/basic', end + 1)).toBe(false)
  })

  it('accepts epoch and ISO times, and open bounds', () => {
    expect(noticeApplies(notice({ startTime: now - 1, endTime: '2026-11-21T05:00:00Z' }), '/apply/basic', now)).toBe(true)
    expect(noticeApplies(notice({ startTime: null, endTime: undefined }), '/apply/basic', now)).toBe(true)
  })

  it('never shows with an unreadable time', () => {
    expect(noticeApplies(notice({ endTime: 'soon' }), '/apply/basic', now)).toBe(false)
  })

  it('shows a once-a-day notice again only 24 hours after it was last shown', () => {
    const daily = notice({ noticeType: 2 })
    expect(noticeApplies(daily, '/apply/basic', now)).toBe(true)
    expect(noticeApplies(daily, '/apply/basic', now, now - NOTICE_SUPPRESS_MS + 1)).toBe(false)
    expect(noticeApplies(daily, '/apply/basic', now, now - NOTICE_SUPPRESS_MS)).toBe(true)
    expect(NOTICE_SUPPRESS_MS).toBe(24 * 60 * 60 * 1000)
  })

  it('does not suppress other notice types once shown', () => {
    expect(noticeApplies(notice(), '/apply/basic', now, now - 1)).toBe(true)
  })
})
