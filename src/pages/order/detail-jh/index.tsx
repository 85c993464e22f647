import { OfflineHandOver } from '../../../components/order-detail/OfflineHandOver'
import { OrderDetailScreen } from '../../../components/order-detail/OrderDetailScreen'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'

/**
 * A province-flow order [orderId], or an outlet's offline order carried on online [offlineNo and
 * plateNumber, the fields of the sealed hand-over parameter].
 */
export default function OrderJhPage() {
  const { orderId, offlineNo, plateNumber } = useRouteParams('orderId', 'offlineNo', 'plateNumber')
  return (
    <PageShell route='orderJh'>
      {offlineNo && plateNumber ? <OfflineHandOver param={{ offlineNo, plateNumber }} /> : <OrderDetailScreen orderId={orderId} />}
    </PageShell>
  )
}
