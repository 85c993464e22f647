import Taro from '@tarojs/taro'
import { useEffect, useRef } from 'react'
import { ROUTES } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { useOptionalAppServices } from '../app-services/app-services'

/** The name a page is tracked under: its canonical H5 URL, the same on every platform. */
export function trackedPage(route: RouteName): string {
  return ROUTES[route].urls[0]
}

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
