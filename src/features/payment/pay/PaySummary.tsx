import { Text, View } from '@tarojs/components'
import type { OrderVoucher } from '../../../../types/api/apply'
import { discountTaken, formatDiscount, formatYuan } from '../../../domain/money'
import { PLATE_KIND_LABEL, plateKindOf } from '../../../domain/plate'
import { Heading } from '../../../components/heading/Heading'

export interface PaySummaryProps {
  orderId: string
  plateNumber: string
  plateColor: number
  commodityName: string | null
  modeLabel: string
  /** What is paid: the price less the voucher. */
  amountCents: number
  /** The package's price before the voucher. */
  priceCents: number
  voucher: OrderVoucher | null
}

/**
 * 订单信息: the plate, the package, the order number, the price and voucher when one is used, and
 * the amount to pay. The discount shown is what the voucher took off the price, so the lines add
 * up even when the least payment cut it short of the code's face value.
 */
export function PaySummary({ orderId, plateNumber, plateColor, commodityName, modeLabel, amountCents, priceCents, voucher }: PaySummaryProps) {
  return (
    <View className='pay__card' data-testid='pay-summary'>
      <Heading level={2} className='pay__title'>订单信息</Heading>
      <View className='pay__row'>
        <Text className='pay__key'>车牌号</Text>
        <Text className='pay__value' data-testid='pay-plate'>
          {plateNumber}（{PLATE_KIND_LABEL[plateKindOf(plateColor)]}）
        </Text>
      </View>
      <View className='pay__row'>
        <Text className='pay__key'>套餐</Text>
        <Text className='pay__value' data-testid='pay-package'>
          {commodityName ?? '--'}
        </Text>
      </View>
      <View className='pay__row'>
        <Text className='pay__key'>订单号</Text>
        <Text className='pay__value' data-testid='pay-order-id'>
          {orderId}
        </Text>
      </View>
      {voucher ? (
        <>
          <View className='pay__row'>
            <Text className='pay__key'>套餐价格</Text>
            <Text className='pay__value' data-testid='pay-price'>
              ¥{formatYuan(priceCents)}
            </Text>
          </View>
          <View className='pay__row' data-testid='pay-voucher'>
            <Text className='pay__key'>核销码优惠</Text>
            <Text className='pay__value'>
              <Text data-testid='pay-voucher-code'>{voucher.code}</Text>{' '}
              <Text className='pay__discount' data-testid='pay-voucher-discount'>
                {formatDiscount(discountTaken(priceCents, amountCents))}
              </Text>
            </Text>
          </View>
        </>
      ) : null}
      <View className='pay__row pay__row--amount'>
        <Text className='pay__key' data-testid='pay-mode'>
          {modeLabel}
        </Text>
        <Text className='pay__amount' data-testid='pay-amount'>
          ¥{formatYuan(amountCents)}
        </Text>
      </View>
    </View>
  )
}
