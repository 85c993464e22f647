import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/land` (ETC申办): the general landing page (its row of src/config/landings.ts). */
export default routePage('land', [], () => <LandingScreen variant='land' />)
