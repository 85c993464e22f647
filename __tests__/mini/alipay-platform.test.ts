/**
 * The Alipay build behaves as its platform intends (spec section 6, issue 15), run on its
 * JavaScript side (alipay-support/): a person logs in silently with my.getAuthCode's code, never
 * with a bank app's page token or the login page, and pays with my.tradePay using the trade
 * number the server's cashier issued, going on to the result when paid and staying, saying so,
 * when cancelled. Needs `npm run build:alipay` first; CI builds it and sets REQUIRE_MINI_BUILD=1
 * so a missing build fails instead of skipping.
 */
import { ROUTES } from '../../src/config/routes'
import { PAY_STATE } from '../../src/domain/enums'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import type { PayDepositResponse } from '../../types/api/payment'
import { CHANNEL_ID, detail, payInfo } from '../support/order-fixtures'
import { PERSON_GRANT, PLATE_PAGE_REPLIES } from '../support/plate-replies'
import { AlipayApp, parsePageUrl } from './alipay-support/alipay-app'
import { ALIPAY_DIST, describeAlipay } from './alipay-support/alipay-build'
import type { PageInstance } from './alipay-support/alipay-app'
import { pageText } from './alipay-support/data-tree'
import { FAKE_AUTH_CODE } from './alipay-support/fake-my'
import type { FakeRequest } from './alipay-support/fake-my'
import { bodyOf, replyingServer } from './alipay-support/fake-server'
import { typePlate } from './alipay-support/plate-keys'


/** A bank app's login token in the address the mini-program was opened with: the app must never use it. */
const BANK_PAGE_TOKEN = 'bank-page-token-never-sent'

const PLATE = '京A12345'
const ORDER_ID = 'alipay-order-1'
/** The trade number the fake server's cashier issues for my.tradePay. */
const TRADE_NO = 'T1'

const PAY_INFO = payInfo({ orderId: ORDER_ID })
const PAYING: PayDepositResponse = { orderId: ORDER_ID, depositPayState: PAY_STATE.PAYING, alipayTradeNo: TRADE_NO }

/** The pay page's calls (and the result page's pay state), by a fragment of the URL. */
const PAY_REPLIES: Readonly<Record<string, unknown>> = {
  '/oauth2/': PERSON_GRANT,
  '/config/': [],
  [`/getOrderInfo/${ORDER_ID}`]: PAY_INFO,
  [`/handleOrders/${ORDER_ID}`]: detail({ orderId: ORDER_ID, plateNumber: PLATE }),
  payH5OderDeposit: PAYING,
  depositH5PayState: { orderId: ORDER_ID, depositPayState: PAY_STATE.SUCCESS },
  '/log/': null,
}

/** my.tradePay's result codes (Alipay's documentation). */
const TRADE_PAY_PAID = '9000'
const TRADE_PAY_CANCELLED = '6001'

/** The pay button: 支付<mode> ¥<amount>. */
const PAY_BUTTON = /^支付\S+ ¥\d/

const isTokenRequest = (request: FakeRequest) => request.method === 'POST' && request.url.includes('/oauth2/') && request.url.endsWith('/token')

const describeBuilt = describeAlipay('its platform behaviour run')

// The first page loads the build's modules cold: seconds on a loaded machine, more than jest's 5 s.
jest.setTimeout(30_000)

describeBuilt('dist/alipay on its platform', () => {
  let app: AlipayApp
  let replies: Readonly<Record<string, unknown>> = PLATE_PAGE_REPLIES
  let restoreConsole: () => void

  beforeAll(async () => {
    app = new AlipayApp({ distDir: ALIPAY_DIST, respond: replyingServer(() => replies), launchQuery: { [PAGE_TOKEN_PARAM]: BANK_PAGE_TOKEN } })
    restoreConsole = app.captureConsole()
    await app.launch()
  })
  afterAll(() => restoreConsole())

  /** Every page address the app asked the host to open, in order. */
  const navigatedRoutes = () =>
    ['navigateTo', 'redirectTo', 'reLaunch'].flatMap((api) => app.host.callsOf(api).map((options) => parsePageUrl(String(options.url)).route))

  /** No request carried a bank page-token grant, nor the bank app's token the app was opened with. */
  function expectNoPageToken(): void {
    const grants = app.host.requests.map(bodyOf).map((body) => (body as { grantType?: unknown } | null)?.grantType)
    expect(grants).not.toContain('pageToken')
    const sent = app.host.requests.map((request) => `${request.url} ${JSON.stringify(request.data)} ${JSON.stringify(request.headers)}`)
    expect(sent.filter((text) => text.includes(BANK_PAGE_TOKEN))).toEqual([])
  }

  async function open(url: string): Promise<PageInstance> {
    const openedBefore = app.opened.length
    await app.reLaunch(url)
    const page = app.opened[openedBefore]
    await app.waitFor(() => page.setDataCount > 0, `${url} to set its data`)
    await app.settle()
    return page
  }

  it('logs a person in silently with my.getAuthCode when they go on from the plate page', async () => {
    replies = PLATE_PAGE_REPLIES
    const errorsBefore = app.errors.length
    await open(`/${ROUTES.plateEntry.page}`)
    await typePlate(app, PLATE)
    // Nothing so far needed anyone logged in.
    expect(app.host.requests.filter(isTokenRequest)).toEqual([])
    app.tap(await app.findTappable('下一步'))

    // The plate checks need the person: they go out once the silent login has answered, and the
    // free plate goes on to the agreements; the login page would mean the silent login failed.
    const next = await app.waitFor(
      () => app.opened.find((page) => page.route === ROUTES.agree.page || page.route === ROUTES.login.page),
      'the agreements (or the login) page to open',
    )
    expect(next.route).toBe(ROUTES.agree.page)

    const logins = app.host.requests.filter(isTokenRequest)
    expect(logins.map(bodyOf)).toEqual([{ grantType: 'authCode', provider: 'alipay', code: FAKE_AUTH_CODE }])
    // Silently: the base scope, which Alipay grants without asking the person.
    expect(app.host.callsOf('getAuthCode').map((options) => options.scopes)).toEqual(['auth_base'])
    const plateCheck = app.host.requests.find((request) => request.url.includes('contractUserInterception'))
    expect(plateCheck?.headers.authorization).toBe(`Bearer ${PERSON_GRANT.accessToken}`)

    expect(navigatedRoutes()).not.toContain(ROUTES.login.page)
    expect(app.opened.map((page) => page.route)).not.toContain(ROUTES.login.page)
    // The app was opened with a bank app's token in its address: a mini-program never uses it.
    expectNoPageToken()
    expect(app.errors.slice(errorsBefore)).toEqual([])
  })


  describe('paying an order with my.tradePay', () => {
    beforeAll(() => {
      replies = PAY_REPLIES
    })

    /** Opens the order's pay page and taps its pay button; resolves with my.tradePay's options. */
    async function payOnce(): Promise<Record<string, unknown>> {
      await open(`/${ROUTES.pay.page}?orderId=${ORDER_ID}`)
      const tradePaysBefore = app.host.callsOf('tradePay').length
      app.tap(await app.findTappable(PAY_BUTTON))
      return app.waitFor(() => app.host.callsOf('tradePay')[tradePaysBefore], 'my.tradePay')
    }

    const payRequests = () => app.host.requests.filter((request) => request.method === 'POST' && request.url.includes('payH5OderDeposit'))

    it('asks the server for an Alipay payment and pays the trade it issued', async () => {
      app.host.setAnswer('tradePay', { resultCode: TRADE_PAY_PAID })
      const errorsBefore = app.errors.length
      const requestsBefore = payRequests().length
      const redirectsBefore = app.host.callsOf('redirectTo').length

      const tradePay = await payOnce()

      const sent = payRequests().slice(requestsBefore)
      expect(sent.map((request) => request.url.endsWith(`/user/${ORDER_ID}/payH5OderDeposit`))).toEqual([true])
      // The order's own promotion (its pay info), and Alipay's own payment.
      expect(sent.map(bodyOf)).toEqual([{ promotionChannelId: CHANNEL_ID, payMethod: 'alipay' }])
      expect(tradePay.tradeNO).toBe(TRADE_NO)
      const redirect = await app.waitFor(() => app.host.callsOf('redirectTo')[redirectsBefore], 'my.redirectTo')
      const target = parsePageUrl(String(redirect.url))
      expect(target.route).toBe(ROUTES.payResult.page)
      expect(target.query.orderId).toBe(ORDER_ID)
      await app.waitFor(() => app.current().route === ROUTES.payResult.page, 'the pay result page to open')
      await app.settle()
      expectNoPageToken()
      expect(app.errors.slice(errorsBefore)).toEqual([])
    })

    it('stays on the pay page, saying so, when the person cancels my.tradePay', async () => {
      app.host.setAnswer('tradePay', { resultCode: TRADE_PAY_CANCELLED })
      const errorsBefore = app.errors.length
      const redirectsBefore = app.host.callsOf('redirectTo').length

      const tradePay = await payOnce()

      expect(tradePay.tradeNO).toBe(TRADE_NO)
      const redirected = () => app.host.callsOf('redirectTo').length > redirectsBefore
      await app.waitFor(() => redirected() || pageText(app.current().data).includes('已取消支付'), 'the page to say the payment was cancelled')
      await app.settle()
      expect(redirected()).toBe(false)
      expect(app.current().route).toBe(ROUTES.pay.page)
      expect(pageText(app.current().data)).toContain('已取消支付')
      // Paying again is offered: the button is back.
      await app.findTappable(PAY_BUTTON)
      expect(app.errors.slice(errorsBefore)).toEqual([])
    })
  })
})
