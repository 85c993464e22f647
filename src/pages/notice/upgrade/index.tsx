import { routePage } from '../../../components/page-shell/route-page'
import { UpgradeNoticeScreen } from '../../../features/notice'

/** The upgrade notice (公告) with the person's plates under way to continue. */
export default routePage('upgradeNotice', [], () => <UpgradeNoticeScreen />)
