import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function PlateEntryPage() {
  return (
    <PageShell route='plateEntry'>
      <ComingSoon route='plateEntry' />
    </PageShell>
  )
}
