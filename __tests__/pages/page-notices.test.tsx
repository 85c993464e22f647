/**
 * Notices on every page: the page shell shows the remote notices whose effect range names the
 * route (the seeded /apply/pay notice on the pay page, no page code of its own), a once-a-day
 * notice at most once in 24 hours whether or not it was closed (kept on the page that showed it
 * until closed), and "查看详情" opens the redirect path through the link helper: a page, a web
 * page, a PDF, else "未知类型".
 */
import PayPage from '../../src/pages/apply/pay/index'
import OrderListPage from '../../src/pages/order/order-list/index'
import LoginPage from '../../src/pages/entry/login/index'
import { SEED_NOTICES } from '../../server/catalogue/seed-data'
import { NOTICE_MESSAGES } from '../../src/components/notices/use-notice-link'
import { ROUTES } from '../../src/config/routes'
import { NOTICE_SUPPRESS_MS } from '../../src/domain/constants'
import { NOTICE_TYPE } from '../../src/domain/enums'
import type { Notice } from '../../src/domain/notice'
import type { NavigationHost } from '../../src/platform/navigator'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { openWith, settle, spyNavigationEachTest } from '../support/order-world'
import { byTestId, getByTestId, mountPage, textOf } from '../support/page-test'
import { noticeOn } from '../support/notice-fixtures'
import { envelope, testWorld } from '../support/test-services'

const GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }
const PAY = `/${ROUTES.pay.page}`
const ORDER_LIST = `/${ROUTES.orderList.page}`

const notice = noticeOn('/apply/pay,/apply/order-list')

/** Taro's host with the document calls and the host's own toast observed. */
function observedHost() {
  const downloadFile = jest.fn(async (_url: string) => '/tmp/notice.pdf')
  const openDocument = jest.fn(async (_path: string) => undefined)
  const toast = jest.fn<void, [string]>()
  const host: NavigationHost = { ...createTaroNavigationHost(), downloadFile, openDocument, toast }
  return { host, downloadFile, openDocument, toast }
}

/** A person logged in through the bank app's page token; the server's notices are `notices`. */
function noticesWorld(notices: Notice[], options: { host?: NavigationHost; raw?: Map<string, string> } = {}) {
  return testWorld({
    navigationHost: options.host ?? createTaroNavigationHost(),
    launchParams: { token: 'sim-alice' },
    raw: options.raw,
    respond: async (request) => {
      if (request.url.includes('/oauth2/')) return envelope(GRANT)
      if (request.url.includes('/config/notices/')) return envelope(notices)
      if (request.url.includes('/config/issuers')) return envelope([])
      return envelope(null)
    },
  })
}

type World = ReturnType<typeof noticesWorld>

async function open(Page: Parameters<typeof mountPage>[0], world: World, path: string, params: Record<string, string> = {}) {
  openWith(params, path)
  const page = await mountPage(Page, world.services)
  await settle(page, 10)
  return page
}

/** The notices the bar of the page of `route` shows, by test id (the queries search the whole document). */
const shownIds = (page: Awaited<ReturnType<typeof open>>, route: 'pay' | 'orderList'): (string | null)[] =>
  Array.from(page.queries.querySelectorAll(`[data-testid="page-${route}"] [data-testid="notices"] .notice-bar__item`), (item) => item.getAttribute('data-testid'))

describe('notices on every page', () => {
  const navigation = spyNavigationEachTest()

  it('shows the seeded /apply/pay notice on the pay page, and not the entry pages\' one', async () => {
    const payNotice = SEED_NOTICES.bank.find((item) => item.noticeScene?.effectRange?.split(',').includes('/apply/pay'))
    expect(payNotice).toBeDefined()
    const page = await open(PayPage, noticesWorld(SEED_NOTICES.bank), PAY, { orderId: 'O1' })
    expect(shownIds(page, 'pay')).toEqual([`notice-${payNotice?.id}`])
    expect(textOf(page, `notice-${payNotice?.id}`)).toContain(payNotice?.noticeContent)
    expect(getByTestId(page, 'notices').getAttribute('aria-label')).toBe('公告')
  })

  it("shows a page's notices above its own content, on a page with no notice code", async () => {
    const page = await open(OrderListPage, noticesWorld([notice('a'), notice('b', { noticeScene: { effectRange: '/apply/upinfo' } })]), ORDER_LIST)
    expect(shownIds(page, 'orderList')).toEqual(['notice-a'])
    const body = getByTestId(page, 'page-orderList').querySelector('.page-shell__body')
    // After the page's heading for screen readers, before the content.
    const visible = Array.from(body?.children ?? []).filter((child) => !child.classList.contains('page-shell__title'))
    expect(visible[0]?.getAttribute('data-testid')).toBe('notices')
    expect(body?.getAttribute('role')).toBe('main')
    const heading = body?.querySelector('[role="heading"][aria-level="1"]')
    expect(heading?.textContent).toBe('ETC申办')
  })

  it('shows the notices under the content of a page typed into at once, so their arrival moves nothing', async () => {
    const login = noticeOn('/pages/login/index')
    const page = await open(LoginPage, noticesWorld([login('a')]), `/${ROUTES.login.page}`)
    const body = getByTestId(page, 'page-login').querySelector('.page-shell__body')
    const children = Array.from(body?.children ?? [])
    const notices = children.findIndex((child) => child.getAttribute('data-testid') === 'notices')
    expect(notices).toBeGreaterThan(0)
    // Last in the page, after the form.
    expect(notices).toBe(children.length - 1)
    expect(body?.querySelector('[data-testid="login-mobile"]')).not.toBeNull()
  })

  it('shows no bar and asks once for the notices when none applies', async () => {
    const world = noticesWorld([notice('b', { noticeScene: { effectRange: '/apply/upinfo' } })])
    const page = await open(OrderListPage, world, ORDER_LIST)
    expect(byTestId(page, 'notices')).toBeNull()
    expect(world.requests.filter((request) => request.url.includes('/config/notices/'))).toHaveLength(1)
  })

  it('closes a notice for the rest of the visit, on every page', async () => {
    const world = noticesWorld([notice('a'), notice('b')])
    const pay = await open(PayPage, world, PAY, { orderId: 'O1' })
    pay.fireEvent.click(getByTestId(pay, 'notice-dismiss-a'))
    await settle(pay)
    expect(shownIds(pay, 'pay')).toEqual(['notice-b'])
    pay.unmout()
    const list = await open(OrderListPage, world, ORDER_LIST)
    expect(shownIds(list, 'orderList')).toEqual(['notice-b'])
  })

  describe('a once-a-day notice', () => {
    const daily = notice('d', { noticeType: NOTICE_TYPE.ONCE_PER_DAY })

    it('shows at most once in 24 hours though never closed, on any page and after a reload, and stays on the page that showed it', async () => {
      const start = Date.now()
      const clock = jest.spyOn(Date, 'now').mockReturnValue(start)
      const raw = new Map<string, string>()
      const world = noticesWorld([daily], { raw })
      const pay = await open(PayPage, world, PAY, { orderId: 'O1' })
      expect(shownIds(pay, 'pay')).toEqual(['notice-d'])

      // Another page of the visit: not again.
      const list = await open(OrderListPage, world, ORDER_LIST)
      expect(shownIds(list, 'orderList')).toEqual([])
      list.unmout()
      // The page that showed it keeps it until it is closed.
      await settle(pay)
      expect(shownIds(pay, 'pay')).toEqual(['notice-d'])
      pay.unmout()

      // A reload a little later: still not again.
      clock.mockReturnValue(start + NOTICE_SUPPRESS_MS - 1)
      const reloaded = await open(PayPage, noticesWorld([daily], { raw }), PAY, { orderId: 'O1' })
      expect(shownIds(reloaded, 'pay')).toEqual([])
      reloaded.unmout()

      // A day after it was shown: once more.
      clock.mockReturnValue(start + NOTICE_SUPPRESS_MS)
      const nextDay = await open(PayPage, noticesWorld([daily], { raw }), PAY, { orderId: 'O1' })
      expect(shownIds(nextDay, 'pay')).toEqual(['notice-d'])
    })

    it('goes from the page that showed it when closed', async () => {
      const world = noticesWorld([daily])
      const pay = await open(PayPage, world, PAY, { orderId: 'O1' })
      pay.fireEvent.click(getByTestId(pay, 'notice-dismiss-d'))
      await settle(pay)
      expect(byTestId(pay, 'notices')).toBeNull()
    })
  })

  describe('查看详情', () => {
    async function openDetails(redirectPath: string | null, observed = observedHost()) {
      const world = noticesWorld([notice('x', { redirectPath })], { host: observed.host })
      const click = jest.spyOn(world.services.tracker, 'click')
      const page = await open(OrderListPage, world, ORDER_LIST)
      const uiToast = jest.spyOn(world.services.ui, 'toast')
      const button = byTestId(page, 'notice-open-x')
      if (button) {
        page.fireEvent.click(button)
        await settle(page)
      }
      return { page, button, click, uiToast, ...observed }
    }

    it('opens an app page, tracked as a click on the page', async () => {
      const { click } = await openDetails('/apply/order?orderId=O-9')
      expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.order.page}?orderId=O-9` })
      expect(click).toHaveBeenCalledWith(ROUTES.orderList.urls[0], 'noticeOpen', { noticeId: 'x' })
    })

    it('opens a web page in the web view', async () => {
      await openDetails('https://example.com/activity?id=1')
      expect(navigation.navigateTo).toHaveBeenCalledWith({ url: `/${ROUTES.webview.page}?src=${encodeURIComponent('https://example.com/activity?id=1')}` })
    })

    it('downloads and opens a PDF', async () => {
      const { downloadFile, openDocument } = await openDetails('https://example.com/rules.pdf')
      expect(downloadFile).toHaveBeenCalledWith('https://example.com/rules.pdf')
      expect(openDocument).toHaveBeenCalledWith('/tmp/notice.pdf')
      expect(navigation.navigateTo).not.toHaveBeenCalled()
    })

    it('says "未知类型" once for an address it cannot open', async () => {
      const { toast, uiToast } = await openDetails('alipays://platformapi/startapp?appId=1')
      expect(toast).toHaveBeenCalledWith('未知类型')
      expect(toast).toHaveBeenCalledTimes(1)
      expect(uiToast).not.toHaveBeenCalled()
      expect(navigation.navigateTo).not.toHaveBeenCalled()
    })

    it('says so once when a PDF fails to download', async () => {
      const observed = observedHost()
      observed.downloadFile.mockRejectedValueOnce(new Error('Download failed with HTTP 404'))
      const { toast, uiToast } = await openDetails('https://example.com/missing.pdf', observed)
      expect(uiToast).toHaveBeenCalledWith(NOTICE_MESSAGES.openFailed)
      expect(uiToast).toHaveBeenCalledTimes(1)
      expect(toast).not.toHaveBeenCalled()
    })

    it('is not offered without a redirect path', async () => {
      const { button } = await openDetails(null)
      expect(button).toBeNull()
    })
  })
})
