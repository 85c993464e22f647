import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { routePage } from '../../../components/page-shell/route-page'
import { SelectLandScreen } from '../../../features/apply'

/** 套餐选择: the channel's packages; choosing one submits the application. */
export default routePage('selectLand', [], () => <SelectLandScreen />, { header: CustomHeader })
