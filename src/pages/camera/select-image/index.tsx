import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function SelectImagePage() {
  return (
    <PageShell route='selectImage'>
      <ComingSoon route='selectImage' />
    </PageShell>
  )
}
