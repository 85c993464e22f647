import { Text, View } from '@tarojs/components'
import { TIER_LABEL, formatYuan, originalPriceCents, priceTier } from '../../domain/money'
import type { CommodityFields } from '../../domain/money'
import type { Commodity } from '../../../types/api/catalogue'
import { EntryButton } from '../entry-button/EntryButton'

/** The commodity as the catalogue sends it; the store types only the fields its rules read. */
export type ShownCommodity = CommodityFields & Partial<Pick<Commodity, 'commodityName' | 'description'>>

/** One package on offer: name, tier, price (struck-through original) and a way to apply. */
export function PackageCard({ item, onApply }: { item: ShownCommodity; onApply: () => void }) {
  const tier = TIER_LABEL[priceTier(item.commodityPrice)]
  const name = item.commodityName || tier
  const price = formatYuan(item.commodityPrice)
  const original = formatYuan(originalPriceCents(item))
  return (
    <View className='entry-home__package' data-testid={`home-package-${item.id}`} role='listitem'>
      <View className='entry-home__package-head'>
        <Text className='entry-home__package-name'>{name}</Text>
        <Text className='entry-home__package-tier'>{tier}</Text>
      </View>
      {item.description ? <Text className='entry-home__package-description'>{item.description}</Text> : null}
      <View className='entry-home__package-foot'>
        <View className='entry-home__package-prices'>
          <Text className='entry-home__package-price' aria-label={`价格${price}元`} data-testid={`home-package-price-${item.id}`}>
            ¥{price}
          </Text>
          <Text className='entry-home__package-original' aria-label={`原价${original}元`}>
            ¥{original}
          </Text>
        </View>
        <EntryButton className='entry-home__package-apply' label={`办理${name}`} testId={`home-package-apply-${item.id}`} onPress={onApply}>
          去办理
        </EntryButton>
      </View>
    </View>
  )
}
