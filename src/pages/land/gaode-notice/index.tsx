import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function GaodeNoticePage() {
  return (
    <PageShell route='gaodeNotice'>
      <ComingSoon route='gaodeNotice' />
    </PageShell>
  )
}
