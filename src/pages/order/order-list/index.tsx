import { routePage } from '../../../components/page-shell/route-page'
import { OrderListScreen } from '../../../features/order'

/** The user's orders. */
export default routePage('orderList', [], () => <OrderListScreen />)
