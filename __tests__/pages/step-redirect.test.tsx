/**
 * A page navigates by itself only while it is on screen. A step of the journey that finds its
 * prerequisite gone goes back to it: once an application is settled the store clears it, and the
 * pages still in the stack (consent, form) see an application without a plate. Hidden, they must
 * not navigate (they would replace the result page on screen); shown again, they go to the step
 * they need. The same for the order-list redirect, whose login may be answered while it is covered.
 */
import type { ComponentType } from 'react'
import AgreePage from '../../src/pages/apply/agree/index'
import UpinfoPage from '../../src/pages/apply/upinfo/index'
import RedirectOrderListPage from '../../src/pages/order/redirect-list/index'
import { ROUTES } from '../../src/config/routes'
import type { TransportResponse } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import { deferred } from '../unit/services/fakes'
import { lifecycle } from '../support/page-lifecycle'
import { flush, mountPage, textOf } from '../support/page-test'
import { openOrderWorld, spyNavigation } from '../support/journey-fixtures'
import { openWith, ordersWorld, settle, spyNavigation as spyOrderNavigation } from '../support/order-world'
import { envelope } from '../support/test-services'

const PLATE_PAGE = { url: '/pages/entry/plate/index' }

const PAGES: ReadonlyArray<{ name: string; Page: ComponentType; redirectTestId: string; shownTestId: string }> = [
  { name: 'consent page', Page: AgreePage, redirectTestId: 'agree-no-order', shownTestId: 'agree-plate' },
  { name: 'information page', Page: UpinfoPage, redirectTestId: 'upinfo-redirect', shownTestId: 'upinfo-plate' },
]

describe.each(PAGES)('the $name under a page that clears the application', ({ Page, redirectTestId, shownTestId }) => {
  afterEach(() => jest.restoreAllMocks())

  async function hiddenPageWithClearedApplication() {
    const { redirect } = spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(Page, world.services)
    await flush(page)
    expect(textOf(page, shownTestId)).toContain('京A12345')
    // Another page opens on top (the journey goes on), and there the application is settled.
    await page.act(() => lifecycle.hide())
    await page.act(() => world.services.store.apply.clear())
    await flush(page)
    return { page, redirect }
  }

  it('does not navigate while it is hidden in the stack', async () => {
    const { page, redirect } = await hiddenPageWithClearedApplication()
    expect(textOf(page, redirectTestId)).toContain('请先填写车牌号')
    expect(redirect).not.toHaveBeenCalled()
  })

  it('goes to the plate page once it is shown again, and only then', async () => {
    const { page, redirect } = await hiddenPageWithClearedApplication()
    await page.act(() => lifecycle.show())
    await flush(page)
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(redirect).toHaveBeenCalledWith(PLATE_PAGE)
  })

  it('on screen, it goes at once when the application is cleared', async () => {
    const { redirect } = spyNavigation()
    const world = await openOrderWorld()
    const page = await mountPage(Page, world.services)
    await flush(page)
    await page.act(() => world.services.store.apply.clear())
    await flush(page)
    expect(redirect).toHaveBeenCalledWith(PLATE_PAGE)
  })
})

describe('the order-list redirect, covered while it logs in', () => {
  afterEach(() => jest.restoreAllMocks())

  it('does not forward while hidden, and forwards once it is shown again', async () => {
    const navigation = spyOrderNavigation()
    const world = ordersWorld({ launchParams: { token: 'sim-alice' } })
    const grant = deferred<TransportResponse>()
    world.on(API.token, () => grant.promise)
    openWith({}, `/${ROUTES.redirectOrderList.page}`)
    const page = await mountPage(RedirectOrderListPage, world.services)
    await settle(page)
    // Another page opens on top before the login is answered.
    await page.act(() => lifecycle.hide())
    grant.resolve(envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-0001', scope: 'person' }))
    await settle(page)
    expect(world.services.store.user.isPersonal()).toBe(true)
    expect(navigation.redirectTo).not.toHaveBeenCalled()

    await page.act(() => lifecycle.show())
    await settle(page)
    expect(navigation.redirectTo).toHaveBeenCalledTimes(1)
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: `/${ROUTES.orderList.page}` })
  })
})
