import { Text, View } from '@tarojs/components'
import { Suspense, lazy, useLayoutEffect } from 'react'
import type { ComponentType, ReactNode } from 'react'
import { MAX_LAYOUT_WIDTH_PX } from '../../domain/constants'
import { ROUTES, routeTitle } from '../../config/routes'
import type { RouteDef, RouteName } from '../../config/routes'
import { ELDER_MODE_CLASS } from '../../platform/elder-mode'
import { removeEntrySkeleton, removeLandingSkeleton } from '../../platform/h5/entry-skeleton'
import { useOptionalAppServices, useServicesAfterPaint } from '../app-services/app-services'
import { ErrorBoundary } from '../error-boundary/ErrorBoundary'
import { useElderMode } from './use-elder-mode'
import { usePageTracking } from './use-page-tracking'
import { usePrefetchNext } from './use-prefetch-next'
import './page-shell.scss'

// The notices (MobX observers, the link helper) load with the services, after the first paint; a
// chunk that fails to load leaves the page without notices, which are extras.
const PageNotices = lazy<ComponentType<{ route: RouteName }>>(() =>
  import(/* webpackChunkName: "page-notices" */ '../notices/PageNotices').then(
    (module) => ({ default: module.PageNotices }),
    () => ({ default: () => null }),
  ),
)

// WeChat's privacy notice, on every page of the WeChat build (any page may use the album, the
// camera or the phone number); no other build has the code.
const PrivacySheet = process.env.TARO_ENV === 'weapp' ? lazy(() => import('../privacy-sheet/PrivacySheet')) : undefined

/** Pages whose content is the notices themselves: the notice bar would repeat them. */
const NOTICE_PAGES: ReadonlySet<RouteName> = new Set<RouteName>(['gaodeNotice', 'upgradeNotice'])

/**
 * Pages where the person types from the first moment: the notices, which arrive when the network
 * lets them (seconds later on a slow link), go under the content, so nothing being typed into
 * moves down when they come.
 */
const NOTICES_BELOW: ReadonlySet<RouteName> = new Set<RouteName>(['plateEntry', 'login', 'upinfo'])

/**
 * Pages whose screen shows its own title as the page's heading (h1): the others get the route's
 * title as one for screen readers, so every page has a heading and a main landmark to jump to.
 * Pages with a custom header have theirs in it.
 */
const OWN_HEADING: ReadonlySet<RouteName> = new Set<RouteName>([
  'plateEntry',
  'home',
  'login',
  'payResult',
  'longPayGuide',
  'agreementEtc',
  'agreementPrivacy',
  'wxPark',
  'land',
  'jhLand',
  'jhshLand',
  'baiduLand',
  'baidu2Land',
  'baidu3Land',
  'chelun',
  'qishi',
])

function hasOwnHeading(route: RouteName): boolean {
  const def: RouteDef = ROUTES[route]
  return OWN_HEADING.has(route) || def.customHeader === true
}

export interface PageShellProps {
  route: RouteName
  /** A custom header for pages whose route has `customHeader` (see CustomHeader). */
  header?: ReactNode
  /** What the page can show before the services are here (static content only). */
  placeholder?: ReactNode
  children?: ReactNode
}

/**
 * The container every page renders in: full-height background, content centred on wide screens,
 * and an error boundary around the content (Taro renders each page in its own root, so a
 * boundary at the app level never sees a page's errors). Each show of the page is tracked as a
 * page view under its route, and the remote notices whose effect range names the route show at
 * the top of its content, or under it on the pages typed into at once (see PageNotices).
 *
 * The frame paints at once; header and content, which use the stores and services, render when
 * those have loaded (src/app.tsx loads them once the first page has painted), with a
 * placeholder until then.
 */
export function PageShell({ route, header, placeholder, children }: PageShellProps) {
  usePageTracking(route)
  useServicesAfterPaint()
  const ready = useOptionalAppServices() !== undefined
  const elder = useElderMode()
  usePrefetchNext(route, ready)
  // In the commit that first paints a page, so the static copy and the page never show together.
  useLayoutEffect(() => {
    if (process.env.TARO_ENV === 'h5') removeEntrySkeleton()
  }, [])
  // A landing page's copy stays over the frame until the page has its hero, in the commit that draws it.
  useLayoutEffect(() => {
    if (process.env.TARO_ENV === 'h5' && ready) removeLandingSkeleton()
  }, [ready])
  const notices = NOTICE_PAGES.has(route) ? null : (
    <Suspense fallback={null}>
      <PageNotices route={route} />
    </Suspense>
  )
  return (
    <View className={elder ? `page-shell ${ELDER_MODE_CLASS}` : 'page-shell'} data-testid={`page-${route}`}>
      {ready ? header : null}
      <View className='page-shell__body' role='main' style={{ maxWidth: `${MAX_LAYOUT_WIDTH_PX}px` }}>
        {hasOwnHeading(route) ? null : (
          <View className='page-shell__title' role='heading' aria-level={1}>
            {routeTitle(route)}
          </View>
        )}
        {ready ? (
          <ErrorBoundary>
            {notices && !NOTICES_BELOW.has(route) ? notices : null}
            {children}
            {notices && NOTICES_BELOW.has(route) ? notices : null}
          </ErrorBoundary>
        ) : (
          <>
            {placeholder}
            <View className='page-shell__loading' role='status' aria-busy data-testid='page-services-loading'>
              <Text>加载中…</Text>
            </View>
          </>
        )}
      </View>
      {PrivacySheet ? (
        <Suspense fallback={null}>
          <PrivacySheet />
        </Suspense>
      ) : null}
    </View>
  )
}

