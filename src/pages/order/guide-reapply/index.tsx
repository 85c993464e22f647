import { GuideReapplyScreen } from '../../../components/order-reapply/GuideReapplyScreen'
import { useRouteParams } from '../../../components/page-shell/use-route-params'
import { PageShell } from '../../../components/page-shell/PageShell'

/** What to do with a plate's historical order [orderId, reapplyType]. */
export default function GuideReapplyPage() {
  const { orderId, reapplyType } = useRouteParams('orderId', 'reapplyType')
  return (
    <PageShell route='guideReapply'>
      <GuideReapplyScreen orderId={orderId} reapplyType={reapplyType} />
    </PageShell>
  )
}
