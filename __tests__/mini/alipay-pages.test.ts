/**
 * The Alipay build's JavaScript side, run without a renderer (none exists offline for Alipay):
 * the app launches, every page of dist/alipay/app.json loads and sets its data without a page
 * error, a tap on the plate page navigates, requests go out through my.request, and every node
 * type the pages put in their data has a template in base.axml: with the server unavailable, and
 * with it answering (order lists and details in every status, each way a payment ends, the
 * landing pages' packages, a busy button's spinner). The harness is in
 * alipay-support/; the README ("Previewing the mini-programs") says what this does not cover.
 * Needs `npm run build:alipay` first; CI builds it and sets REQUIRE_MINI_BUILD=1 so a missing
 * build fails instead of skipping.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROUTES } from '../../src/config/routes'
import { ORIGINAL_PRICE_DEFAULT_CENTS, PACKAGE_VARIANT } from '../../src/domain/money'
import { BUSINESS_MODE, PAY_STATE } from '../../src/domain/enums'
import { ORDER_STATUSES, statusLabel } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import type { Commodity, PartnerChannel } from '../../types/api/catalogue'
import type { OrderDetail, OrderSummary } from '../../types/api/orders'
import type { PayDepositResponse } from '../../types/api/payment'
import { noticeOn } from '../support/notice-fixtures'
import { CHANNEL_ID, STATUS_ACTIONS, STATUS_FIELDS, detail, payInfo, summary } from '../support/order-fixtures'
import { PERSON_GRANT, PLATE_PAGE_REPLIES } from '../support/plate-replies'
import { AlipayApp, UNAVAILABLE, parsePageUrl } from './alipay-support/alipay-app'
import type { PageInstance } from './alipay-support/alipay-app'
import { nodes, pageText } from './alipay-support/data-tree'
import type { TaroNode } from './alipay-support/data-tree'
import type { FakeRequest, FakeResponse, Responder } from './alipay-support/fake-my'
import { holding, replyingServer } from './alipay-support/fake-server'
import { ALIPAY_DIST, alipayBuilt, describeAlipay } from './alipay-support/alipay-build'

const DIST = ALIPAY_DIST
const describeBuilt = describeAlipay('its JavaScript-side run')

interface AppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
}

const readAppJson = (): AppJson => JSON.parse(readFileSync(path.join(DIST, 'app.json'), 'utf8')) as AppJson

/** Every page of the build, main package first, as app.json lists them. */
function buildPages(): string[] {
  if (!alipayBuilt()) return []
  const json = readAppJson()
  return [...json.pages, ...(json.subPackages ?? []).flatMap(({ root, pages }) => pages.map((page) => `${root}/${page}`))]
}

/** What a page shows when it crashed (src/components/error-boundary/ErrorBoundary.tsx). */
const CRASH_TITLE = '页面出错了'

/** The notice the fake server publishes for the plate page: its title on the page proves the answer arrived. */
const PLATE_NOTICE = noticeOn(ROUTES.plateEntry.urls.join(','))('alipay-run')

/** The server's answer envelope. */
const envelope = (data: unknown): FakeResponse => ({ status: 200, data: { code: 200, msg: 'ok', data } })

/** A small fake server: the notices configuration; every other call is unavailable. */
function fakeServer(request: FakeRequest): FakeResponse {
  if (request.method === 'GET' && request.url.includes('/config/notices/')) return envelope([PLATE_NOTICE])
  return UNAVAILABLE
}

/** The order every status's order is, on the list and on the detail pages. */
const orderIdOf = (status: OrderStatus) => `O-${status}`

/** A filled-in order: delivery, tracking and a timeline, in `status`. */
const orderIn = (status: OrderStatus): OrderDetail =>
  detail({
    ...STATUS_FIELDS[status],
    orderId: orderIdOf(status),
    issuerId: 3,
    trackingNo: 'SF1234567890',
    delivery: { consigneeName: '张*', consigneeMobile: '138****5678', region: '北京市海淀区', address: '科技园路1号****' },
    timeline: [
      { kind: 'applied', at: '2026-11-20T02:30:00.000Z' },
      { kind: 'paid', at: '2026-11-20T02:40:00.000Z', note: '已支付29.90元' },
    ],
  })

/**
 * The channel's packages, as the page tests' `commodity()` (support/journey-fixtures.ts) makes them;
 * that module loads Taro and the app, which must not run beside the build, so they are spelled here.
 */
const COMMODITIES: Commodity[] = [
  { id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990, packageVariant: PACKAGE_VARIANT.basic, bizType: BUSINESS_MODE.DEPOSIT, frontData: { sort: 1, marketingData: { tags: ['顺丰包邮'] }, isExistUser: false } },
  { id: 'VIP', commodityName: 'VIP尊享ETC套餐', commodityPrice: 4990, packageVariant: PACKAGE_VARIANT.vip, bizType: BUSINESS_MODE.DEPOSIT, frontData: { sort: 2, marketingData: null, isExistUser: false } },
  { id: 'FEE', commodityName: '服务费套餐', commodityPrice: 2990, packageVariant: PACKAGE_VARIANT.basic, bizType: BUSINESS_MODE.FEE, frontData: { sort: 3, marketingData: null, isExistUser: true } },
].map((fields) => ({ originalCommodityPrice: ORIGINAL_PRICE_DEFAULT_CENTS, goodTypeMap: { obu: 1 }, issuerId: 3, description: '', ...fields }))

const PARTNERS: PartnerChannel[] = [{ partnerId: 'PARTNER-1', partnerName: '合作伙伴', promotionChannelId: CHANNEL_ID }]
const GOODS = { obu: { name: 'OBU电子标签', description: '贴在前挡风玻璃上的车载单元' } }

/** The order the pay page pays, and how each payment ended on the result page (by order). */
const PAY_ORDER = 'O-pay'
const PAY_OUTCOMES: Readonly<Record<string, { state: number; title: string }>> = {
  success: { state: PAY_STATE.SUCCESS, title: '支付成功' },
  notNeeded: { state: PAY_STATE.NOT_NEEDED, title: '申请已提交' },
  failed: { state: PAY_STATE.FAILED, title: '支付失败' },
  unpaid: { state: PAY_STATE.AWAITING_PAYMENT, title: '订单尚未支付' },
  polling: { state: PAY_STATE.PAYING, title: '正在查询支付结果' },
}
const payResultOrder = (outcome: string) => `O-result-${outcome}`
const PAY_INFO = payInfo({ orderId: PAY_ORDER })
const PAYING: PayDepositResponse = { orderId: PAY_ORDER, depositPayState: PAY_STATE.PAYING, alipayTradeNo: 'T1' }

/**
 * A server that answers everything the pages ask with data (the first matching URL fragment
 * answers, so the specific ones come first): a person logged in, a promotion in effect with its
 * packages and partners, an order of every status, and each way a payment ends.
 */
const DATA_REPLIES: Readonly<Record<string, unknown>> = {
  ...PLATE_PAGE_REPLIES,
  '/oauth2/': PERSON_GRANT,
  '/config/notices/': [PLATE_NOTICE],
  '/config/goods-type.json': GOODS,
  '/config/issuers.json': [{ id: 3, name: '北京', miniProgramAppId: null }],
  listCommodity: COMMODITIES,
  getPartnerChannels: PARTNERS,
  '/interceptCheck': { intercept: false, reason: '' },
  'h5Order/_search': { list: ORDER_STATUSES.map((status): OrderSummary => summary(orderIn(status))), total: ORDER_STATUSES.length, pageNo: 1, pageSize: 100 },
  ...Object.fromEntries(ORDER_STATUSES.map((status) => [`/handleOrders/${orderIdOf(status)}`, orderIn(status)])),
  '/handleOrders/': detail({ orderId: PAY_ORDER, depositPayState: PAY_STATE.SUCCESS }),
  '/getOrderInfo/': PAY_INFO,
  payH5OderDeposit: PAYING,
  ...Object.fromEntries(Object.entries(PAY_OUTCOMES).map(([outcome, { state }]) => [`/${payResultOrder(outcome)}/depositH5PayState`, { orderId: payResultOrder(outcome), depositPayState: state }])),
  depositH5PayState: { orderId: PAY_ORDER, depositPayState: PAY_STATE.SUCCESS },
  '/log/': null,
}
const dataServer = replyingServer(() => DATA_REPLIES)

/** Time for a scenario: loading every page takes some seconds. */
const DATA_SCENARIO_TIMEOUT_MS = 30_000
// The other tests wait for pages too (alipay-app.ts allows 20 s a wait on a loaded machine).
jest.setTimeout(DATA_SCENARIO_TIMEOUT_MS)
/** Time for the template check in a filtered run, which loads every page and scenario itself. */
const FILTERED_RUN_TIMEOUT_MS = 120_000

/** The pay button: 支付<mode> ¥<amount>. */
const PAY_BUTTON = /^支付\S+ ¥\d/

/** The spinner a busy button shows (src/components/icon/Icon.tsx); `cl` is the node's class. */
const isSpinner = (node: TaroNode) => typeof node.cl === 'string' && node.cl.split(' ').includes('icon--spinner')

/** Template names base.axml defines; a node `nn` renders with template `tmpl_0_<nn>`. */
function baseTemplates(): Set<string> {
  const axml = readFileSync(path.join(DIST, 'base.axml'), 'utf8')
  return new Set(Array.from(axml.matchAll(/<template name="([^"]+)"/g), ([, name]) => name))
}

describeBuilt('dist/alipay, JavaScript side', () => {
  let app: AlipayApp
  let restoreConsole: () => void

  beforeAll(async () => {
    app = new AlipayApp({ distDir: DIST, respond: fakeServer })
    restoreConsole = app.captureConsole()
    await app.launch()
  })
  afterAll(() => restoreConsole())

  /** Opens `route` (a query may follow) as the only page, over `server`, and waits until it has rendered and gone quiet. */
  async function load(route: string, server: Responder = fakeServer): Promise<PageInstance> {
    app.respond = server
    const openedBefore = app.opened.length
    await app.reLaunch(`/${route}`)
    const page = app.opened[openedBefore]
    await app.waitFor(() => page.setDataCount > 0, `${route} to set its data`)
    await app.settle()
    return page
  }

  it('launches the app', async () => {
    const registered = app.registeredApp()
    expect(registered?.config?.pages).toEqual(readAppJson().pages)
    // Taro's onLaunch sets $app once the app's root component has mounted.
    await app.waitFor(() => registered && '$app' in registered, 'the app to finish launching')
    expect(app.errors).toEqual([])
  })

  it.each(buildPages())('loads %s without a page error and sets data', async (route) => {
    const errorsBefore = app.errors.length
    const page = await load(route)
    expect(page.route).toBe(route)
    expect(app.errors.slice(errorsBefore)).toEqual([])
    expect([...nodes(page.data)].length).toBeGreaterThan(0)
    expect(pageText(app.current().data)).not.toContain(CRASH_TITLE)
  })

  it('shows what the server answered through my.request on the plate page', async () => {
    await load(ROUTES.plateEntry.page)
    const sent = app.host.requests
    expect(sent.some((request) => request.method === 'GET' && request.url.includes('/config/notices/'))).toBe(true)
    expect(sent.every((request) => /^https?:\/\/[^/]+\//.test(request.url))).toBe(true)
    await app.waitFor(() => pageText(app.current().data).includes(PLATE_NOTICE.noticeTitle), 'the notice to show')
  })

  it('navigates to the order list when 我的订单 is tapped on the plate page', async () => {
    const errorsBefore = app.errors.length
    await load(ROUTES.plateEntry.page)
    const navigationsBefore = app.host.callsOf('navigateTo').length
    app.tap(await app.findTappable('我的订单'))
    const navigation = await app.waitFor(() => app.host.callsOf('navigateTo')[navigationsBefore], 'my.navigateTo')
    expect(parsePageUrl(String(navigation.url)).route).toBe(ROUTES.orderList.page)
    await app.waitFor(() => app.opened.some((page) => page.route === ROUTES.orderList.page), 'the order list to open')
    await app.settle()
    expect(app.errors.slice(errorsBefore)).toEqual([])
  })

  it('switches to 长辈模式 from the plate page: the page frame takes the larger tokens', async () => {
    const errorsBefore = app.errors.length
    await load(ROUTES.plateEntry.page)
    const hasElderFrame = () => [...nodes(app.current().data)].some((node) => typeof node.cl === 'string' && node.cl.split(' ').includes('elder-mode'))
    expect(hasElderFrame()).toBe(false)
    app.tap(await app.findTappable('长辈模式'))
    await app.waitFor(hasElderFrame, 'the page frame in elder mode')
    // Back to normal for the other tests.
    app.tap(await app.findTappable('长辈模式'))
    await app.waitFor(() => !hasElderFrame(), 'the page frame back to normal')
    expect(app.errors.slice(errorsBefore)).toEqual([])
  })

  /** Waits until the current page shows `text`, and returns the page's text. */
  async function shows(text: string): Promise<string> {
    return app.waitFor(() => pageText(app.current().data).includes(text) && pageText(app.current().data), `the page to show ${text}`)
  }

  /** The pages with the server answering; each names what proves its data arrived. */
  const DATA_SCENARIOS: Readonly<Record<string, () => Promise<void>>> = {
    'every page': async () => {
      const query = `orderId=${orderIdOf('applying')}&commodityId=${COMMODITIES[0].id}`
      for (const route of buildPages()) {
        const errorsBefore = app.errors.length
        await load(`${route}?${query}`, dataServer)
        expect(app.errors.slice(errorsBefore)).toEqual([])
        expect(pageText(app.current().data)).not.toContain(CRASH_TITLE)
      }
    },
    'the order list, an order of every status': async () => {
      await load(ROUTES.orderList.page, dataServer)
      const text = await shows(statusLabel('applying'))
      expect(ORDER_STATUSES.filter((status) => !text.includes(statusLabel(status)))).toEqual([])
    },
    ...Object.fromEntries(
      ORDER_STATUSES.flatMap((status) =>
        // The cancel page shows an order only where it can be cancelled.
        [ROUTES.order.page, ROUTES.orderJh.page, ...(STATUS_ACTIONS[status].includes('cancel') ? [ROUTES.orderCancel.page] : [])].map((route) => [
          `${route}, the order ${status}`,
          async () => {
            await load(`${route}?orderId=${orderIdOf(status)}`, dataServer)
            await shows(orderIn(status).plateNumber)
          },
        ]),
      ),
    ),
    ...Object.fromEntries(
      Object.entries(PAY_OUTCOMES).map(([outcome, { title }]) => [
        `the pay result, ${outcome}`,
        async () => {
          await load(`${ROUTES.payResult.page}?orderId=${payResultOrder(outcome)}`, dataServer)
          await shows(title)
        },
      ]),
    ),
    ...Object.fromEntries(
      [ROUTES.selectLand, ROUTES.selectDetail, ROUTES.land, ROUTES.jhLand, ROUTES.jhshLand, ROUTES.baiduLand, ROUTES.baidu2Land, ROUTES.baidu3Land, ROUTES.chelun, ROUTES.qishi].map(
        ({ page }) => [
          `${page}, with the packages`,
          async () => {
            await load(`${page}?commodityId=${COMMODITIES[0].id}`, dataServer)
            await shows(COMMODITIES[0].commodityName)
          },
        ],
      ),
    ),
    'the pay button, busy while the pay call is in flight': async () => {
      const held = holding(dataServer, 'payH5OderDeposit')
      await load(`${ROUTES.pay.page}?orderId=${PAY_ORDER}`, held.respond)
      expect([...nodes(app.current().data)].some(isSpinner)).toBe(false)
      app.tap(await app.findTappable(PAY_BUTTON))
      await app.waitFor(() => held.waiting() > 0, 'the pay call to go out')
      await app.waitFor(() => [...nodes(app.current().data)].some(isSpinner), "the busy button's spinner")
      held.release()
      await app.settle()
    },
  }
  const scenariosRun = new Set<string>()

  it.each(Object.keys(DATA_SCENARIOS))('renders %s with the server answering, without a page error', async (name) => {
    const errorsBefore = app.errors.length
    await DATA_SCENARIOS[name]()
    scenariosRun.add(name)
    expect(app.errors.slice(errorsBefore)).toEqual([])
  }, DATA_SCENARIO_TIMEOUT_MS)

  it('has a template in base.axml for every node type the pages rendered', async () => {
    // The pages and data the tests above loaded; any they did not (a filtered run) load here.
    for (const route of buildPages()) {
      if (!app.opened.some((page) => page.route === route)) await load(route)
    }
    for (const [name, scenario] of Object.entries(DATA_SCENARIOS)) {
      if (!scenariosRun.has(name)) await scenario()
    }
    const templates = baseTemplates()
    expect(app.nodeNames.size).toBeGreaterThan(0)
    const missing = [...app.nodeNames]
      .filter(([name]) => !templates.has(`tmpl_0_${name}`))
      .map(([name, routes]) => `tmpl_0_${name}, used by ${[...routes].join(', ')}`)
    expect(missing).toEqual([])
  }, FILTERED_RUN_TIMEOUT_MS)
})
