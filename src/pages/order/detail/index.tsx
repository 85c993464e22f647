import { OrderDetailScreen } from '../../../components/order-detail/OrderDetailScreen'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'

/** One of the user's orders [orderId]. */
export default function OrderPage() {
  const { orderId } = useRouteParams('orderId')
  return (
    <PageShell route='order'>
      <OrderDetailScreen orderId={orderId} />
    </PageShell>
  )
}
