import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function ToMpWxPage() {
  return (
    <PageShell route='toMpWx'>
      <ComingSoon route='toMpWx' />
    </PageShell>
  )
}
