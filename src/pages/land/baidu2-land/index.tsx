import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function Baidu2LandPage() {
  return (
    <PageShell route='baidu2Land'>
      <ComingSoon route='baidu2Land' />
    </PageShell>
  )
}
