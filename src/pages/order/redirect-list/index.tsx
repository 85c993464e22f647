import { routePage } from '../../../components/page-shell/route-page'
import { RedirectToOrderList } from '../../../features/order'

/** Links from outside the app: log in if needed, then the order list. */
export default routePage('redirectOrderList', [], () => <RedirectToOrderList />)
