import { Suspense, lazy } from 'react'
import { routePage } from '../../../components/page-shell/route-page'
import { PlatePlaceholder } from '../../../features/entry'

// The form (and the stores' observers it brings) renders only once the app's services are here,
// so its code loads with them, after the page has painted.
const PlateEntryContent = lazy(() => import('../../../features/entry/plate/PlateEntryContent'))

/** `/` (填写资料): the plate entry and the landing after the app's login; back quits the app. */
export default routePage(
  'plateEntry',
  [],
  () => (
    <Suspense fallback={<PlatePlaceholder />}>
      <PlateEntryContent />
    </Suspense>
  ),
  { placeholder: PlatePlaceholder },
)
