import { useEffect } from 'react'
import { NEXT_ROUTES } from '../../config/next-routes'
import { ROUTES } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { prefetchPagesWhenIdle } from '../../platform/h5/prefetch-pages'
import { usePageVisible } from './use-page-visible'

/**
 * On H5, once the page shows its content and the browser is idle, fetches the code of the pages a
 * person usually opens next from it (NEXT_ROUTES). The mini-programs preload their subpackages
 * by configuration instead (app-config.ts `preloadRule`).
 */
export function usePrefetchNext(route: RouteName, ready: boolean): void {
  const visible = usePageVisible()
  useEffect(() => {
    const next = NEXT_ROUTES[route]
    if (process.env.TARO_ENV !== 'h5' || !ready || !visible || !next) return undefined
    return prefetchPagesWhenIdle(next.map((name) => ROUTES[name].page))
  }, [route, ready, visible])
}
