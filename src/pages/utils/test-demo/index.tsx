import { routePage } from '../../../components/page-shell/route-page'
import { Diagnostics } from '../../../features/utils'

/** Read-only diagnostics: build facts, nothing secret. */
export default routePage('testDemo', [], () => <Diagnostics />)
