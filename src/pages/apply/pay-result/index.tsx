import { routePage } from '../../../components/page-shell/route-page'
import { PayResultScreen } from '../../../features/payment'

/** ETC申办 [orderId]: how the payment ended, and what happens next. */
export default routePage('payResult', ['orderId'], ({ orderId }) => <PayResultScreen orderId={orderId} />)
