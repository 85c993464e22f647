import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function Baidu3LandPage() {
  return (
    <PageShell route='baidu3Land'>
      <ComingSoon route='baidu3Land' />
    </PageShell>
  )
}
