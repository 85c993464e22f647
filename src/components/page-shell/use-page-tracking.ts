import Taro from '@tarojs/taro'
import { useEffect, useRef } from 'react'
import { trackedPage } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { useOptionalAppServices } from '../app-services/app-services'

// Defined with the route table, where the composition root (which has no Taro) takes it from too;
// the pages' components take it from here, beside the hook.
export { trackedPage }

/**
 * One page view each time the page is shown; queued events go out when it is hidden. A page
 * shown before the app's services have loaded is counted as soon as they have.
 */
export function usePageTracking(route: RouteName): void {
  const tracker = useOptionalAppServices()?.tracker
  const latest = useRef(tracker)
  latest.current = tracker
  const unsent = useRef(false)
  Taro.useDidShow(() => {
    if (latest.current) latest.current.pageView(trackedPage(route))
    else unsent.current = true
  })
  useEffect(() => {
    if (!tracker || !unsent.current) return
    unsent.current = false
    tracker.pageView(trackedPage(route))
  }, [tracker, route])
  Taro.useDidHide(() => void latest.current?.flush())
}
