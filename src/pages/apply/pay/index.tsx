import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function PayPage() {
  return (
    <PageShell route='pay'>
      <ComingSoon route='pay' />
    </PageShell>
  )
}
