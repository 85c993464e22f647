import { View } from '@tarojs/components'
import type { CommodityView } from '../../../components/commodity-view/commodity-view'
import { Heading } from '../../../components/heading/Heading'
import { CommodityPrice } from './CommodityPrice'
import { PackageTags } from './PackageTags'
import { TierBadge } from './TierBadge'

/** The detail's first card: the package's tier, name, price (after the order's voucher, when there is one) and tags. */
export function PackageSummary({ view, voucherPrice }: { view: CommodityView; voucherPrice: string | undefined }) {
  return (
    <View className='select-detail__card'>
      <View className='select-detail__head'>
        <TierBadge tier={view.tier} label={view.tierLabel} testId='package-detail-tier' />
        <Heading level={2} className='select-detail__name' testId='package-detail-name'>{view.name}</Heading>
      </View>
      <CommodityPrice
        price={view.price}
        originalPrice={view.originalPrice}
        voucherPrice={voucherPrice}
        businessMode={view.bizType}
        testIdPrefix='package-detail'
        large
      />
      <PackageTags view={view} block='select-detail' />
    </View>
  )
}
