import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function HomePage() {
  return (
    <PageShell route='home'>
      <ComingSoon route='home' />
    </PageShell>
  )
}
