import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function ConfirmSelectPage() {
  return (
    <PageShell route='confirmSelect'>
      <ComingSoon route='confirmSelect' />
    </PageShell>
  )
}
