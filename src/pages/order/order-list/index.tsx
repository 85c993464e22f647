import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function OrderListPage() {
  return (
    <PageShell route='orderList'>
      <ComingSoon route='orderList' />
    </PageShell>
  )
}
