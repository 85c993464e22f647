import { observer } from 'mobx-react-lite'
import { Suspense, lazy, useEffect, useState } from 'react'
import { ROUTES } from '../../../config/routes'
import type { RouteName } from '../../../config/routes'
import { parseExternalUrl } from '../../../domain/external-url'
import type { Notice } from '../../../domain/notice'
import { useStores } from '../../../stores/store-context'
import { pageTarget } from '../links/page-target'
import { useEntryActions } from '../links/use-entry-actions'

// Most visits have no notice: the bar's code loads only when there is one to show.
const NoticeBar = lazy(() => import('./NoticeBar').then((module) => ({ default: module.NoticeBar })))

/** The notices whose effect range names any of the route's addresses (canonical or alias). */
function noticesOn(visibleOn: (route: string, now: number) => Notice[], route: RouteName, now: number): Notice[] {
  const seen = new Set<string>()
  return ROUTES[route].urls
    .flatMap((url) => visibleOn(url, now))
    .filter((notice) => {
      const key = String(notice.id)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/**
 * The remote configuration's notices for a page, fetched after the page has painted (the
 * notices call needs no login). A dismissed notice goes away for this visit; the once-a-day type
 * stays away for a day (the store remembers when it was dismissed).
 */
export const PageNotices = observer(function PageNotices({ route }: { route: RouteName }) {
  const { notice } = useStores()
  const actions = useEntryActions(route)
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())

  useEffect(() => {
    if (notice.load.status === 'idle') void notice.fetch()
  }, [notice])

  const visible = noticesOn((url, now) => notice.visibleOn(url, now), route, Date.now()).filter((item) => !dismissed.has(String(item.id)))
  if (visible.length === 0) return null

  const open = (item: Notice) => {
    const path = item.redirectPath ?? ''
    actions.track('noticeOpen', { noticeId: String(item.id) })
    const target = pageTarget(path)
    if (target) {
      void actions.open(target.route, target.query)
      return
    }
    const external = parseExternalUrl(path)
    if (external.ok) void actions.open('webview', { src: external.url })
  }

  return (
    <Suspense fallback={null}>
      <NoticeBar
        notices={visible}
        onOpen={open}
        onDismiss={(item) => {
          actions.track('noticeDismiss', { noticeId: String(item.id) })
          notice.dismiss(item, Date.now())
          setDismissed((current) => new Set([...current, String(item.id)]))
        }}
      />
    </Suspense>
  )
})
