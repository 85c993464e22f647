import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function QishiPage() {
  return (
    <PageShell route='qishi'>
      <ComingSoon route='qishi' />
    </PageShell>
  )
}
