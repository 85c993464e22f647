/**
 * The notice pages: the map channel's list of current notices (list, time, 查看详情, loading, empty,
 * error with retry) and the upgrade notice with the person's plates under way (the remote notice or
 * the fixed text, plates listed, a pick continues or opens its order, a new plate, the login).
 */
import Taro from '@tarojs/taro'
import GaodeNoticePage from '../../src/pages/land/gaode-notice/index'
import UpgradeNoticePage from '../../src/pages/notice/upgrade/index'
import { UPGRADE_NOTICE_DEFAULT } from '../../src/config/notice-pages'
import { ROUTES } from '../../src/config/routes'
import type { Notice } from '../../src/domain/notice'
import { NOTICE_TYPE } from '../../src/domain/enums'
import { MESSAGES } from '../../src/services/request/errors'
import type { TransportResponse } from '../../src/services/request/transport'
import { API } from '../../types/api/paths'
import type { OrderSummary } from '../../types/api/orders'
import { STATUS_FIELDS, detail, summary } from '../support/order-fixtures'
import { openWith, ordersWorld, settle, spyNavigationEachTest } from '../support/order-world'
import type { OrdersWorld } from '../support/order-world'
import { byTestId, getByTestId, mountPage, textOf } from '../support/page-test'
import { noticeOn } from '../support/notice-fixtures'
import { envelope } from '../support/test-services'

const HOUR_MS = 60 * 60 * 1000
const serverError: TransportResponse = { statusCode: 500, data: null, header: {} }

const notice = noticeOn('/apply/land/gaode-notice')

const ordersPage = (list: OrderSummary[]) => envelope({ list, total: list.length, pageNo: 1, pageSize: 100 })

/** A person logged in silently through the bank app's page token, whose server answers `notices`. */
function noticeWorld(notices: () => TransportResponse | Promise<TransportResponse>, options: { visitor?: boolean } = {}): OrdersWorld {
  const world = ordersWorld(options.visitor ? {} : { launchParams: { token: 'sim-alice' } })
  world.on(API.notices, notices)
  return world
}

async function mount(Page: Parameters<typeof mountPage>[0], world: OrdersWorld, path: string) {
  openWith({}, path)
  const page = await mountPage(Page, world.services)
  await settle(page)
  return page
}

const listed = (page: Awaited<ReturnType<typeof mount>>, prefix: string): (string | null)[] =>
  Array.from(page.queries.querySelectorAll(`[role="listitem"] [data-testid^="${prefix}"]`), (item) => item.getAttribute('data-testid')).filter(
    (id) => id !== null && !id.endsWith('-open'),
  )

describe('map channel notice page (/apply/land/gaode-notice)', () => {
  const navigation = spyNavigationEachTest()

  const GAODE = `/${ROUTES.gaodeNotice.page}`

  it('lists the current notices in full, wherever they apply, with their time and 查看详情', async () => {
    const now = Date.now()
    const world = noticeWorld(() =>
      envelope([
        notice('g1', { startTime: '2026-01-01 08:00:00', endTime: '2030-12-31 23:59:59', redirectPath: '/apply/order-list' }),
        notice('g2', { noticeType: NOTICE_TYPE.ONCE_PER_DAY, noticeScene: { effectRange: '/apply/pay' } }),
        notice('old', { endTime: now - HOUR_MS }),
        notice('later', { startTime: now + HOUR_MS }),
      ]),
    )
    const page = await mount(GaodeNoticePage, world, GAODE)
    expect(listed(page, 'gaode-notice-')).toEqual(['gaode-notice-g1', 'gaode-notice-g2'])
    expect(textOf(page, 'gaode-notice-g1')).toContain('内容g1')
    expect(textOf(page, 'gaode-notice-g1')).toContain('2026-01-01 08:00 至 2030-12-31 23:59')
    expect(byTestId(page, 'gaode-notice-g2-open')).toBeNull()
    // The page is the notices: no bar repeats them above it.
    expect(byTestId(page, 'notices')).toBeNull()

    page.fireEvent.click(getByTestId(page, 'gaode-notice-g1-open'))
    await settle(page)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.orderList.page}` })
  })

  it('says there is no notice when none is current', async () => {
    const page = await mount(GaodeNoticePage, noticeWorld(() => envelope([notice('old', { endTime: Date.now() - 1 })])), GAODE)
    expect(textOf(page, 'gaode-notice-empty')).toContain('暂无公告')
    expect(getByTestId(page, 'gaode-notice-empty').getAttribute('role')).toBe('status')
  })

  it('shows that the notices are loading', async () => {
    const page = await mount(GaodeNoticePage, noticeWorld(() => new Promise(() => undefined)), GAODE)
    expect(textOf(page, 'gaode-notice-loading')).toBe('正在加载公告…')
  })

  it('shows a failed load in place (no toast too), and loads again on 重试', async () => {
    let failing = true
    const world = noticeWorld(() => (failing ? serverError : envelope([notice('g1')])))
    const toast = jest.spyOn(world.services.ui, 'toast')
    const page = await mount(GaodeNoticePage, world, GAODE)
    expect(getByTestId(page, 'gaode-notice-error').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'gaode-notice-error')).toContain('公告加载失败')
    expect(textOf(page, 'gaode-notice-error')).toContain(MESSAGES.serverBusy)
    expect(world.ui.toasts).toEqual([])
    expect(toast).not.toHaveBeenCalled()

    failing = false
    page.fireEvent.click(getByTestId(page, 'gaode-notice-error').querySelector('[role="button"]') as Element)
    await settle(page)
    expect(world.calls(API.notices)).toHaveLength(2)
    expect(listed(page, 'gaode-notice-')).toEqual(['gaode-notice-g1'])
  })
})

describe('upgrade notice page (/pages/notice/upgrade)', () => {
  const navigation = spyNavigationEachTest()

  const UPGRADE = `/${ROUTES.upgradeNotice.page}`
  const ORDERS = [
    summary({ orderId: 'O-apply', plateNumber: '京A12345', depositPayState: null }),
    summary({ orderId: 'O-audit', plateNumber: '沪B11111', ...STATUS_FIELDS.awaitingAudit }),
    summary({ orderId: 'O-cancel', plateNumber: '粤B22222', ...STATUS_FIELDS.cancelled }),
    summary({ orderId: 'O-done', plateNumber: '苏E33333', ...STATUS_FIELDS.activated }),
  ]

  function upgradeWorld(orders: () => TransportResponse | Promise<TransportResponse> = () => ordersPage(ORDERS), notices: Notice[] = [], options: { visitor?: boolean } = {}) {
    const world = noticeWorld(() => envelope(notices), options)
    world.on(API.searchOrders, orders)
    return world
  }

  it("shows the remote notice for the page, and the person's plates under way only", async () => {
    const remote = notice('u1', { noticeTitle: '服务升级', noticeContent: '请选择车辆继续办理', noticeScene: { effectRange: '/pages/notice/upgrade' }, redirectPath: '/apply/order-list' })
    const page = await mount(UpgradeNoticePage, upgradeWorld(undefined, [notice('elsewhere'), remote]), UPGRADE)
    expect(textOf(page, 'upgrade-notice')).toContain('服务升级')
    expect(textOf(page, 'upgrade-notice')).toContain('请选择车辆继续办理')
    expect(byTestId(page, 'notices')).toBeNull()
    expect(listed(page, 'upgrade-plate-')).toEqual(['upgrade-plate-O-apply', 'upgrade-plate-O-audit'])
    expect(textOf(page, 'upgrade-plate-O-apply')).toContain('京A12345')
    expect(textOf(page, 'upgrade-plate-O-apply')).toContain('申办中')
    expect(getByTestId(page, 'upgrade-plate-O-audit').getAttribute('aria-label')).toContain('沪B11111 待审核')

    page.fireEvent.click(getByTestId(page, 'upgrade-notice-open'))
    await settle(page)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.orderList.page}` })
  })

  it("lists the current channel's plates first, as the order list does", async () => {
    const orders = [
      summary({ orderId: 'O-other', plateNumber: '沪B11111', promotionChannelId: 'elsewhere' }),
      summary({ orderId: 'O-other-cancelled', plateNumber: '粤B22222', promotionChannelId: 'elsewhere', ...STATUS_FIELDS.cancelled }),
      summary({ orderId: 'O-mine', plateNumber: '京A12345' }),
    ]
    const page = await mount(UpgradeNoticePage, upgradeWorld(() => ordersPage(orders)), UPGRADE)
    expect(listed(page, 'upgrade-plate-')).toEqual(['upgrade-plate-O-mine', 'upgrade-plate-O-other'])
  })

  it('shows the fixed text when no remote notice names the page, or the notices fail', async () => {
    const none = await mount(UpgradeNoticePage, upgradeWorld(undefined, [notice('elsewhere')]), UPGRADE)
    expect(textOf(none, 'upgrade-notice')).toContain(UPGRADE_NOTICE_DEFAULT.noticeTitle)
    expect(textOf(none, 'upgrade-notice')).toContain(UPGRADE_NOTICE_DEFAULT.noticeContent)
    expect(byTestId(none, 'upgrade-notice-open')).toBeNull()

    const failingWorld = noticeWorld(() => serverError)
    failingWorld.on(API.searchOrders, () => ordersPage(ORDERS))
    const failed = await mount(UpgradeNoticePage, failingWorld, UPGRADE)
    expect(textOf(failed, 'upgrade-notice')).toContain(UPGRADE_NOTICE_DEFAULT.noticeTitle)
    expect(failingWorld.ui.toasts).toEqual([])
  })

  it('continues an application where it stopped when its plate is picked', async () => {
    const world = upgradeWorld()
    world.on(API.orderDetail, () => envelope(detail({ orderId: 'O-apply', plateNumber: '京A12345', depositPayState: null })))
    const page = await mount(UpgradeNoticePage, world, UPGRADE)
    page.fireEvent.click(getByTestId(page, 'upgrade-plate-O-apply'))
    await settle(page)
    expect(world.calls(API.orderDetail)).toHaveLength(1)
    expect(world.services.store.apply.orderId).toBe('O-apply')
    // The agreements come first on this device, then the form.
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.agree.page}` })
  })

  it('opens the order of a plate with nothing left to fill in', async () => {
    const world = upgradeWorld()
    const page = await mount(UpgradeNoticePage, world, UPGRADE)
    page.fireEvent.click(getByTestId(page, 'upgrade-plate-O-audit'))
    await settle(page)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.order.page}?orderId=O-audit` })
    expect(world.calls(API.orderDetail)).toHaveLength(0)
  })

  it('starts a new plate', async () => {
    const page = await mount(UpgradeNoticePage, upgradeWorld(), UPGRADE)
    page.fireEvent.click(getByTestId(page, 'upgrade-new-plate'))
    await settle(page)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.plateEntry.page}` })
  })

  it('says when there is no plate under way, and still offers a new one', async () => {
    const page = await mount(UpgradeNoticePage, upgradeWorld(() => ordersPage([ORDERS[2]!, ORDERS[3]!])), UPGRADE)
    expect(textOf(page, 'upgrade-plates-empty')).toContain('暂无办理中的车辆')
    expect(byTestId(page, 'upgrade-new-plate')).not.toBeNull()
  })

  it('shows the plates loading', async () => {
    const page = await mount(UpgradeNoticePage, upgradeWorld(() => new Promise(() => undefined)), UPGRADE)
    expect(textOf(page, 'upgrade-plates-loading')).toBe('正在加载您的车辆…')
    expect(getByTestId(page, 'upgrade-plates-loading').getAttribute('role')).toBe('status')
  })

  it('shows a failed load of the plates in place (no toast too), with a retry', async () => {
    let failing = true
    const world = upgradeWorld(() => (failing ? serverError : ordersPage(ORDERS)))
    const page = await mount(UpgradeNoticePage, world, UPGRADE)
    expect(getByTestId(page, 'upgrade-plates-error').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'upgrade-plates-error')).toContain(MESSAGES.serverBusy)
    expect(world.ui.toasts).toEqual([])

    failing = false
    page.fireEvent.click(getByTestId(page, 'upgrade-plates-retry'))
    await settle(page)
    expect(world.calls(API.searchOrders)).toHaveLength(2)
    expect(listed(page, 'upgrade-plate-')).toEqual(['upgrade-plate-O-apply', 'upgrade-plate-O-audit'])
  })

  it('offers a visitor the login page, which returns here, and reads no orders without it', async () => {
    const world = upgradeWorld(undefined, [], { visitor: true })
    const page = await mount(UpgradeNoticePage, world, UPGRADE)
    expect(textOf(page, 'upgrade-plates-login')).toContain('登录后查看您名下办理中的车辆')
    expect(world.calls(API.searchOrders)).toHaveLength(0)
    // The notice is for everyone.
    expect(textOf(page, 'upgrade-notice')).toContain(UPGRADE_NOTICE_DEFAULT.noticeTitle)

    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { params: {}, path: UPGRADE, onReady: '', onHide: '', onShow: '' } } as ReturnType<typeof Taro.getCurrentInstance>)
    page.fireEvent.click(getByTestId(page, 'upgrade-plates-login-action'))
    await settle(page)
    expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.login.page}?redirect=${encodeURIComponent(UPGRADE)}` })
  })
})
