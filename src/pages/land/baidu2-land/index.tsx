import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/baidu2-land` (ETC申办): a search ad's landing page, packages first (its row of src/config/landings.ts). */
export default routePage('baidu2Land', [], () => <LandingScreen variant='baidu2Land' />)
