import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function GuideReapplyPage() {
  return (
    <PageShell route='guideReapply'>
      <ComingSoon route='guideReapply' />
    </PageShell>
  )
}
