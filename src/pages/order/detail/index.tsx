import { routePage } from '../../../components/page-shell/route-page'
import { OrderDetailScreen } from '../../../features/order'

/** One of the user's orders [orderId]. */
export default routePage('order', ['orderId'], ({ orderId }) => <OrderDetailScreen orderId={orderId} />)
