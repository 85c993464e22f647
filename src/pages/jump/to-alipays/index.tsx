import { ComingSoon } from '../../../components/coming-soon/ComingSoon'
import { PageShell } from '../../../components/page-shell/PageShell'

export default function ToAlipaysPage() {
  return (
    <PageShell route='toAlipays'>
      <ComingSoon route='toAlipays' />
    </PageShell>
  )
}
