import { routePage } from '../../../components/page-shell/route-page'
import { HomeScreen } from '../../../features/entry'

/** `/pages/index/index` (ETC申办): the product home. */
export default routePage('home', [], () => <HomeScreen />)
