import { isOrderMissing } from '../../../stores/order-store'
import type { LoadState } from '../../../stores/load-state'
import { useAppServices } from '../../../components/app-services/app-services'
import { navigateFromTap } from '../../../platform/navigator'
import { StatusView } from '../../../components/status-view/StatusView'

/** While an order loads. */
export function OrderLoading({ title = '加载中…' }: { title?: string }) {
  return <StatusView testId='order-loading' title={title} />
}

/** An order id that is unknown, or another user's: the same answer for both, with the way to the user's own orders. */
export function OrderNotFound() {
  const { navigator } = useAppServices()
  return (
    <StatusView
      role='alert'
      testId='order-not-found'
      title='订单不存在'
      description='请确认订单链接是否正确，或在订单列表中查看您的订单。'
      actionText='查看我的订单'
      onAction={() => navigateFromTap(navigator.replace('orderList'))}
    />
  )
}

/** What a page shows while its order is not here: loading, not found, or the failure with a retry. */
export function OrderPending({ load, errorTestId, onRetry }: { load: LoadState; errorTestId: string; onRetry: () => void }) {
  if (load.status !== 'error') return <OrderLoading />
  if (isOrderMissing(load.error)) return <OrderNotFound />
  return <StatusView role='alert' testId={errorTestId} title='订单加载失败' description={load.error?.message} actionText='重试' onAction={onRetry} />
}
