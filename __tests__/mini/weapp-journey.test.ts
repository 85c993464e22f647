/**
 * The apply journey on the WeChat build (dist/weapp), as a person walks it, with the real server
 * behind wx.request: a plate typed on the plate keyboard, the silent login with wx.login's code
 * (no login page), consent, the information form, four photos from the album, a package, WeChat
 * Pay (wx.requestPayment, whose simulated platform notifies the server), the result and the order
 * list. Then the order detail page for every display status, the orders moved on by the server's
 * lifecycle simulator. No page may miss a template or report an error.
 * A fresh app and server of its own; needs `npm run build:weapp` first (skipped loudly without it,
 * failed with REQUIRE_MINI_BUILD=1).
 */
// The server's modules need jsdom's gaps filled before they load.
import { CANCEL_REASONS } from '../../src/domain/cancel-reason'
import './support/server-under-jsdom'
import { PRIVACY_SHEET_TEXT } from '../../src/config/privacy-copy'
import { APPLY_STEP, CANCEL_STATE, PAY_STATE } from '../../src/domain/enums'
import { DEDUPE_WINDOW_MS } from '../../src/domain/constants'
import { ORDER_STATUSES, statusLabel } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import type { TokenGrant } from '../../types/api/auth'
import type { ApplyResponse } from '../../types/api/apply'
import type { CancelOrderResponse, OrderDetail } from '../../types/api/orders'
import type { PayOrderInfo } from '../../types/api/payment'
import { API } from '../../types/api/paths'
import { BANK, bearer, pathOf } from '../server/support/api'
import { apply, createOrder, data, fillOrder, payload, uploadAllPhotos } from '../server/support/orders'
import { moveOrder, sessionOfAuthCode } from './support/outside-parties'
import { inputByLabel, pageText, tap, tapText, typeInto } from './support/page-actions'
import type { OpenPage } from './support/page-stack'
import { passTime } from './support/passing-time'
import { settle, waitFor } from './support/settle'
import { LOGIN_PAGE } from './support/sign-in'
import { describeWeapp } from './support/weapp-build'
import { weappWorld } from './support/weapp-world'
import { JOURNEY_PLATE, OWNER_FIELDS, PACKAGE_NAME, PHOTO_SLOTS, UPLOADED } from './support/journey-data'

const ROUTES = {
  plate: 'pages/entry/plate/index',
  agree: 'pages/apply/agree/index',
  upinfo: 'pages/apply/upinfo/index',
  selectImage: 'pages/camera/select-image/index',
  confirmSelect: 'pages/camera/confirm-select/index',
  selectLand: 'pages/apply/select-land/index',
  selectDetail: 'pages/apply/select-detail/index',
  pay: 'pages/apply/pay/index',
  payResult: 'pages/apply/pay-result/index',
  orderList: 'pages/order/order-list/index',
  orderDetail: 'pages/order/detail/index',
} as const

const PLATE = JOURNEY_PLATE
const PLATE_KEYBOARD = '.plate-input__keyboard'
/** Where the order detail page shows the order's status. */
const STATUS_NODE = '.order-detail__status'

// A whole journey through a dozen pages; generous for a busy machine.
jest.setTimeout(60_000)

describeWeapp()('the WeChat build: the apply journey and the order pages', () => {
  const world = weappWorld()
  /** The order the journey pays, and the session of the person who applied (for the test's own calls). */
  let journey: { orderId: string; person: TokenGrant } | undefined
  const journeyOrder = () => {
    if (!journey) throw new Error('The journey test did not get as far as a paid order')
    return journey
  }

  /** The page on top, once it is `route` (it has rendered and its first requests are answered). */
  const reach = async (route: string): Promise<OpenPage> => {
    await waitFor(`the page ${route} (on top: ${world.stack.top()?.route}; problems: ${world.problems().join(' | ')})`, () => world.stack.top()?.route === route)
    await settle(10)
    return world.stack.top()!
  }

  const waitForText = async (page: OpenPage, text: string): Promise<void> =>
    waitFor(`"${text}" on ${page.route} (it says: ${pageText(page)})`, () => pageText(page).includes(text))

  /** Pays the order on its pay page with WeChat Pay; leaves the result page on top. */
  const payOnPayPage = async (page: OpenPage): Promise<OpenPage> => {
    tapText(page, '支付押金')
    return reach(ROUTES.payResult)
  }

  /** The order's payment as the server has it. */
  const payInfo = async (orderId: string, person: TokenGrant): Promise<PayOrderInfo> =>
    data<PayOrderInfo>(await world.test.inject({ method: 'GET', url: pathOf(API.payOrderInfo.path, { orderId }), headers: bearer(person) }))

  it('applies and pays: plate, silent login, consent, form, photos, package, WeChat Pay, result, order list', async () => {
    // The plate, on the plate keyboard.
    await world.open(`/${ROUTES.plate}`)
    const plate = await reach(ROUTES.plate)
    await waitForText(plate, '下一步')
    for (const key of PLATE) {
      tapText(plate, key, PLATE_KEYBOARD)
      await settle()
    }
    expect(pageText(plate)).toContain(PLATE)
    tapText(plate, '下一步')

    // Signed in silently with wx.login's code: no login page on the way to consent.
    const agree = await reach(ROUTES.agree)
    expect(world.device.loginCodes).toHaveLength(1)
    const tokenCalls = world.server.calls.filter((call) => call.url === pathOf(API.token.path, { channel: BANK.channelId }))
    expect(tokenCalls.map((call) => ({ status: call.statusCode, body: JSON.parse(String(call.data)) as unknown }))).toEqual([
      { status: 200, body: { grantType: 'authCode', provider: 'wechat', code: world.device.loginCodes[0] } },
    ])
    expect(world.navigations.filter(({ url }) => url.includes(LOGIN_PAGE))).toEqual([])

    // Consent: the two agreements and the package issuers' own, once they have loaded, all ticked.
    expect(pageText(agree)).toContain(PLATE)
    await waitFor('the issuer agreements', () => !pageText(agree).includes('正在加载发行方服务协议'))
    for (const box of Array.from(agree.component.dom?.querySelectorAll('.consent-check__box') ?? [])) {
      tap(agree, box)
      await settle()
    }
    tapText(agree, '同意并继续')

    // The information form, field by field.
    const form = await reach(ROUTES.upinfo)
    expect(pageText(form)).toContain(PLATE)
    for (const [label, value] of OWNER_FIELDS) {
      typeInto(form, inputByLabel(form, label), value)
      await settle()
    }
    tapText(form, '网点领取')
    await settle()

    // Four photos from the album, each confirmed and uploaded to the server. The first use of the
    // album waits for the privacy notice: the app's sheet, agreed with WeChat's own button.
    for (const [index, slot] of PHOTO_SLOTS.entries()) {
      tapText(form, slot)
      const select = await reach(ROUTES.selectImage)
      tapText(select, '从相册选择')
      if (index === 0) {
        await waitFor('the privacy notice', () => pageText(select).includes(PRIVACY_SHEET_TEXT.title))
        expect(world.privacy.exposures()).toBe(1)
        tapText(select, PRIVACY_SHEET_TEXT.agree)
      }
      tapText(await reach(ROUTES.confirmSelect), '确认上传')
      await reach(ROUTES.upinfo)
      await waitFor(`${index + 1} photos uploaded`, () => pageText(form).split(UPLOADED).length - 1 === index + 1)
    }
    expect(world.device.chosen).toHaveLength(PHOTO_SLOTS.length)
    expect([world.privacy.agreed(), world.privacy.exposures()]).toEqual([true, 1])
    const uploads = world.server.calls.filter((call) => call.api === 'uploadFile')
    expect(uploads.map((call) => call.statusCode)).toEqual(PHOTO_SLOTS.map(() => 200))
    tapText(form, '下一步')

    // A package: its details, then chosen.
    const packages = await reach(ROUTES.selectLand)
    await waitForText(packages, PACKAGE_NAME)
    tapText(packages, '详情')
    const detail = await reach(ROUTES.selectDetail)
    await waitForText(detail, PACKAGE_NAME)
    tapText(detail, '选择此套餐')

    // WeChat Pay: the platform charges the payment the server issued and notifies the server.
    const pay = await reach(ROUTES.pay)
    const orderId = pay.query.orderId ?? ''
    expect(orderId).not.toBe('')
    await waitForText(pay, orderId)
    const result = await payOnPayPage(pay)
    expect(world.pay.payments).toEqual([{ paymentId: expect.any(String), notifyStatus: 200 }])
    const payCalls = world.server.calls.filter((call) => call.url === pathOf(API.payDeposit.path, { channel: BANK.channelId, orderId }))
    expect(payCalls.map((call) => (JSON.parse(String(call.data)) as { payMethod?: string }).payMethod)).toEqual(['wechat'])
    await waitForText(result, '支付成功')

    // The server has the order paid.
    const person = await sessionOfAuthCode(world.test, 'wechat', world.device.loginCodes[0]!)
    expect((await payInfo(orderId, person)).depositPayState).toBe(PAY_STATE.SUCCESS)
    journey = { orderId, person }

    // The order list shows it, awaiting audit.
    await world.open(`/${ROUTES.plate}`)
    const home = await reach(ROUTES.plate)
    tapText(home, '我的订单')
    const list = await reach(ROUTES.orderList)
    await waitForText(list, PLATE)
    expect(pageText(list)).toContain(statusLabel('awaitingAudit'))

    expect(world.navigations.filter(({ url }) => url.includes(LOGIN_PAGE))).toEqual([])
    expect(world.stack.errors).toEqual([])
    expect(world.problems()).toEqual([])
  })

  describe('the order detail page for every status', () => {
    const PLATES = { rejected: '粤B23456', applying: '沪C67890' } as const
    /** Orders made by the steps below, by what they are for. */
    const made: { rejected?: string; applying?: string } = {}
    const person = () => journeyOrder().person
    const asPerson = () => bearer(person())

    const commodityOf = async (orderId: string): Promise<string> => {
      const url = pathOf(API.orderDetail.path, { channel: BANK.channelId, orderId })
      const detail = data<OrderDetail>(await world.test.inject({ method: 'GET', url, headers: asPerson() }))
      if (!detail.commodityId) throw new Error(`The order ${orderId} names no package`)
      return detail.commodityId
    }

    /** A complete application by the journey's person for `plateNumber`, submitted through the API, and paid in the app. */
    const paidOrder = async (plateNumber: string): Promise<string> => {
      const orderId = await createOrder(world.test, person(), plateNumber)
      await fillOrder(world.test, person(), orderId, { plateNumber, commodityId: await commodityOf(journeyOrder().orderId) })
      await uploadAllPhotos(world.test, person(), orderId)
      const committed = data<ApplyResponse>(await apply(world.test, person(), payload({ stepId: APPLY_STEP.FINAL_COMMIT, orderId, plateNumber })))
      expect(committed.missing).toEqual([])
      const pay = await world.open(`/${ROUTES.pay}?orderId=${orderId}`)
      await waitForText(pay, orderId)
      await waitForText(await payOnPayPage(pay), '支付成功')
      return orderId
    }

    const cancel = async (orderId: string): Promise<void> => {
      const url = pathOf(API.cancelOrder.path, { channel: BANK.channelId })
      const response = await world.test.inject({ method: 'POST', url, headers: asPerson(), payload: { orderId, reason: CANCEL_REASONS[1] } })
      expect(data<CancelOrderResponse>(response).cancelState).toBe(CANCEL_STATE.SUCCESS)
    }

    /** Each status and how an order gets there, in the order the steps run (later ones build on earlier ones). */
    const STEPS: { status: OrderStatus; arrange(): Promise<string> }[] = [
      { status: 'awaitingAudit', arrange: async () => journeyOrder().orderId },
      { status: 'awaitingShipment', arrange: async () => (await moveOrder(world.test, journeyOrder().orderId, 'audit-pass'), journeyOrder().orderId) },
      { status: 'awaitingActivation', arrange: async () => (await moveOrder(world.test, journeyOrder().orderId, 'ship'), journeyOrder().orderId) },
      { status: 'activated', arrange: async () => (await moveOrder(world.test, journeyOrder().orderId, 'activate'), journeyOrder().orderId) },
      {
        status: 'rejected',
        arrange: async () => {
          made.rejected = await paidOrder(PLATES.rejected)
          await moveOrder(world.test, made.rejected, 'audit-reject')
          return made.rejected
        },
      },
      { status: 'applying', arrange: async () => (made.applying = await createOrder(world.test, person(), PLATES.applying)) },
      {
        status: 'cancelled',
        arrange: async () => {
          if (!made.applying) throw new Error('The applying step did not run')
          await cancel(made.applying)
          return made.applying
        },
      },
    ]

    it('covers every display status', () => {
      expect(STEPS.map(({ status }) => status).sort()).toEqual([...ORDER_STATUSES].sort())
    })

    it.each(STEPS)('shows $status', async ({ status, arrange }) => {
      const orderId = await arrange()
      // Opened a while later: the app asks the server again rather than sharing an answer it just had.
      // What the pages before were still asking is answered first, else an answer that lands after
      // the time has passed would still count as fresh (the pay result page asks after 支付成功).
      await settle()
      passTime(world.test.clock, DEDUPE_WINDOW_MS)
      const page = await world.open(`/${ROUTES.orderDetail}?orderId=${orderId}`)
      await reach(ROUTES.orderDetail)
      await waitForText(page, orderId)
      const shown = (): string => page.component.dom?.querySelector(STATUS_NODE)?.textContent?.trim() ?? ''
      // The answer may land after the page first draws: wait for the label, then say what shows.
      await waitFor(`the status ${statusLabel(status)}`, () => shown() === statusLabel(status)).catch(() => undefined)
      expect(shown()).toBe(statusLabel(status))
      expect(world.stack.errors).toEqual([])
      expect(world.problems()).toEqual([])
    })
  })
})
