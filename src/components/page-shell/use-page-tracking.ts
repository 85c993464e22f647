import Taro from '@tarojs/taro'
import { ROUTES } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { useAppServices } from '../app-services/app-services'

/** The name a page is tracked under: its canonical H5 URL, the same on every platform. */
export function trackedPage(route: RouteName): string {
  return ROUTES[route].urls[0]
}

/** One page view each time the page is shown; queued events go out when it is hidden. */
export function usePageTracking(route: RouteName): void {
  const { tracker } = useAppServices()
  Taro.useDidShow(() => tracker.pageView(trackedPage(route)))
  Taro.useDidHide(() => void tracker.flush())
}
