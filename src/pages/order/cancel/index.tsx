import { OrderCancelScreen } from '../../../components/order-cancel/OrderCancelScreen'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'

/** Cancelling an order [orderId]. */
export default function OrderCancelPage() {
  const { orderId } = useRouteParams('orderId')
  return (
    <PageShell route='orderCancel'>
      <OrderCancelScreen orderId={orderId} />
    </PageShell>
  )
}
