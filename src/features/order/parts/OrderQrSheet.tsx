import { Text, View } from '@tarojs/components'
import type { Code } from '../../../domain/order'
import { orderQrText } from '../../../domain/qr'
import { OrderPlate } from './OrderPlate'
import { Pressable } from '../../../components/pressable/Pressable'
import { QrCode } from '../../../components/qr-code/QrCode'
import './order-qr-sheet.scss'

export interface OrderQrSheetProps {
  order: { orderId: string; plateNumber: string; plateColor: Code }
  onClose: () => void
}

/** A sheet over the page with the order's QR code, to show at a service outlet. */
export function OrderQrSheet({ order, onClose }: OrderQrSheetProps) {
  return (
    <View className='order-qr'>
      <Pressable className='order-qr__mask' label='关闭二维码' onPress={onClose} testId='order-qr-mask' />
      <View className='order-qr__sheet' role='dialog' aria-modal='true' aria-label='订单二维码' data-testid='order-qr-sheet'>
        <Text className='order-qr__title'>订单二维码</Text>
        <OrderPlate plateNumber={order.plateNumber} plateColor={order.plateColor} testId='order-qr-plate' />
        <QrCode text={orderQrText(order)} label={`订单${order.orderId}的二维码`} testId='order-qr-code' />
        <Text className='order-qr__order-id' data-testid='order-qr-order-id'>
          订单号：{order.orderId}
        </Text>
        <Text className='order-qr__hint'>办理安装、激活或售后时，请向服务网点出示此二维码</Text>
        <Pressable className='order-qr__close' label='关闭' onPress={onClose} testId='order-qr-close'>
          关闭
        </Pressable>
      </View>
    </View>
  )
}
