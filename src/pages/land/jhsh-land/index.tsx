import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function JhshLandPage() {
  return (
    <PageShell route='jhshLand'>
      <ComingSoon route='jhshLand' />
    </PageShell>
  )
}
