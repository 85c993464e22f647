/**
 * Every page built on PageShell tracks one page view each time it is shown, under its own route
 * from the route table, and sends what is queued when it is hidden.
 */
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import { trackedPage } from '../../src/components/page-shell/use-page-tracking'
import { ROUTES, ROUTE_NAMES } from '../../src/config/routes'
import type { RouteName } from '../../src/config/routes'
import { TRACKING_FLUSH_MS } from '../../src/domain/constants'
import { settle } from '../unit/services/fakes'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, flush, mountColdStart, mountPage } from '../support/page-test'
import { pageTestWorld } from '../support/test-app'

function pageComponent(route: RouteName): ComponentType {
  // Each route's page module, as the app config lists it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`../../src/${ROUTES[route].page}`) as { default: ComponentType }).default
}

const trackingBatches = (world: ReturnType<typeof pageTestWorld>) =>
  world.requests.filter((request) => request.url.endsWith('/log/v1/events')).map((request) => JSON.parse(request.body ?? '{}').events)

describe('page views', () => {
  beforeEach(() => {
    // Pages mounted alone have no router: they read no parameters.
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: null } as unknown as ReturnType<typeof Taro.getCurrentInstance>)
    // Nor a router to go to: pages that send the user on (no order yet) navigate into these.
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  it('use the canonical H5 URL of the route table as the tracked page name', () => {
    expect(trackedPage('plateEntry')).toBe('/apply/basic')
    expect(trackedPage('pay')).toBe('/apply/pay')
  })

  it.each(ROUTE_NAMES)('%s: one page view per show under its own route, when built on PageShell', async (route) => {
    const world = pageTestWorld()
    const pageView = jest.spyOn(world.services.tracker, 'pageView')
    const page = await mountPage(pageComponent(route), world.services)
    if (!byTestId(page, `page-${route}`)) {
      // Only the web view page renders no shell (it is a bare WebView when its address is valid).
      expect(route).toBe('webview')
      return
    }
    expect(pageView).not.toHaveBeenCalled()
    lifecycle.show()
    expect(pageView.mock.calls).toEqual([[trackedPage(route)]])
    lifecycle.show()
    expect(pageView).toHaveBeenCalledTimes(2)
  })

  it('are sent when the page is hidden, without waiting for the flush delay', async () => {
    const world = pageTestWorld()
    const page = await mountPage(pageComponent('pay'), world.services)
    lifecycle.show()
    expect(trackingBatches(world)).toEqual([])
    lifecycle.hide()
    await flush(page)
    await settle(30)
    expect(trackingBatches(world)).toEqual([[expect.objectContaining({ type: 'pageView', page: '/apply/pay' })]])
  })

  it('are sent after the flush delay while the page stays on screen', async () => {
    const world = pageTestWorld()
    await mountPage(pageComponent('orderList'), world.services)
    lifecycle.show()
    world.advance(TRACKING_FLUSH_MS)
    await settle(30)
    expect(trackingBatches(world)).toEqual([[expect.objectContaining({ type: 'pageView', page: '/apply/order-list' })]])
  })

  it.each(['plateEntry', 'pay', 'payResult', 'confirmSelect'] as const)(
    '%s: a show before the app services have loaded is counted once they are here',
    async (route) => {
      const world = pageTestWorld()
      const pageView = jest.spyOn(world.services.tracker, 'pageView')
      const { page, arrive } = await mountColdStart(pageComponent(route), world)
      expect(byTestId(page, 'page-services-loading')).not.toBeNull()
      lifecycle.show()
      expect(pageView).not.toHaveBeenCalled()
      await arrive()
      await flush(page)
      expect(byTestId(page, 'page-services-loading')).toBeNull()
      expect(pageView.mock.calls).toEqual([[trackedPage(route)]])
    },
  )

  it('stop with the page: an unmounted page tracks no further shows', async () => {
    const world = pageTestWorld()
    const pageView = jest.spyOn(world.services.tracker, 'pageView')
    const page = await mountPage(pageComponent('pay'), world.services)
    page.unmout()
    lifecycle.show()
    expect(pageView).not.toHaveBeenCalled()
  })
})
