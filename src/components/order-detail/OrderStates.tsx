import { useAppServices } from '../app-services/app-services'
import { navigateFromTap } from '../order-actions/navigate'
import { StatusView } from '../status-view/StatusView'

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
