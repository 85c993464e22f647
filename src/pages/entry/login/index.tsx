import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function LoginPage() {
  return (
    <PageShell route='login'>
      <ComingSoon route='login' />
    </PageShell>
  )
}
