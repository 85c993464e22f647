import type { ComponentType, ReactNode } from 'react'
import type { RouteName } from '../../config/routes'
import { PageShell } from './PageShell'
import { PageVisibilityProvider } from './use-page-visible'
import { useRouteParams } from './use-route-params'

export interface RoutePageOptions {
  /** The header of a route with `customHeader` (CustomHeader), given the route. */
  header?: ComponentType<{ route: RouteName }>
  /** What the page shows before the app's services are here (static content only). */
  placeholder?: ComponentType
}

/**
 * A page of the route table as a shell: its parameters `names` in (decoded, '' when absent, read
 * once as the page opens), the one screen `render` makes of them out, inside the page frame, told
 * whether the page is on screen (usePageVisible).
 */
export function routePage<K extends string>(
  route: RouteName,
  names: readonly K[],
  render: (params: Readonly<Record<K, string>>) => ReactNode,
  options: RoutePageOptions = {},
) {
  const { header: Header, placeholder: Placeholder } = options
  function RoutePage() {
    const params = useRouteParams(...names)
    return (
      <PageVisibilityProvider>
        <PageShell route={route} header={Header ? <Header route={route} /> : undefined} placeholder={Placeholder ? <Placeholder /> : undefined}>
          {render(params)}
        </PageShell>
      </PageVisibilityProvider>
    )
  }
  return RoutePage
}
