import { routePage } from '../../../components/page-shell/route-page'
import { OrderCancelScreen } from '../../../features/order'

/** Cancelling an order [orderId]. */
export default routePage('orderCancel', ['orderId'], ({ orderId }) => <OrderCancelScreen orderId={orderId} />)
