import { routePage } from '../../../components/page-shell/route-page'
import { AgreeScreen } from '../../../features/apply'

/** 协议确认: the agreements, accepted before any personal data is sent. */
export default routePage('agree', [], () => <AgreeScreen />)
