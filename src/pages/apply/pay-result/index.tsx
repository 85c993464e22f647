import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function PayResultPage() {
  return (
    <PageShell route='payResult'>
      <ComingSoon route='payResult' />
    </PageShell>
  )
}
