import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function ChelunPage() {
  return (
    <PageShell route='chelun'>
      <ComingSoon route='chelun' />
    </PageShell>
  )
}
