import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function OrderJhPage() {
  return (
    <PageShell route='orderJh'>
      <ComingSoon route='orderJh' />
    </PageShell>
  )
}
