import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function JhLandPage() {
  return (
    <PageShell route='jhLand'>
      <ComingSoon route='jhLand' />
    </PageShell>
  )
}
