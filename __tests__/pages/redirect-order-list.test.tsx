import RedirectOrderListPage from '../../src/pages/order/redirect-list/index'
import { ROUTES } from '../../src/config/routes'
import { API } from '../../types/api/paths'
import { CHANNELS } from '../../src/config/channel'
import { envelope } from '../support/test-services'
import { byTestId, getByTestId, mountPage, textOf } from '../support/page-test'
import { lifecycle } from '../support/page-lifecycle'
import { openWith, ordersWorld, settle, spyNavigationEachTest } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'

const ORDER_LIST_URL = `/${ROUTES.orderList.page}`
const REDIRECT_PAGE = `/${ROUTES.redirectOrderList.page}`

async function mountRedirect(world: OrdersWorld) {
  openWith({}, REDIRECT_PAGE)
  const mounted = await mountPage(RedirectOrderListPage, world.services)
  await settle(mounted)
  return mounted
}

describe('redirect to the order list', () => {
  const navigation = spyNavigationEachTest()

  it('replaces itself with the order list when the user is logged in', async () => {
    const world = ordersWorld()
    await world.login()
    await mountRedirect(world)
    expect(navigation.redirectTo).toHaveBeenCalledTimes(1)
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: ORDER_LIST_URL })
  })

  it('logs in silently first when it can (a bank token in the address)', async () => {
    const world = ordersWorld({ launchParams: { token: 'sim-alice' } })
    await mountRedirect(world)
    expect(world.calls(API.token)).toHaveLength(1)
    expect(world.services.store.user.isLoggedIn()).toBe(true)
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: ORDER_LIST_URL })
  })

  it('opens the login page over itself, which returns here, when no silent login works; back from it, it asks instead of sending again', async () => {
    const world = ordersWorld()
    const mounted = await mountRedirect(world)
    expect(navigation.navigateTo).toHaveBeenCalledTimes(1)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.login.page}?redirect=${encodeURIComponent(REDIRECT_PAGE)}` })
    // Back from the login without logging in: no second trip there, the way out stays open.
    await mounted.act(() => lifecycle.hide())
    await mounted.act(() => lifecycle.show())
    await settle(mounted)
    expect(navigation.navigateTo).toHaveBeenCalledTimes(1)
    expect(textOf(mounted, 'redirect-order-list-login')).toContain('登录后查看您的订单')
    mounted.fireEvent.click(getByTestId(mounted, 'redirect-order-list-login').querySelector('[role="button"]') as Element)
    await settle(mounted)
    expect(navigation.navigateTo).toHaveBeenCalledTimes(2)
  })

  it('does not take the map channel\'s promoter login for a person: the login page comes first', async () => {
    const world = ordersWorld({ channel: CHANNELS.map })
    world.on(API.promoterLogin, () => envelope({ accessToken: 'channel-1', expireIn: 3600, uid: 'uid-channel', scope: 'channel' }))
    await world.services.store.user.login()
    expect(world.services.store.user.isLoggedIn()).toBe(true)
    await mountRedirect(world)
    expect(navigation.navigateTo).toHaveBeenCalledTimes(1)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.login.page}?redirect=${encodeURIComponent(REDIRECT_PAGE)}` })
    expect(world.calls(API.promoterLogin)).toHaveLength(1)
  })

  it('offers to try again when the navigation fails', async () => {
    const world = ordersWorld()
    await world.login()
    navigation.redirectTo.mockRejectedValueOnce(new Error('redirectTo:fail'))
    const mounted = await mountRedirect(world)
    expect(getByTestId(mounted, 'redirect-order-list-error').getAttribute('role')).toBe('alert')
    mounted.fireEvent.click(getByTestId(mounted, 'redirect-order-list-error').querySelector('[role="button"]') as Element)
    await settle(mounted)
    expect(navigation.redirectTo).toHaveBeenCalledTimes(2)
    expect(byTestId(mounted, 'redirect-order-list-error')).toBeNull()
  })
})
