import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/jh-land` (ETC申办): the bank app's landing page (its row of src/config/landings.ts). */
export default routePage('jhLand', [], () => <LandingScreen variant='jhLand' />)
