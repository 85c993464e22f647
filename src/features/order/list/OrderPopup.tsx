import { Text, View } from '@tarojs/components'
import type { OrderSummary } from '../../../../types/api/orders'
import { Pressable } from '../../../components/pressable/Pressable'
import { OrderPlate } from '../parts/OrderPlate'
import './order-popup.scss'

export const ORDER_POPUP_TEXT = {
  title: '设备待激活',
  body: '您的ETC设备已发出，收到后请按说明书安装并激活，激活后即可不停车通行。',
  guide: '查看激活教程',
  close: '知道了',
} as const

export interface OrderPopupProps {
  order: Pick<OrderSummary, 'orderId' | 'plateNumber' | 'plateColor'>
  onGuide: () => void
  onClose: () => void
}

/** The order list's reminder of a shipped device that waits to be activated. */
export function OrderPopup({ order, onGuide, onClose }: OrderPopupProps) {
  return (
    <View className='order-popup'>
      <Pressable className='order-popup__mask' label='关闭提醒' onPress={onClose} testId='order-popup-mask' />
      <View
        className='order-popup__sheet'
        role='dialog'
        aria-modal='true'
        aria-label={ORDER_POPUP_TEXT.title}
        data-testid='order-popup'
        data-order-id={order.orderId}
      >
        <Text className='order-popup__title'>{ORDER_POPUP_TEXT.title}</Text>
        <OrderPlate plateNumber={order.plateNumber} plateColor={order.plateColor} testId='order-popup-plate' />
        <Text className='order-popup__body'>{ORDER_POPUP_TEXT.body}</Text>
        <Pressable className='order-popup__guide' label={ORDER_POPUP_TEXT.guide} onPress={onGuide} testId='order-popup-guide'>
          {ORDER_POPUP_TEXT.guide}
        </Pressable>
        <Pressable className='order-popup__close' label={ORDER_POPUP_TEXT.close} onPress={onClose} testId='order-popup-close'>
          {ORDER_POPUP_TEXT.close}
        </Pressable>
      </View>
    </View>
  )
}
