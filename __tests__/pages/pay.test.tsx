import Taro from '@tarojs/taro'
import PayPage from '../../src/pages/apply/pay/index'
import { PAY_MESSAGES, PAY_SECTIONS } from '../../src/config/payment'
import { exposureElementId } from '../../src/components/exposure/Exposure'
import { DEDUPE_WINDOW_MS } from '../../src/domain/constants'
import { BUSINESS_MODE, PAY_STATE } from '../../src/domain/enums'
import { onBackFromCashier, openCashier } from '../../src/platform/open-cashier'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import type { PayOrderInfo, WechatPayParams } from '../../types/api/payment'
import { settle } from '../unit/services/fakes'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, expectTexts, getByTestId, textOf } from '../support/page-test'
import { applicationDetail, loggedInWorld, never, openAt, retryAfterErrorInPlace, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'

jest.mock('../../src/platform/open-cashier', () => ({
  openCashier: jest.fn(() => Promise.resolve()),
  onBackFromCashier: jest.fn(() => () => undefined),
}))

const CASHIER_URL = 'https://app.test/sim/cashier/P1?token=t1'
const INFO: PayOrderInfo = { orderId: 'O1', amountCents: 2990, priceCents: 2990, voucher: null, businessMode: BUSINESS_MODE.DEPOSIT, depositPayState: PAY_STATE.AWAITING_PAYMENT, paidAt: null, promotionChannelId: 'PC-1' }
const DETAIL = applicationDetail({ orderId: 'O1', commodityId: 'BASIC', commodityName: '基础版ETC套餐', amountCents: 2990, issuerId: 3 })
const ISSUERS = [{ id: 3, name: '北京速通', miniProgramAppId: null }]

const payCalls = (world: World): TransportRequest[] => world.requests.filter((request) => request.url.endsWith('/payH5OderDeposit'))

function serve(
  world: World,
  overrides: { info?: () => Promise<TransportResponse>; detail?: () => Promise<TransportResponse>; pay?: () => Promise<TransportResponse> } = {},
) {
  world.serve((request) => {
    if (request.url.includes('/pay/v1/pay/getOrderInfo/O1')) return overrides.info?.() ?? world.ok(INFO)
    if (request.url.includes('/handleOrders/O1')) return overrides.detail?.() ?? world.ok(DETAIL)
    if (request.url.endsWith('/config/issuers.json')) return world.ok(ISSUERS)
    if (request.url.endsWith('/payH5OderDeposit')) {
      return overrides.pay?.() ?? world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, cashierUrl: CASHIER_URL })
    }
    return undefined
  })
}

/** Stands in for the host's intersection observer: the test says when a section scrolls into view. */
function fakeIntersection() {
  const watched: { selector: string; callback: (result: { intersectionRatio: number }) => void; connected: boolean }[] = []
  jest.spyOn(Taro, 'createIntersectionObserver').mockImplementation(() => {
    const entry = { selector: '', callback: (_result: { intersectionRatio: number }): void => undefined, connected: true }
    const observer = {
      relativeToViewport: () => observer,
      observe(selector: string, callback: (result: { intersectionRatio: number }) => void) {
        entry.selector = selector
        entry.callback = callback
        watched.push(entry)
      },
      disconnect: () => void (entry.connected = false),
    }
    return observer as unknown as Taro.IntersectionObserver
  })
  return {
    scroll(target: string, intersectionRatio: number) {
      for (const entry of watched) if (entry.connected && entry.selector === `#${exposureElementId(target)}`) entry.callback({ intersectionRatio })
    },
  }
}

const open = (world: World, params: Record<string, string> = { orderId: 'O1' }) => openAt(PayPage, world, '/pages/apply/pay/index', params)

/** The pay page of a logged-in person whose order's pay information is INFO with `fields` over it. */
async function openWithInfo(fields: Partial<PayOrderInfo>) {
  const world = loggedInWorld()
  serve(world, { info: () => world.ok({ ...INFO, ...fields }) })
  return open(world)
}

const WECHAT_PAY: WechatPayParams = { timeStamp: '1772352000', nonceStr: 'n'.repeat(32), package: 'prepay_id=P1', signType: 'RSA', paySign: 'c2lnbg==' }

/** A world whose app was built for a mini-program (its API asks for that platform's payment). */
const miniWorld = (target: 'weapp' | 'alipay'): World => loggedInWorld(target)

/** Stands in for Alipay's my.tradePay, which Taro exposes on the alipay build only. */
function fakeTradePay(answer: () => Promise<unknown>): jest.Mock {
  const tradePay = jest.fn(answer)
  Object.assign(Taro, { tradePay })
  return tradePay
}

describe('pay page', () => {
  let redirectTo: jest.SpyInstance
  beforeEach(() => {
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    jest.mocked(openCashier).mockClear()
    jest.mocked(onBackFromCashier).mockClear()
  })
  afterEach(() => {
    jest.restoreAllMocks()
    Taro.getCurrentInstance().router = null
  })

  it('says so when it is opened without an order', async () => {
    const world = loggedInWorld()
    serve(world)
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const page = await open(world, {})
    expect(textOf(page, 'pay-missing-order')).toContain('缺少订单信息')
    page.fireEvent.click(getByTestId(page, 'pay-missing-order').querySelector('[role="button"]') as Element)
    await page.act(async () => settle(10))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/order/order-list/index' })
  })

  it('shows a loading state while the order loads', async () => {
    const world = loggedInWorld()
    serve(world, { info: never })
    const page = await open(world)
    expect(getByTestId(page, 'pay-loading').getAttribute('role')).toBe('status')
    expect(byTestId(page, 'pay-submit')).toBeNull()
  })

  it('shows the server error in place (no toast too) and loads again on retry', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, { info: () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok(INFO)) })
    const page = await open(world)
    await retryAfterErrorInPlace(page, world, 'pay-error', () => (fail = false))
    expect(textOf(page, 'pay-amount')).toBe('¥29.90')
  })

  it('summarises the order: plate, package, the deposit and its reminder, the issuer', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world)
    expectTexts(page, { 'pay-plate': '京A12345（蓝牌）', 'pay-package': '基础版ETC套餐', 'pay-order-id': 'O1', 'pay-mode': '押金', 'pay-amount': '¥29.90' })
    expect(textOf(page, 'pay-tips')).toContain('温馨提示')
    expect(textOf(page, 'pay-tips')).toContain('押金在设备激活后原路退还')
    expect(textOf(page, 'pay-issuer')).toContain('发行方信息')
    expect(textOf(page, 'pay-issuer-name')).toBe('北京速通ETC发行服务机构')
    expect(textOf(page, 'pay-submit')).toBe('支付押金 ¥29.90')
    // No voucher: no price or discount line besides the amount.
    expect(byTestId(page, 'pay-price')).toBeNull()
    expect(byTestId(page, 'pay-voucher')).toBeNull()
  })

  it('shows the price, the write-off code and its discount, and pays what is left', async () => {
    const page = await openWithInfo({ amountCents: 990, priceCents: 2990, voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } })
    expectTexts(page, { 'pay-price': '¥29.90', 'pay-voucher': '核销码优惠ETC-DEMO-01 -¥20.00', 'pay-voucher-code': 'ETC-DEMO-01', 'pay-voucher-discount': '-¥20.00', 'pay-amount': '¥9.90', 'pay-submit': '支付押金 ¥9.90' })
  })

  it('shows the discount the voucher really took off when the least payment cuts it short, so the lines add up', async () => {
    const page = await openWithInfo({ amountCents: 1, priceCents: 1500, voucher: { code: 'ETC-DEMO-01', discountCents: 2000 } })
    expect(textOf(page, 'pay-price')).toBe('¥15.00')
    expect(textOf(page, 'pay-voucher-discount')).toBe('-¥14.99')
    expect(textOf(page, 'pay-amount')).toBe('¥0.01')
  })

  it('asks for the service fee in fee mode', async () => {
    const page = await openWithInfo({ amountCents: 3990, priceCents: 3990, businessMode: BUSINESS_MODE.FEE })
    expect(textOf(page, 'pay-mode')).toBe('服务费')
    expect(textOf(page, 'pay-tips')).toContain('服务费为一次性费用')
    expect(textOf(page, 'pay-submit')).toBe('支付服务费 ¥39.90')
  })

  it('starts the payment once even on a double tap, and opens the cashier', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(payCalls(world)).toHaveLength(1)
    // The order's own promotion (its pay info), not the visit's.
    expect(JSON.parse(payCalls(world)[0]?.body ?? '{}')).toEqual({ promotionChannelId: INFO.promotionChannelId, payMethod: 'h5' })
    expect(openCashier).toHaveBeenCalledTimes(1)
    expect(openCashier).toHaveBeenCalledWith(CASHIER_URL, world.services.navigator, world.services.tracker.flush)
    expect(textOf(page, 'pay-notice')).toBe(PAY_MESSAGES.toCashier)
    // Leaving for the cashier: the button stays disabled.
    expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(40))
    expect(payCalls(world)).toHaveLength(1)
  })

  it('back from the cashier paid, goes on to the result', async () => {
    const world = loggedInWorld()
    let paid = false
    serve(world, { info: () => world.ok({ ...INFO, depositPayState: paid ? PAY_STATE.SUCCESS : PAY_STATE.AWAITING_PAYMENT }) })
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(redirectTo).not.toHaveBeenCalled()
    paid = true
    world.advance(DEDUPE_WINDOW_MS)
    await page.act(async () => lifecycle.show())
    await page.act(async () => settle(80))
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
  })

  it('back from the cashier unpaid (the browser’s back button), can pay again', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('true')
    const restored = jest.mocked(onBackFromCashier).mock.calls.at(-1)?.[0]
    world.advance(DEDUPE_WINDOW_MS)
    await page.act(async () => restored?.())
    await page.act(async () => settle(80))
    expect(redirectTo).not.toHaveBeenCalled()
    expect(byTestId(page, 'pay-notice')).toBeNull()
    expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('false')
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(payCalls(world)).toHaveLength(2)
    expect(openCashier).toHaveBeenCalledTimes(2)
  })

  describe('in the mini-programs, with the platform’s own payment', () => {
    afterEach(() => {
      Reflect.deleteProperty(Taro, 'tradePay')
    })

    it('pays with wx.requestPayment and the parameters the server issued, once, then follows the result', async () => {
      const world = miniWorld('weapp')
      serve(world, { pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, wechatPay: WECHAT_PAY }) })
      let paid: (value: TaroGeneral.CallbackResult) => void = () => undefined
      const requestPayment = jest.spyOn(Taro, 'requestPayment').mockImplementation(() => new Promise((resolve) => (paid = resolve)))
      const page = await open(world)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(JSON.parse(payCalls(world)[0]?.body ?? '{}')).toEqual({ promotionChannelId: INFO.promotionChannelId, payMethod: 'wechat' })
      expect(requestPayment).toHaveBeenCalledTimes(1)
      expect(requestPayment).toHaveBeenCalledWith(WECHAT_PAY)
      expect(textOf(page, 'pay-notice')).toBe(PAY_MESSAGES.nativePaying)
      // While WeChat's sheet is up, another tap starts nothing.
      expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('true')
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(40))
      expect(payCalls(world)).toHaveLength(1)
      expect(redirectTo).not.toHaveBeenCalled()
      paid({ errMsg: 'requestPayment:ok' })
      await page.act(async () => settle(80))
      expect(openCashier).not.toHaveBeenCalled()
      expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
      expect(textOf(page, 'pay-notice')).toBe(PAY_MESSAGES.nativeToResult)
      expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('true')
    })

    it('stays on the page when the user cancels WeChat Pay, says so, and can pay again', async () => {
      const world = miniWorld('weapp')
      serve(world, { pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, wechatPay: WECHAT_PAY }) })
      const requestPayment = jest.spyOn(Taro, 'requestPayment').mockRejectedValue({ errMsg: 'requestPayment:fail cancel' })
      const page = await open(world)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(redirectTo).not.toHaveBeenCalled()
      expect(getByTestId(page, 'pay-failure').getAttribute('role')).toBe('alert')
      expect(textOf(page, 'pay-failure')).toBe('已取消支付')
      expect(byTestId(page, 'pay-notice')).toBeNull()
      expect(world.ui.toasts).toEqual([])
      expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('false')
      requestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
      world.advance(DEDUPE_WINDOW_MS)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(payCalls(world)).toHaveLength(2)
      expect(requestPayment).toHaveBeenCalledTimes(2)
      expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
    })

    it('says a failed WeChat payment did not go through', async () => {
      const world = miniWorld('weapp')
      serve(world, { pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, wechatPay: WECHAT_PAY }) })
      jest.spyOn(Taro, 'requestPayment').mockRejectedValue({ errMsg: 'requestPayment:fail 支付验证签名失败' })
      const page = await open(world)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(textOf(page, 'pay-failure')).toBe(PAY_MESSAGES.nativeFailed)
      expect(redirectTo).not.toHaveBeenCalled()
      expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('false')
    })

    it('pays with my.tradePay and the trade number on Alipay, then follows the result', async () => {
      const world = miniWorld('alipay')
      serve(world, { pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, alipayTradeNo: 'P1' }) })
      const tradePay = fakeTradePay(async () => ({ resultCode: '9000' }))
      const page = await open(world)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(JSON.parse(payCalls(world)[0]?.body ?? '{}')).toEqual({ promotionChannelId: INFO.promotionChannelId, payMethod: 'alipay' })
      expect(tradePay).toHaveBeenCalledWith({ tradeNO: 'P1' })
      expect(openCashier).not.toHaveBeenCalled()
      expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
    })

    it('stays on the page when the user cancels Alipay (6001)', async () => {
      const world = miniWorld('alipay')
      serve(world, { pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, alipayTradeNo: 'P1' }) })
      fakeTradePay(async () => ({ resultCode: '6001' }))
      const page = await open(world)
      page.fireEvent.click(getByTestId(page, 'pay-submit'))
      await page.act(async () => settle(80))
      expect(textOf(page, 'pay-failure')).toBe('已取消支付')
      expect(redirectTo).not.toHaveBeenCalled()
      expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('false')
    })
  })

  it('goes straight to the result when nothing is to be paid (pay state 1)', async () => {
    const world = loggedInWorld()
    serve(world, {
      info: () => world.ok({ ...INFO, amountCents: 0, depositPayState: PAY_STATE.NOT_NEEDED }),
      pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.NOT_NEEDED }),
    })
    const page = await open(world)
    expect(textOf(page, 'pay-submit')).toBe('无需支付，继续')
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(textOf(page, 'pay-notice')).toBe(PAY_MESSAGES.notNeeded)
    expect(openCashier).not.toHaveBeenCalled()
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
  })

  it('goes to the result for an order already paid', async () => {
    const world = loggedInWorld()
    serve(world, {
      info: () => world.ok({ ...INFO, depositPayState: PAY_STATE.SUCCESS }),
      pay: () => world.ok({ orderId: 'O1', depositPayState: PAY_STATE.SUCCESS }),
    })
    const page = await open(world)
    expect(textOf(page, 'pay-submit')).toBe('已支付，查看结果')
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(textOf(page, 'pay-notice')).toBe(PAY_MESSAGES.alreadyPaid)
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay-result/index?orderId=O1' })
  })

  it('shows why paying failed, once (no toast too), and lets the user try again', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, {
      pay: () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok({ orderId: 'O1', depositPayState: PAY_STATE.PAYING, cashierUrl: CASHIER_URL })),
    })
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(getByTestId(page, 'pay-failure').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'pay-failure')).toBe('服务器繁忙，请稍后重试')
    expect(world.ui.toasts).toEqual([])
    expect(getByTestId(page, 'pay-submit').getAttribute('aria-disabled')).toBe('false')
    expect(openCashier).not.toHaveBeenCalled()
    fail = false
    page.fireEvent.click(getByTestId(page, 'pay-submit'))
    await page.act(async () => settle(80))
    expect(byTestId(page, 'pay-failure')).toBeNull()
    expect(openCashier).toHaveBeenCalledTimes(1)
    expect(payCalls(world)).toHaveLength(2)
  })

  it('tracks each section once, when it first scrolls into view', async () => {
    const intersection = fakeIntersection()
    const world = loggedInWorld()
    serve(world)
    const exposure = jest.spyOn(world.services.tracker, 'exposure')
    const page = await open(world)
    expect(exposure).not.toHaveBeenCalled()
    intersection.scroll(PAY_SECTIONS.tips, 0)
    expect(exposure).not.toHaveBeenCalled()
    intersection.scroll(PAY_SECTIONS.tips, 0.4)
    intersection.scroll(PAY_SECTIONS.tips, 1)
    expect(exposure.mock.calls).toEqual([['/apply/pay', 'friendlyReminder']])
    intersection.scroll(PAY_SECTIONS.issuer, 0.2)
    await page.act(async () => lifecycle.show())
    intersection.scroll(PAY_SECTIONS.issuer, 1)
    intersection.scroll(PAY_SECTIONS.tips, 1)
    expect(exposure.mock.calls).toEqual([
      ['/apply/pay', 'friendlyReminder'],
      ['/apply/pay', 'issuerInfo'],
    ])
  })

  it('counts the sections as seen once where the host has no intersection observer', async () => {
    const world = loggedInWorld()
    serve(world)
    const exposure = jest.spyOn(world.services.tracker, 'exposure')
    const page = await open(world)
    await page.act(async () => settle(20))
    expect(exposure.mock.calls).toEqual([
      ['/apply/pay', 'friendlyReminder'],
      ['/apply/pay', 'issuerInfo'],
    ])
  })
})
