import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { routePage } from '../../../components/page-shell/route-page'
import { SelectDetailScreen } from '../../../features/apply'

/** 套餐详情 [commodityId]: one package in full, and the same choice as the list. */
export default routePage(
  'selectDetail',
  ['commodityId'],
  ({ commodityId }) => <SelectDetailScreen commodityId={commodityId} />,
  { header: CustomHeader },
)
