import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function OrderPage() {
  return (
    <PageShell route='order'>
      <ComingSoon route='order' />
    </PageShell>
  )
}
