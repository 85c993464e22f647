import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import type { OrderSummary } from '../../../../types/api/orders'
import { deriveOrderStatus } from '../../../domain/order'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { useEarlyOrderCopyGone } from '../../../components/page-shell/use-early-order-copy'
import { CustomerService } from '../../../components/customer-service/CustomerService'
import { navigateFromTap } from '../../../platform/navigator'
import { orderDetailTarget } from '../actions/continue-route'
import { useNextAction } from '../actions/use-next-action'
import { OrderLoadFailed, OrderLoading } from '../detail/OrderStates'
import { OrderQrSheet } from '../parts/OrderQrSheet'
import { OrderPopup } from './OrderPopup'
import { OrderRow } from './OrderRow'
import { useOrderPopup } from './use-order-popup'
import { useOrderListLoad } from './use-order-list-load'
import { Pressable } from '../../../components/pressable/Pressable'
import { ElderModeSwitch } from '../../../components/elder-mode-switch/ElderModeSwitch'
import { StatusView } from '../../../components/status-view/StatusView'
import './order-list.scss'

/** No order yet: the way to a first application. */
function OrderListEmpty() {
  const { navigator } = useAppServices()
  return (
    <View className='order-list'>
      <StatusView
        testId='order-list-empty'
        title='暂无订单'
        description='您还没有ETC申办订单'
        actionText='立即申办'
        onAction={() => navigateFromTap(navigator.relaunch('plateEntry'))}
      />
      <ElderModeSwitch />
      <CustomerService prompt='如有疑问' />
    </View>
  )
}

/** The popup reminding of a device to activate; its guide closes it and opens the long-pay guide. */
function ActivationReminder({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const { navigator } = useAppServices()
  return (
    <OrderPopup
      order={order}
      onGuide={() => {
        onClose()
        navigateFromTap(navigator.open('longPayGuide'))
      }}
      onClose={onClose}
    />
  )
}

/**
 * The user's orders: open ones first (the current channel's first; the first is the current
 * process, marked unless it is cancelled), activated ones in their own section. Loads on arrival, again each time the page is
 * shown after that, on pull-down and on 刷新. A device waiting to be activated is reminded of in a
 * popup, at most once a day per order (use-order-popup.ts).
 */
export const OrderListScreen = observer(function OrderListScreen() {
  const { order: orders } = useStores()
  const { navigator } = useAppServices()
  const next = useNextAction()
  const [qrOrder, setQrOrder] = useState<OrderSummary>()
  const popup = useOrderPopup()
  useOrderListLoad(popup.decide)

  const { listLoad, listLoaded } = orders
  useEarlyOrderCopyGone(listLoaded || listLoad.status === 'error')
  if (!listLoaded) {
    if (listLoad.status === 'error') {
      return (
        <OrderLoadFailed error={listLoad.error} testId='order-list-error' onRetry={() => void orders.fetchList({ fresh: true })} />
      )
    }
    return <OrderLoading />
  }

  const { open, activated, current } = orders.arranged
  if (open.length === 0 && activated.length === 0) return <OrderListEmpty />

  const row = (order: OrderSummary) => (
    <OrderRow
      key={order.orderId}
      order={order}
      current={order === current && deriveOrderStatus(order) !== 'cancelled'}
      busy={next.busyOrder === order.orderId}
      onOpen={() => {
        const detail = orderDetailTarget(order)
        navigateFromTap(navigator.open(detail.route, detail.query))
      }}
      onCancel={() => navigateFromTap(navigator.open('orderCancel', { orderId: order.orderId }))}
      onNext={(action) => next.run(action, order)}
      onQr={() => setQrOrder(order)}
    />
  )

  return (
    <View className='order-list' data-testid='order-list'>
      <ElderModeSwitch />
      <View className='order-list__bar'>
        <View className='order-list__hint' role='status' data-testid='order-list-refreshing'>
          {listLoad.status === 'loading' ? '正在刷新…' : '下拉可刷新'}
        </View>
        <Pressable className='order-list__refresh' label='刷新订单列表' onPress={() => void orders.fetchList({ fresh: true })} testId='order-list-refresh'>
          刷新
        </Pressable>
      </View>
      {open.length ? (
        <View className='order-list__section' role='group' aria-label='办理中的订单' data-testid='order-list-open'>
          {open.map(row)}
        </View>
      ) : null}
      {activated.length ? (
        <View className='order-list__section' role='group' aria-label='已激活的订单' data-testid='order-list-activated'>
          <Text className='order-list__section-title'>已激活</Text>
          {activated.map(row)}
        </View>
      ) : null}
      <CustomerService prompt='如有疑问' />
      {qrOrder ? <OrderQrSheet order={qrOrder} onClose={() => setQrOrder(undefined)} /> : null}
      {popup.order && !qrOrder ? <ActivationReminder order={popup.order} onClose={popup.close} /> : null}
    </View>
  )
})
