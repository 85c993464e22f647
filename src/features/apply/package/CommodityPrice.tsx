import { Text, View } from '@tarojs/components'
import './commodity-card.scss'

export interface CommodityPriceProps {
  price: string
  originalPrice: string | undefined
  /** What the money is (押金 or 服务费), shown after the price. */
  modeLabel: string
  testIdPrefix: string
  large?: boolean
  /** The price in yuan once the order's voucher is taken off, when it has one. */
  voucherPrice?: string
}

/** The price in yuan, the struck-through original price, the price after the voucher and what the money is. */
export function CommodityPrice({ price, originalPrice, modeLabel, testIdPrefix, large, voucherPrice }: CommodityPriceProps) {
  return (
    <View className={`commodity-price${large ? ' commodity-price--large' : ''}`}>
      <Text className='commodity-price__current' data-testid={`${testIdPrefix}-price`}>
        <Text className='commodity-price__currency'>¥</Text>
        {price}
      </Text>
      {originalPrice ? (
        <Text className='commodity-price__original' data-testid={`${testIdPrefix}-original`}>
          原价¥{originalPrice}
        </Text>
      ) : null}
      {voucherPrice ? (
        <Text className='commodity-price__voucher' data-testid={`${testIdPrefix}-voucher-price`}>
          券后¥{voucherPrice}
        </Text>
      ) : null}
      <Text className='commodity-price__mode'>{modeLabel}</Text>
    </View>
  )
}
