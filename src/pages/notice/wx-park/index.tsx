import { routePage } from '../../../components/page-shell/route-page'
import { WxParkScreen } from '../../../features/handover'

/** The payment app's official ETC application, and the hand-over to it. */
export default routePage('wxPark', [], () => <WxParkScreen />)
