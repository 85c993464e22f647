import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function AgreePage() {
  return (
    <PageShell route='agree'>
      <ComingSoon route='agree' />
    </PageShell>
  )
}
