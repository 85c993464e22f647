import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function LandPage() {
  return (
    <PageShell route='land'>
      <ComingSoon route='land' />
    </PageShell>
  )
}
