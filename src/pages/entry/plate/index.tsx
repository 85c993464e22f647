import { View } from '@tarojs/components'
import { Suspense, lazy } from 'react'
import { JourneyIntro } from '../../../components/entry-plate/JourneyIntro'
import { PageShell } from '../../../components/page-shell/PageShell'

// The form (and the stores' observers it brings) renders only once the app's services are here,
// so its code loads with them, after the page has painted.
const PlateEntryContent = lazy(() => import('../../../components/entry-plate/PlateEntryContent'))

/** What the entry page shows at once, while the rest loads: the journey's steps. */
function PlatePlaceholder() {
  return (
    <View className='entry-plate'>
      <JourneyIntro />
    </View>
  )
}

/** `/` (填写资料): the plate entry and the landing after the app's login; back quits the app. */
export default function PlateEntryPage() {
  return (
    <PageShell route='plateEntry' placeholder={<PlatePlaceholder />}>
      <Suspense fallback={<PlatePlaceholder />}>
        <PlateEntryContent />
      </Suspense>
    </PageShell>
  )
}
