import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { routePage } from '../../../components/page-shell/route-page'

export default routePage('baidu3Land', [], () => <ComingSoon route='baidu3Land' />)
