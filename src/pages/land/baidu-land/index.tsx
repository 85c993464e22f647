import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function BaiduLandPage() {
  return (
    <PageShell route='baiduLand'>
      <ComingSoon route='baiduLand' />
    </PageShell>
  )
}
