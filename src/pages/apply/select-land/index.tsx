import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function SelectLandPage() {
  return (
    <PageShell route='selectLand' header={<CustomHeader route='selectLand' />}>
      <ComingSoon route='selectLand' />
    </PageShell>
  )
}
