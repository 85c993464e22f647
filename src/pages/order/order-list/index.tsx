import { OrderListScreen } from '../../../components/order-list/OrderListScreen'
import { PageShell } from '../../../components/page-shell/PageShell'

/** The user's orders. */
export default function OrderListPage() {
  return (
    <PageShell route='orderList'>
      <OrderListScreen />
    </PageShell>
  )
}
