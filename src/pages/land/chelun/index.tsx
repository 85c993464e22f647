import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/chelun` (ETC申办): the car-owner app's landing page (its row of src/config/landings.ts). */
export default routePage('chelun', [], () => <LandingScreen variant='chelun' />)
