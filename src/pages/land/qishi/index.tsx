import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/qishi` (ETC申办): a partner's landing page (its row of src/config/landings.ts). */
export default routePage('qishi', [], () => <LandingScreen variant='qishi' />)
