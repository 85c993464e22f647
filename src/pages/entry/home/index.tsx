import { HomeScreen } from '../../../components/entry-home/HomeScreen'
import { PageNotices } from '../../../components/notice-bar/PageNotices'
import { PageShell } from '../../../components/page-shell/PageShell'

/** `/pages/index/index` (ETC申办): the product home. */
export default function HomePage() {
  return (
    <PageShell route='home'>
      <PageNotices route='home' />
      <HomeScreen />
    </PageShell>
  )
}
