import { PlateEntryForm } from '../../../components/entry-plate/PlateEntryForm'
import { PageNotices } from '../../../components/notice-bar/PageNotices'
import { PageShell } from '../../../components/page-shell/PageShell'

/** `/` (填写资料): the plate entry and the landing after the app's login; back quits the app. */
export default function PlateEntryPage() {
  return (
    <PageShell route='plateEntry'>
      <PageNotices route='plateEntry' />
      <PlateEntryForm />
    </PageShell>
  )
}
