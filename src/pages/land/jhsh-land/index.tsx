import { routePage } from '../../../components/page-shell/route-page'
import { LandingScreen } from '../../../features/land'

/** `/apply/jhsh-land` (ETC申办): the bank life app's landing page (its row of src/config/landings.ts). */
export default routePage('jhshLand', [], () => <LandingScreen variant='jhshLand' />)
