import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { routePage } from '../../../components/page-shell/route-page'

export default routePage('upgradeNotice', [], () => <ComingSoon route='upgradeNotice' />)
