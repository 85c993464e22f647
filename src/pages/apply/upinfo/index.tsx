import { routePage } from '../../../components/page-shell/route-page'
import { UpinfoScreen } from '../../../features/apply'

/** 填写资料: the owner, vehicle, photos and delivery of the application. */
export default routePage('upinfo', [], () => <UpinfoScreen />)
