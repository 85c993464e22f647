import { Text, View } from '@tarojs/components'
import { Pressable } from '../../../components/pressable/Pressable'
import type { CommodityView } from '../../../components/commodity-view/commodity-view'
import { Button } from '../../../components/ui/button'
import { CommodityPrice } from './CommodityPrice'
import { PackageTags } from './PackageTags'
import { TierBadge } from './TierBadge'
import './commodity-card.scss'

export interface CommodityCardProps {
  view: CommodityView
  /** The price in yuan after the order's voucher, when it has one. */
  voucherPrice?: string
  /** The package the application has chosen. */
  selected: boolean
  /** This package is being chosen right now. */
  busy: boolean
  /** Choosing is not possible (a package is being chosen, a code used, or the order is submitted). */
  disabled: boolean
  chooseLabel: string
  onChoose: () => void
  onDetails: () => void
}

/** One package of the list: tier, name, selling points, price, details and the choose button. */
export function CommodityCard({ view, voucherPrice, selected, busy, disabled, chooseLabel, onChoose, onDetails }: CommodityCardProps) {
  const prefix = `package-${view.id}`
  return (
    <View
      className={`commodity-card${selected ? ' commodity-card--selected' : ''}`}
      data-testid={prefix}
      data-selected={selected ? 'true' : 'false'}
      role='group'
      aria-label={view.name}
    >
      <View className='commodity-card__head'>
        <TierBadge tier={view.tier} label={view.tierLabel} testId={`${prefix}-tier`} />
        <Text className='commodity-card__name' data-testid={`${prefix}-name`}>
          {view.name}
        </Text>
        {selected ? <Text className='commodity-card__selected'>已选</Text> : null}
      </View>
      <PackageTags view={view} block='commodity-card' />
      <View className='commodity-card__foot'>
        <CommodityPrice
          price={view.price}
          originalPrice={view.originalPrice}
          voucherPrice={voucherPrice}
          businessMode={view.bizType}
          testIdPrefix={prefix}
        />
        <View className='commodity-card__actions'>
          <Pressable className='commodity-card__details' label={`查看${view.name}详情`} testId={`${prefix}-details`} onPress={onDetails}>
            详情
          </Pressable>
          <Button
            type='primary'
            size='small'
            className='commodity-card__choose'
            loading={busy}
            disabled={disabled}
            aria-disabled={disabled}
            aria-label={`${chooseLabel}：${view.name}`}
            data-testid={`${prefix}-choose`}
            onClick={onChoose}
          >
            {chooseLabel}
          </Button>
        </View>
      </View>
    </View>
  )
}
