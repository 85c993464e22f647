import { RedirectToOrderList } from '../../../components/order-list/RedirectToOrderList'
import { PageShell } from '../../../components/page-shell/PageShell'

/** Links from outside the app: log in if needed, then the order list. */
export default function RedirectOrderListPage() {
  return (
    <PageShell route='redirectOrderList'>
      <RedirectToOrderList />
    </PageShell>
  )
}
