import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function UpinfoPage() {
  return (
    <PageShell route='upinfo'>
      <ComingSoon route='upinfo' />
    </PageShell>
  )
}
