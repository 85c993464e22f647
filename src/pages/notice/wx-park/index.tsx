import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function WxParkPage() {
  return (
    <PageShell route='wxPark'>
      <ComingSoon route='wxPark' />
    </PageShell>
  )
}
