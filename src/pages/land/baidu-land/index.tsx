import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/baidu-land` (ETC申办): a search ad's landing page (its row of src/config/landings.ts). */
export default routePage('baiduLand', [], () => <LandingScreen variant='baiduLand' />)
