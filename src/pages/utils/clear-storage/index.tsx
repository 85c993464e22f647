import { routePage } from '../../../components/page-shell/route-page'
import { ClearStorageScreen } from '../../../features/utils'

/** 清缓存: clears this app's data on the device after a confirmation. */
export default routePage('clearStorage', [], () => <ClearStorageScreen />)
