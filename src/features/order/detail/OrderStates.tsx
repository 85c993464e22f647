import { isOrderMissing } from '../../../stores/order-store'
import type { LoadState } from '../../../stores/load-state'
import { useAppServices } from '../../../components/app-services/app-services'
import { navigateFromTap } from '../../../platform/navigator'
import { StatusView } from '../../../components/status-view/StatusView'
import { isRequestError } from '../../../services/request/errors'

/** A failed load whose cause is a login the person has not given: its way on is the login page, not a retry. */
function needsLogin(error: Error | undefined): boolean {
  return isRequestError(error) && error.kind === 'loginRequired'
}

/** The failure of an order page's load, with its way on: log in, or try again. */
export function OrderLoadFailed({ error, testId, onRetry }: { error: Error | undefined; testId: string; onRetry: () => void }) {
  const { navigator } = useAppServices()
  const login = needsLogin(error)
  return (
    <StatusView
      role='alert'
      testId={testId}
      title={login ? '登录后查看订单' : '订单加载失败'}
      description={error?.message}
      actionText={login ? '登录' : '重试'}
      onAction={login ? () => navigateFromTap(navigator.toLogin()) : onRetry}
    />
  )
}

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
  return <OrderLoadFailed error={load.error} testId={errorTestId} onRetry={onRetry} />
}
