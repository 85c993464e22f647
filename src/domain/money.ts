/**
 * Prices and packages. Prices travel in cents (integers); the tier of a package follows from its
 * price in yuan: up to 29.9 basic, up to 49.9 VIP, up to 89.9 existing-user, above that VIP.
 */

export type PriceTier = 'basic' | 'vip' | 'existingUser'

const CENTS_PER_YUAN = 100

/** Upper bounds (inclusive, in cents) of the price tiers, cheapest first. */
export const PRICE_TIER_LIMITS: readonly { readonly maxCents: number; readonly tier: PriceTier }[] = [
  { maxCents: 2990, tier: 'basic' },
  { maxCents: 4990, tier: 'vip' },
  { maxCents: 8990, tier: 'existingUser' },
]
/** Packages dearer than every limit count as VIP. */
export const ABOVE_LIMITS_TIER: PriceTier = 'vip'

/** Mini-program package variants per tier. */
export const PACKAGE_VARIANT: Readonly<Record<PriceTier, number>> = {
  basic: 202401,
  vip: 202402,
  existingUser: 202403,
}

export const TIER_LABEL: Readonly<Record<PriceTier, string>> = {
  basic: '基础版',
  vip: 'VIP版',
  existingUser: '老用户专享',
}

/** Original ("was") price shown struck through when a package has none of its own: 180 yuan. */
export const ORIGINAL_PRICE_DEFAULT_CENTS = 180 * CENTS_PER_YUAN

export function priceTier(priceCents: number): PriceTier {
  return PRICE_TIER_LIMITS.find(({ maxCents }) => priceCents <= maxCents)?.tier ?? ABOVE_LIMITS_TIER
}

export function packageVariant(priceCents: number): number {
  return PACKAGE_VARIANT[priceTier(priceCents)]
}

/**
 * "12.34" → 1234, exactly (never through floating point); undefined for anything that is not a
 * yuan amount with at most two decimals. The way back is formatYuan.
 */
export function centsOfYuan(yuan: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan)
  if (!match) return undefined
  return Number(match[1]) * CENTS_PER_YUAN + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Cents as yuan with two decimals ("29.90"); "--" for a value that is not a number. */
export function formatYuan(cents: number): string {
  if (!Number.isFinite(cents)) return '--'
  const rounded = Math.round(cents)
  const sign = rounded < 0 ? '-' : ''
  const abs = Math.abs(rounded)
  return `${sign}${Math.floor(abs / CENTS_PER_YUAN)}.${String(abs % CENTS_PER_YUAN).padStart(2, '0')}`
}

/** A discount as taken off a price: "-¥20.00". */
export function formatDiscount(cents: number): string {
  return `-¥${formatYuan(cents)}`
}

/**
 * What is left to pay of `priceCents` after a discount: never below `floorCents` (a payment of
 * nothing is no payment), and never above the price itself (a free package stays free).
 */
export function priceAfterDiscount(priceCents: number, discountCents: number, floorCents: number): number {
  return Math.min(priceCents, Math.max(floorCents, priceCents - discountCents))
}

/**
 * What a discount really took off: the price less what is paid. Below the voucher's face value when
 * the floor kept the payment up (¥15.00 with ¥20.00 off pays ¥0.01: ¥14.99 was taken off).
 */
export function discountTaken(priceCents: number, paidCents: number): number {
  return priceCents - paidCents
}

/** The commodity fields the rules read. */
export interface CommodityFields {
  id: string | number
  /** Price in cents. */
  commodityPrice: number
  /** Original price in cents; ORIGINAL_PRICE_DEFAULT_CENTS when absent. */
  originalCommodityPrice?: number | null
  bizType?: number
  frontData?: { sort?: number | null; marketingData?: unknown; isExistUser?: boolean } | null
  /** The package's issuer (ISSUERS), whose agreement the consent step shows. */
  issuerId?: number
}

/**
 * Whether a package can be chosen for an application. An existing user's package (isExistUser)
 * replaces the device of a plate that has ETC; this product has no such replacement: a plate with
 * ETC is refused by the uniqueness check before any order, so no application may take one.
 */
export function offeredForApplication(commodity: Pick<CommodityFields, 'frontData'>): boolean {
  return commodity.frontData?.isExistUser !== true
}

/** Said when an application names an existing user's package all the same. */
export const REPLACEMENT_ONLY_MESSAGE = '该套餐仅限已办理ETC的车辆更换设备，请选择其他套餐'

export function originalPriceCents(commodity: CommodityFields): number {
  return commodity.originalCommodityPrice ?? ORIGINAL_PRICE_DEFAULT_CENTS
}

/** By price, then by the front-end sort (unsorted last); equal ones keep their order. */
export function sortCommodities<T extends CommodityFields>(list: readonly T[]): T[] {
  const frontSort = (item: T): number => item.frontData?.sort ?? Number.POSITIVE_INFINITY
  return [...list].sort((a, b) => a.commodityPrice - b.commodityPrice || frontSort(a) - frontSort(b))
}
