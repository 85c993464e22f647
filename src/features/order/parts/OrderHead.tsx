import { View } from '@tarojs/components'
import type { Code, OrderStatus } from '../../../domain/order'
import { OrderPlate } from './OrderPlate'
import { StatusTag } from './StatusTag'

export interface OrderHeadProps {
  plateNumber: string
  plateColor: Code
  status: OrderStatus
  /** The BEM block of the card it heads: styles `<block>__head` and `<block>__status`. */
  block: string
  /** Names the plate `<prefix>-plate` and the status `<prefix>-status` for tests. */
  testIdPrefix: string
}

/** The top line of an order's card: its plate, and its status on the right. */
export function OrderHead({ plateNumber, plateColor, status, block, testIdPrefix }: OrderHeadProps) {
  return (
    <View className={`${block}__head`}>
      <OrderPlate plateNumber={plateNumber} plateColor={plateColor} testId={`${testIdPrefix}-plate`} />
      <View className={`${block}__status`}>
        <StatusTag status={status} testId={`${testIdPrefix}-status`} />
      </View>
    </View>
  )
}
