import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function UpgradeNoticePage() {
  return (
    <PageShell route='upgradeNotice'>
      <ComingSoon route='upgradeNotice' />
    </PageShell>
  )
}
