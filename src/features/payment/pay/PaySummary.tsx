import { Text, View } from '@tarojs/components'
import { formatYuan } from '../../../domain/money'
import { PLATE_KIND_LABEL, plateKindOf } from '../../../domain/plate'
import { Heading } from '../../../components/heading/Heading'

export interface PaySummaryProps {
  orderId: string
  plateNumber: string
  plateColor: number
  commodityName: string | null
  modeLabel: string
  amountCents: number
}

/** 订单信息: the plate, the package, the order number and the amount to pay. */
export function PaySummary({ orderId, plateNumber, plateColor, commodityName, modeLabel, amountCents }: PaySummaryProps) {
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
