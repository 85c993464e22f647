import { routePage } from '../../../components/page-shell/route-page'
import { OrderJhScreen } from '../../../features/order'

/** A province-flow order [orderId], or an outlet's offline order carried on online [offlineNo, plateNumber]. */
export default routePage(
  'orderJh',
  ['orderId', 'offlineNo', 'plateNumber'],
  ({ orderId, offlineNo, plateNumber }) => <OrderJhScreen orderId={orderId} offlineNo={offlineNo} plateNumber={plateNumber} />,
)
