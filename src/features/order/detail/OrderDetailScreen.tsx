import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { navigateFromTap } from '../../../platform/navigator'
import { useContinueApplying } from '../actions/use-continue-applying'
import { useReapplyGuide } from '../reapply/use-reapply-guide'
import { OrderQrSheet } from '../parts/OrderQrSheet'
import { OrderDetailView } from './OrderDetailView'
import { OrderNotFound, OrderPending } from './OrderStates'

/**
 * An order's detail page body: loads the order (again each time the page is shown after the
 * first time), shows loading, error with retry, "订单不存在" (an unknown id, or another user's:
 * the server answers both alike), or the order with its actions.
 */
export const OrderDetailScreen = observer(function OrderDetailScreen({ orderId }: { orderId: string }) {
  const { order: orders } = useStores()
  const { navigator } = useAppServices()
  const { continuing, continueOrder } = useContinueApplying()
  const { openGuide } = useReapplyGuide()
  const [qrOpen, setQrOpen] = useState(false)

  useEffect(() => {
    if (orderId) void orders.fetchProcess(orderId)
  }, [orders, orderId])

  Taro.useDidShow(() => {
    const { status } = orders.processLoadOf(orderId)
    if (orderId && (status === 'ready' || status === 'error')) void orders.fetchProcess(orderId)
  })

  if (!orderId) return <OrderNotFound />
  const order = orders.processOf(orderId)
  const load = orders.processLoadOf(orderId)
  if (!order) return <OrderPending load={load} errorTestId='order-detail-error' onRetry={() => void orders.fetchProcess(orderId, { fresh: true })} />

  return (
    <>
      <OrderDetailView
        order={order}
        continuing={continuing === orderId}
        onCancel={() => navigateFromTap(navigator.open('orderCancel', { orderId }))}
        onContinue={() => void continueOrder(orderId, order)}
        onQr={() => setQrOpen(true)}
        onPay={() => navigateFromTap(navigator.open('pay', { orderId }))}
        onReapplyGuide={() => void openGuide(order)}
      />
      {qrOpen ? <OrderQrSheet order={order} onClose={() => setQrOpen(false)} /> : null}
    </>
  )
})
