import { routePage } from '../../../components/page-shell/route-page'
import { PayScreen } from '../../../features/payment'

/** ETC申办 [orderId]: the order's summary and paying it. */
export default routePage('pay', ['orderId'], ({ orderId }) => <PayScreen orderId={orderId} />)
