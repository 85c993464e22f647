import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function RedirectOrderListPage() {
  return (
    <PageShell route='redirectOrderList'>
      <ComingSoon route='redirectOrderList' />
    </PageShell>
  )
}
