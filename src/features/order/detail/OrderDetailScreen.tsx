import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useStores } from '../../../stores/store-context'
import { useAppServices } from '../../../components/app-services/app-services'
import { useShownAgain } from '../../../components/page-shell/use-shown-again'
import { useEarlyOrderCopyGone } from '../../../components/page-shell/use-early-order-copy'
import { navigateFromTap } from '../../../platform/navigator'
import { useNextAction } from '../actions/use-next-action'
import { OrderQrSheet } from '../parts/OrderQrSheet'
import { OrderDetailView } from './OrderDetailView'
import { OrderNotFound, OrderPending } from './OrderStates'

/**
 * An order's detail page body: loads the order, and asks the server again each time the page is
 * shown after the first time, on pull-down and on 刷新 (the order moves on without the person:
 * audit, shipping, a payment settled elsewhere). Shows loading, error with retry, "订单不存在" (an
 * unknown id, or another user's: the server answers both alike), or the order with its actions.
 */
export const OrderDetailScreen = observer(function OrderDetailScreen({ orderId }: { orderId: string }) {
  const { order: orders } = useStores()
  const { navigator } = useAppServices()
  const next = useNextAction()
  const [qrOpen, setQrOpen] = useState(false)

  useEffect(() => {
    if (orderId) void orders.fetchProcess(orderId)
  }, [orders, orderId])

  const refresh = () => orders.fetchProcess(orderId, { fresh: true })

  useShownAgain(() => {
    const { status } = orders.processLoadOf(orderId)
    if (orderId && (status === 'ready' || status === 'error')) void refresh()
  })

  Taro.usePullDownRefresh(() => {
    void refresh().finally(() => Taro.stopPullDownRefresh())
  })

  const order = orderId ? orders.processOf(orderId) : undefined
  const load = orders.processLoadOf(orderId)
  useEarlyOrderCopyGone(!orderId || order !== undefined || load.status === 'error')
  if (!orderId) return <OrderNotFound />
  if (!order) return <OrderPending load={load} errorTestId='order-detail-error' onRetry={() => void refresh()} />

  return (
    <>
      <OrderDetailView
        order={order}
        busy={next.busyOrder === orderId}
        refreshing={load.status === 'loading'}
        onCancel={() => navigateFromTap(navigator.open('orderCancel', { orderId }))}
        onNext={(action) => next.run(action, order)}
        onQr={() => setQrOpen(true)}
        onRefresh={() => void refresh()}
      />
      {qrOpen ? <OrderQrSheet order={order} onClose={() => setQrOpen(false)} /> : null}
    </>
  )
})
