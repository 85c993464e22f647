import { observer } from 'mobx-react-lite'
import { Suspense, lazy, useEffect, useState } from 'react'
import type { ComponentType } from 'react'
import { ROUTES } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import type { Notice } from '../../domain/notice'
import type { NoticeStore } from '../../stores/notice-store'
import { useStores } from '../../stores/store-context'
import { useAppServices } from '../app-services/app-services'
import { trackedPage } from '../page-shell/use-page-tracking'
import type { NoticeBarProps } from './NoticeBar'
import { useNoticeLink } from './use-notice-link'

// Most visits have no notice: the bar's code loads only when there is one to show (and a bar
// that fails to load leaves the page as it is: notices are extras).
const NoticeBar = lazy<ComponentType<NoticeBarProps>>(() =>
  import('./NoticeBar').then(
    (module) => ({ default: module.NoticeBar }),
    () => ({ default: () => null }),
  ),
)

/** The notices to show on any of the route's addresses (canonical or alias), each once. */
function noticesOn(store: NoticeStore, route: RouteName, now: number): Notice[] {
  const seen = new Set<string>()
  return ROUTES[route].urls
    .flatMap((url) => store.visibleOn(url, now))
    .filter((notice) => {
      const key = String(notice.id)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/**
 * The remote configuration's notices for a page (PageShell renders it on every route), fetched
 * once the app's services are here (the notices call needs no login). When they have loaded the
 * page takes those of its route and records them as shown: a once-a-day notice then stays on this
 * page until it is closed and keeps away from every page for a day. "查看详情" opens the notice's
 * redirect path through the link helper; a closed notice goes away for the rest of the visit.
 */
export const PageNotices = observer(function PageNotices({ route }: { route: RouteName }) {
  const { notice } = useStores()
  const { tracker } = useAppServices()
  const open = useNoticeLink(route)
  const [shown, setShown] = useState<readonly Notice[]>()
  const ready = notice.load.status === 'ready'

  useEffect(() => {
    void notice.ensureLoaded()
  }, [notice])

  useEffect(() => {
    if (!ready || shown) return
    const now = Date.now()
    const visible = noticesOn(notice, route, now)
    notice.markShown(visible, now)
    setShown(visible)
  }, [ready, shown, notice, route])

  const visible = (shown ?? []).filter((item) => !notice.isClosed(item))
  if (visible.length === 0) return null

  return (
    <Suspense fallback={null}>
      <NoticeBar
        notices={visible}
        onOpen={open}
        onDismiss={(item) => {
          tracker.click(trackedPage(route), 'noticeDismiss', { noticeId: String(item.id) })
          notice.close(item)
        }}
      />
    </Suspense>
  )
})
