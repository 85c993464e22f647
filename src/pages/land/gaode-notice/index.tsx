import { routePage } from '../../../components/page-shell/route-page'
import { GaodeNoticeScreen } from '../../../features/notice'

/** The map channel's notices (公告). */
export default routePage('gaodeNotice', [], () => <GaodeNoticeScreen />)
