import { routePage } from '../../../components/page-shell/route-page'
import { GuideReapplyScreen } from '../../../features/order'

/** What to do with a plate's historical order [orderId, reapplyType]. */
export default routePage(
  'guideReapply',
  ['orderId', 'reapplyType'],
  ({ orderId, reapplyType }) => <GuideReapplyScreen orderId={orderId} reapplyType={reapplyType} />,
)
