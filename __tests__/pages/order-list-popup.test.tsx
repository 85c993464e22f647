/**
 * The order list's popup (the spec's cached "order popup"): a device waiting to be activated is
 * reminded of once the list has loaded, at most once a day per order, across reloads: the shown
 * state is kept in the encrypted storage.
 */
import OrderListPage from '../../src/pages/order/order-list/index'
import { DAY_MS } from '../../src/domain/constants'
import { ORDER_STATUSES } from '../../src/domain/order'
import { ORDER_POPUP_TEXT } from '../../src/features/order/list/OrderPopup'
import { ORDER_POPUP_STORAGE } from '../../src/features/order/list/order-popup-store'
import { API } from '../../types/api/paths'
import type { OrderSummary } from '../../types/api/orders'
import { byTestId, getByTestId, textOf } from '../support/page-test'
import { envelope } from '../support/test-services'
import { STATUS_FIELDS, summary } from '../support/order-fixtures'
import { capturePullDown, mountLoggedIn, ordersWorld, spyNavigationEachTest, tapAndSettle } from '../support/order-world'

const page = (list: OrderSummary[]) => envelope({ list, total: list.length, pageNo: 1, pageSize: 100 })
const WAITING = summary({ orderId: 'O-7', plateNumber: '京A12345', ...STATUS_FIELDS.awaitingActivation })

/** A device's orders world listing `list`, over `raw` storage (share it to reload the app). */
function listing(list: OrderSummary[], raw = new Map<string, string>()) {
  const world = ordersWorld({ raw })
  world.on(API.searchOrders, () => page(list))
  return world
}

describe('the order list popup', () => {
  const navigation = spyNavigationEachTest()
  beforeEach(() => {
    capturePullDown()
  })

  it('reminds of a device waiting to be activated once the list has loaded', async () => {
    const mounted = await mountLoggedIn(OrderListPage, listing([WAITING]))
    const popup = getByTestId(mounted, 'order-popup')
    expect(popup.getAttribute('role')).toBe('dialog')
    expect(popup.getAttribute('aria-modal')).toBe('true')
    expect(popup.getAttribute('aria-label')).toBe(ORDER_POPUP_TEXT.title)
    expect(popup.getAttribute('data-order-id')).toBe('O-7')
    expect(textOf(mounted, 'order-popup-plate')).toBe('京A12345')
    expect(popup.textContent).toContain(ORDER_POPUP_TEXT.body)
    // The list is there behind it.
    expect(byTestId(mounted, 'order-row-O-7')).not.toBeNull()
  })

  it.each(ORDER_STATUSES.filter((status) => status !== 'awaitingActivation'))('shows no popup for a %s order', async (status) => {
    const mounted = await mountLoggedIn(OrderListPage, listing([summary({ orderId: 'O-1', ...STATUS_FIELDS[status] })]))
    expect(byTestId(mounted, 'order-list')).not.toBeNull()
    expect(byTestId(mounted, 'order-popup')).toBeNull()
  })

  it('closes, and stays closed on a refresh', async () => {
    const world = listing([WAITING])
    const mounted = await mountLoggedIn(OrderListPage, world)
    await tapAndSettle(mounted, 'order-popup-close')
    expect(byTestId(mounted, 'order-popup')).toBeNull()
    await tapAndSettle(mounted, 'order-list-refresh')
    expect(world.calls(API.searchOrders).length).toBeGreaterThan(1)
    expect(byTestId(mounted, 'order-popup')).toBeNull()
  })

  it('opens the activation tutorial', async () => {
    const mounted = await mountLoggedIn(OrderListPage, listing([WAITING]))
    await tapAndSettle(mounted, 'order-popup-guide')
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/long-pay-guide/index' })
    expect(byTestId(mounted, 'order-popup')).toBeNull()
  })

  it('shows once a day per order: not again after a reload that day, again the next day; kept encrypted', async () => {
    const raw = new Map<string, string>()
    const first = listing([WAITING], raw)
    const shown = await mountLoggedIn(OrderListPage, first)
    expect(byTestId(shown, 'order-popup')).not.toBeNull()
    shown.unmout()
    const cacheKey = [...raw.keys()].find((key) => key.endsWith(ORDER_POPUP_STORAGE.shown))
    expect(cacheKey).toBeDefined()
    expect(raw.get(cacheKey ?? '')).not.toContain('O-7')

    // A reload the same day (the popup was never closed): not again.
    const reloaded = listing([WAITING], raw)
    reloaded.advance(DAY_MS - 1)
    const sameDay = await mountLoggedIn(OrderListPage, reloaded)
    expect(byTestId(sameDay, 'order-list')).not.toBeNull()
    expect(byTestId(sameDay, 'order-popup')).toBeNull()
    sameDay.unmout()

    // Another order waiting is reminded of meanwhile.
    const second = summary({ orderId: 'O-8', plateNumber: '京B54321', ...STATUS_FIELDS.awaitingActivation })
    const withAnother = listing([WAITING, second], raw)
    const another = await mountLoggedIn(OrderListPage, withAnother)
    expect(getByTestId(another, 'order-popup').getAttribute('data-order-id')).toBe('O-8')
    another.unmout()

    // A day after it was shown: again.
    const nextDay = listing([WAITING], raw)
    nextDay.advance(DAY_MS)
    const again = await mountLoggedIn(OrderListPage, nextDay)
    expect(getByTestId(again, 'order-popup').getAttribute('data-order-id')).toBe('O-7')
  })

  it('shows none when the list fails to load', async () => {
    const world = ordersWorld()
    world.on(API.searchOrders, () => ({ statusCode: 500, data: { code: 500, msg: '服务器繁忙，请稍后重试', data: null }, header: {} }))
    const mounted = await mountLoggedIn(OrderListPage, world)
    expect(byTestId(mounted, 'order-list-error')).not.toBeNull()
    expect(byTestId(mounted, 'order-popup')).toBeNull()
  })
})
