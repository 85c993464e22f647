import { Text, View } from '@tarojs/components'
import type { CommodityFields } from '../../../domain/money'
import { commodityView } from '../../../components/commodity-view/commodity-view'
import { EntryButton } from '../button/EntryButton'
import './entry-home.scss'

/** One package on offer, read as the package pages read it: name, tier, price (and the "was" price) and a way to apply. */
export function PackageCard({ item, onApply }: { item: CommodityFields; onApply: () => void }) {
  const view = commodityView(item)
  return (
    <View className='entry-home__package' data-testid={`home-package-${view.id}`} role='listitem'>
      <View className='entry-home__package-head'>
        <Text className='entry-home__package-name'>{view.name}</Text>
        <Text className='entry-home__package-tier'>{view.tierLabel}</Text>
      </View>
      {view.description ? <Text className='entry-home__package-description'>{view.description}</Text> : null}
      <View className='entry-home__package-foot'>
        <View className='entry-home__package-prices'>
          <Text className='entry-home__package-price' aria-label={`价格${view.price}元`} data-testid={`home-package-price-${view.id}`}>
            ¥{view.price}
          </Text>
          {view.originalPrice ? (
            <Text className='entry-home__package-original' aria-label={`原价${view.originalPrice}元`}>
              ¥{view.originalPrice}
            </Text>
          ) : null}
        </View>
        <EntryButton className='entry-home__package-apply' label={`去办理 ${view.name}`} testId={`home-package-apply-${view.id}`} onPress={onApply}>
          去办理
        </EntryButton>
      </View>
    </View>
  )
}
