import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { MAX_LAYOUT_WIDTH_PX } from '../../domain/constants'
import type { RouteName } from '../../config/routes'
import { ErrorBoundary } from '../error-boundary/ErrorBoundary'
import { usePageTracking } from './use-page-tracking'
import './page-shell.scss'

export interface PageShellProps {
  route: RouteName
  /** A custom header for pages whose route has `customHeader` (see CustomHeader). */
  header?: ReactNode
  children?: ReactNode
}

/**
 * The container every page renders in: full-height background, content centred on wide screens,
 * and an error boundary around the content (Taro renders each page in its own root, so a
 * boundary at the app level never sees a page's errors). Each show of the page is tracked as a
 * page view under its route.
 */
export function PageShell({ route, header, children }: PageShellProps) {
  usePageTracking(route)
  return (
    <View className='page-shell' data-testid={`page-${route}`}>
      {header}
      <View className='page-shell__body' style={{ maxWidth: `${MAX_LAYOUT_WIDTH_PX}px` }}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </View>
    </View>
  )
}
