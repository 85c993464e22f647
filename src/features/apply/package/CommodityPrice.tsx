import { Text, View } from '@tarojs/components'
import { BUSINESS_MODE } from '../../../domain/enums'
import { payModeLabel } from '../../../config/payment'
import './commodity-card.scss'

export interface CommodityPriceProps {
  price: string
  originalPrice: string | undefined
  /** BUSINESS_MODE: what the money is (押金 or 服务费), said before the price. */
  businessMode: number
  testIdPrefix: string
  large?: boolean
  /** The price in yuan once the order's voucher is taken off, when it has one. */
  voucherPrice?: string
}

/**
 * What the money is, then the price, the price after the voucher, and the original price. A fee
 * is a price, so its original is struck through; a deposit comes back, so the device's value
 * beside it is only a value, never a crossed-out price.
 */
export function CommodityPrice({ price, originalPrice, businessMode, testIdPrefix, large, voucherPrice }: CommodityPriceProps) {
  const deposit = businessMode !== BUSINESS_MODE.FEE
  return (
    <View className={`commodity-price${large ? ' commodity-price--large' : ''}`}>
      <Text className='commodity-price__mode' data-testid={`${testIdPrefix}-mode`}>
        {payModeLabel(businessMode)}
      </Text>
      <Text className='commodity-price__current' data-testid={`${testIdPrefix}-price`}>
        <Text className='commodity-price__currency'>¥</Text>
        {price}
      </Text>
      {voucherPrice ? (
        <Text className='commodity-price__voucher' data-testid={`${testIdPrefix}-voucher-price`}>
          券后¥{voucherPrice}
        </Text>
      ) : null}
      {originalPrice ? (
        <Text className={`commodity-price__original${deposit ? ' commodity-price__original--value' : ''}`} data-testid={`${testIdPrefix}-original`}>
          {deposit ? `设备价值¥${originalPrice}` : `原价¥${originalPrice}`}
        </Text>
      ) : null}
    </View>
  )
}
