import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/baidu3-land` (ETC申办): a search ad's landing page, steps first (its row of src/config/landings.ts). */
export default routePage('baidu3Land', [], () => <LandingScreen variant='baidu3Land' />)
