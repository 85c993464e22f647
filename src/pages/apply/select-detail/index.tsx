import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { CustomHeader } from '../../../components/custom-header/CustomHeader'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function SelectDetailPage() {
  return (
    <PageShell route='selectDetail' header={<CustomHeader route='selectDetail' />}>
      <ComingSoon route='selectDetail' />
    </PageShell>
  )
}
