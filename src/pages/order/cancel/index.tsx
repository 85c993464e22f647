import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function OrderCancelPage() {
  return (
    <PageShell route='orderCancel'>
      <ComingSoon route='orderCancel' />
    </PageShell>
  )
}
