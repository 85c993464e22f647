/**
 * What a package card and the package detail show, read from a commodity as the catalogue
 * answers it (the store types only the fields its sort rule reads).
 */
import type { Commodity, GoodsTypeConfig } from '../../../types/api/catalogue'
import { BUSINESS_MODE } from '../../domain/enums'
import { TIER_LABEL, formatYuan, originalPriceCents, priceTier } from '../../domain/money'
import type { CommodityFields, PriceTier } from '../../domain/money'

export interface GoodsLine {
  key: string
  name: string
  description?: string
  count: number
}

export interface CommodityView {
  id: string
  name: string
  priceCents: number
  /** Yuan with two decimals, e.g. "29.90". */
  price: string
  /** The "was" price, only when it is above the price. */
  originalPrice: string | undefined
  tier: PriceTier
  tierLabel: string
  tags: string[]
  highlight: string | undefined
  description: string
  /** BUSINESS_MODE of the package. */
  bizType: number
  issuerId: number | undefined
  goodTypeMap: Readonly<Record<string, number>>
}

type CatalogueFields = Partial<Pick<Commodity, 'commodityName' | 'description' | 'goodTypeMap'>>

function marketing(value: unknown): { tags: string[]; highlight: string | undefined } {
  if (typeof value !== 'object' || value === null) return { tags: [], highlight: undefined }
  const { tags, highlight } = value as { tags?: unknown; highlight?: unknown }
  return {
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    highlight: typeof highlight === 'string' && highlight ? highlight : undefined,
  }
}

export function commodityView(item: CommodityFields): CommodityView {
  const extra = item as CommodityFields & CatalogueFields
  const original = originalPriceCents(item)
  const { tags, highlight } = marketing(item.frontData?.marketingData)
  // The catalogue marks existing-user packages itself; the others take the tier of their price.
  const tier: PriceTier = item.frontData?.isExistUser ? 'existingUser' : priceTier(item.commodityPrice)
  return {
    id: String(item.id),
    name: extra.commodityName || 'ETC套餐',
    priceCents: item.commodityPrice,
    price: formatYuan(item.commodityPrice),
    originalPrice: original > item.commodityPrice ? formatYuan(original) : undefined,
    tier,
    tierLabel: TIER_LABEL[tier],
    tags,
    highlight,
    description: extra.description ?? '',
    bizType: item.bizType ?? BUSINESS_MODE.DEPOSIT,
    issuerId: item.issuerId,
    goodTypeMap: extra.goodTypeMap ?? {},
  }
}

/** The package's contents, named by the goods-type configuration (unknown types by their key). */
export function goodsLines(view: CommodityView, config: Readonly<Record<string, unknown>> | undefined): GoodsLine[] {
  return Object.entries(view.goodTypeMap)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const entry = config?.[key] as Partial<GoodsTypeConfig[string]> | undefined
      const name = typeof entry?.name === 'string' && entry.name ? entry.name : key
      const description = typeof entry?.description === 'string' && entry.description ? entry.description : undefined
      return { key, name, count, ...(description ? { description } : {}) }
    })
}
