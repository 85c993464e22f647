/**
 * The plate entry page (`/`): the plate bound to the application (restored after a reload), the
 * plate check's outcomes, failures that keep the form, notices, links and tracking.
 */
import Taro from '@tarojs/taro'
import { SUBMIT_RETRY_HINT } from '../../src/features/entry/plate/PlateEntryForm'
import { RELEASE_NOTICE_TEXT } from '../../src/features/entry/plate/ReleaseNoticeAction'
import { HOTLINE } from '../../src/domain/constants'
import { PLATE_COLOR } from '../../src/domain/enums'
import { PLATE_REASON, PLATE_TAKEN_HINT, PLATE_TAKEN_MESSAGE, PLATE_UNIQUE_RESULT } from '../../src/domain/plate'
import { MESSAGES } from '../../src/services/request/errors'
import { TransportFailure } from '../../src/services/request/transport'
import type { TransportResponse } from '../../src/services/request/transport'
import { deferred } from '../unit/services/fakes'
import { byTestId, expectEntryLinks, flush, getByTestId, spyNavigateToEachTest, textOf } from '../support/page-test'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { boxes, press } from '../support/plate-keys'
import { mountPlatePage, plateWorld, requestsTo, settle, submitPlate } from '../support/plate-page-world'
import type { Reply } from '../support/plate-page-world'
import { envelope, testWorld } from '../support/test-services'
import { createRequestUi } from '../../src/platform/request-ui'
import { detail } from '../support/order-fixtures'

/** The person's own draft of the plate, its photos begun: the server's order in full. */
const SUBMITTED = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true } as const
const OWN_DRAFT = detail({ orderId: 'order-5', plateNumber: '京A12345', certificatesCommitSate: 1, bizType: 1, depositPayState: null })

/** A world logged in through the bank app's page token, answering from `replies`. */
const entryWorld = (replies: Record<string, Reply> = {}, raw?: Map<string, string>) => plateWorld({ replies, ...(raw ? { raw } : {}) })

describe('plate entry page', () => {
  const navigateTo = spyNavigateToEachTest({ clearStorage: true })

  it('empty: explains the steps, shows 7 empty boxes with the keyboard open, and asks for a plate on submit', async () => {
    const world = entryWorld()
    const page = await mountPlatePage(world)
    expect(textOf(page, 'plate-intro')).toContain('填写资料')
    expect(textOf(page, 'plate-intro')).toContain('选择套餐')
    expect(textOf(page, 'plate-intro')).toContain('支付')
    expect(boxes(page)).toBe('')
    expect(page.queries.querySelectorAll('[data-testid^="plate-box-"]')).toHaveLength(7)
    expect(getByTestId(page, 'plate-keyboard').getAttribute('data-panel')).toBe('province')
    expect(byTestId(page, 'plate-error')).toBeNull()

    await submitPlate(page)
    expect(textOf(page, 'plate-error')).toBe(PLATE_REASON.empty)
    expect(requestsTo(world, 'checkPlateNumberUnique')).toHaveLength(0)
    expect(navigateTo()).not.toHaveBeenCalled()
  })

  it('filled: a typed plate is kept in the application and restored after a reload', async () => {
    const world = entryWorld()
    const page = await mountPlatePage(world)
    await press(page, '沪', 'B', '1', '2', '3', '4', '5')
    expect(boxes(page)).toBe('沪B12345')
    // Full: the keyboard has closed itself and nothing is wrong with the plate.
    expect(byTestId(page, 'plate-keyboard')).toBeNull()
    expect(byTestId(page, 'plate-error')).toBeNull()
    page.unmout()

    const reloaded = await mountPlatePage(entryWorld({}, world.raw))
    expect(boxes(reloaded)).toBe('沪B12345')
    expect(byTestId(reloaded, 'plate-keyboard')).toBeNull()
  })

  it('invalid field: a full green plate of the wrong pattern shows the reason at once, and no call goes out', async () => {
    const world = entryWorld()
    const page = await mountPlatePage(world)
    page.fireEvent.click(getByTestId(page, 'plate-kind-green'))
    await flush(page)
    await press(page, '京', 'A', '1', '2', '3', '4', '5', '6')
    expect(textOf(page, 'plate-error')).toBe(PLATE_REASON.green)
    await submitPlate(page)
    expect(textOf(page, 'plate-error')).toBe(PLATE_REASON.green)
    expect(requestsTo(world, 'checkPlateNumberUnique')).toHaveLength(0)
  })

  it('loading: the button says it is checking, and a double tap checks the plate once', async () => {
    const unique = deferred<TransportResponse>()
    const world = entryWorld({ checkPlateNumberUnique: () => unique.promise })
    const page = await mountPlatePage(world, '京A12345')
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    await settle(page)
    const button = getByTestId(page, 'plate-submit')
    expect(button.textContent).toBe('正在查询…')
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(button)
    await settle(page)
    expect(requestsTo(world, 'checkPlateNumberUnique')).toHaveLength(1)

    unique.resolve(envelope({ data: { resultType: PLATE_UNIQUE_RESULT.FREE } }))
    await settle(page)
    expect(getByTestId(page, 'plate-submit').textContent).toBe('下一步')
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
    expect(navigateTo()).toHaveBeenCalledTimes(1)
  })

  it('server error: the catalogue message is kept on the page (and not toasted too), the plate stays, and a retry goes through', async () => {
    let failing = true
    const world = entryWorld({
      checkPlateNumberUnique: async () =>
        failing ? { statusCode: 500, data: null, header: {} } : envelope({ data: { resultType: PLATE_UNIQUE_RESULT.FREE } }),
    })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-submit-error')).toContain(MESSAGES.serverBusy)
    // Reported once: on the page, not by a toast as well.
    expect(world.ui.toasts).toEqual([])
    expect(textOf(page, 'plate-submit-error')).toContain(SUBMIT_RETRY_HINT)
    expect(boxes(page)).toBe('京A12345')
    expect(navigateTo()).not.toHaveBeenCalled()

    failing = false
    await submitPlate(page)
    expect(byTestId(page, 'plate-submit-error')).toBeNull()
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('network failure: said once, on the page, and every check that failed together says it once', async () => {
    const offline = () => Promise.reject(new TransportFailure('network', 'request:fail'))
    const world = entryWorld({ checkPlateNumberUnique: offline, contractUserInterception: offline, handleProcess: offline })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-submit-error')).toContain(MESSAGES.network)
    expect(world.ui.toasts).toEqual([])
    expect(boxes(page)).toBe('京A12345')
  })

  it('an expired login: its dialog is the one report (nothing on the page, no toast), then the login again', async () => {
    const world = entryWorld({ checkPlateNumberUnique: async () => ({ statusCode: 401, data: null, header: {} }) })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(world.ui.alerts).toBe(1)
    expect(byTestId(page, 'plate-submit-error')).toBeNull()
    expect(world.ui.toasts).toEqual([])
    expect(world.ui.reloads).toBe(1)
    expect(getByTestId(page, 'plate-submit').textContent).toBe('下一步')
  })

  it('no login possible: the login page opens once and the page says why, without a toast', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    // The app's own request UI: however many of the tap's calls ask for the login page, one opens.
    const world = testWorld({ navigationHost: createTaroNavigationHost(), requestUi: createRequestUi })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    const logins = navigateTo().mock.calls.filter(([options]) => (options as { url: string }).url.startsWith('/pages/entry/login/index'))
    expect(logins).toHaveLength(1)
    expect(textOf(page, 'plate-submit-error')).toContain(MESSAGES.loginRequired)
    expect(toast).not.toHaveBeenCalled()
  })

  it('taken: says the vehicle has ETC, how to reapply, and calls customer service', async () => {
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const world = entryWorld({ checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.HAS_ETC } } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-taken')).toContain(PLATE_TAKEN_MESSAGE)
    expect(textOf(page, 'plate-taken')).toContain(PLATE_TAKEN_HINT)
    expect(getByTestId(page, 'plate-taken').getAttribute('role')).toBe('alert')
    expect(navigateTo()).not.toHaveBeenCalled()

    page.fireEvent.click(getByTestId(page, 'plate-taken-service'))
    await settle(page)
    expect(requestsTo(world, 'promoter_channel_effective')).toHaveLength(1)
    expect(makePhoneCall).toHaveBeenCalledWith({ phoneNumber: HOTLINE })

    // Editing the plate clears the outcome.
    page.fireEvent.click(getByTestId(page, 'plate-boxes'))
    await settle(page)
    await press(page, 'delete')
    expect(byTestId(page, 'plate-taken')).toBeNull()
  })

  it("held unpaid: says when it frees, and one tap asks for an SMS to the account's phone (a refusal is said, and the tap may be tried again)", async () => {
    let refuse = true
    const world = entryWorld({
      checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.HAS_ORDER, releaseAt: '2026-03-01T08:30:00.000Z' } },
      'plateRelease/notice': async () =>
        refuse
          ? { statusCode: 200, data: { code: 2003, msg: '当前账号未绑定手机号，无法短信通知，请稍后再来查询', data: null }, header: {} }
          : envelope({ maskedPhone: '138****8000', releaseAt: '2026-03-01T08:30:00.000Z' }),
    })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-taken')).toContain('若对方未支付，车牌将于16:30释放')
    const ask = getByTestId(page, 'plate-release-notice')
    expect(ask.getAttribute('role')).toBe('button')
    expect(ask.getAttribute('aria-label')).toBe(RELEASE_NOTICE_TEXT.ask)

    page.fireEvent.click(ask)
    await settle(page)
    expect(textOf(page, 'plate-release-notice-error')).toBe('当前账号未绑定手机号，无法短信通知，请稍后再来查询')
    expect(getByTestId(page, 'plate-release-notice-error').getAttribute('role')).toBe('alert')

    refuse = false
    page.fireEvent.click(getByTestId(page, 'plate-release-notice'))
    await settle(page)
    expect(textOf(page, 'plate-release-notice-asked')).toBe(RELEASE_NOTICE_TEXT.asked('138****8000'))
    expect(byTestId(page, 'plate-release-notice')).toBeNull()
    expect(requestsTo(world, 'plateRelease/notice').map((request) => JSON.parse(request.body ?? '{}'))).toEqual([
      { plateNumber: '京A12345', plateColor: PLATE_COLOR.BLUE },
      { plateNumber: '京A12345', plateColor: PLATE_COLOR.BLUE },
    ])
  })

  it('taken for good (a paid hold, a plate with ETC): no notice is offered', async () => {
    const world = entryWorld({ checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.HAS_ORDER } } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-taken')).toContain(PLATE_TAKEN_MESSAGE)
    expect(byTestId(page, 'plate-release-notice')).toBeNull()
  })

  it("taken: the promotion's customer-service hall opens in the web view when it has one", async () => {
    const world = entryWorld({
      checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.HAS_ORDER } },
      promoter_channel_effective: { promotionSubject: '银行ETC', call_link: 'https://hall.test/kf' },
    })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    page.fireEvent.click(getByTestId(page, 'plate-taken-service'))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: `/pages/jump/webview/index?src=${encodeURIComponent('https://hall.test/kf')}` })
  })

  it('intercepted: shows the reason inline and stays', async () => {
    const world = entryWorld({ contractUserInterception: { intercept: true, reason: '该车辆存在未结清的通行费，请结清后再办理' } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-intercepted-reason')).toBe('该车辆存在未结清的通行费，请结清后再办理')
    // As for a plate that has ETC already: the way on is customer service.
    expect(getByTestId(page, 'plate-intercepted-service').getAttribute('aria-label')).toBe('联系客服')
    expect(navigateTo()).not.toHaveBeenCalled()
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
  })

  it('reapply: an order to settle first sends the user to the reapply guide with its type', async () => {
    const world = entryWorld({ handleProcess: { orderId: 'order-9', plateNumber: '京A12345', stockInterceptionFlag: true } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/order/guide-reapply/index?orderId=order-9&reapplyType=2' })
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
  })

  it('created: opens the order and goes to the agreements first', async () => {
    const world = entryWorld()
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(requestsTo(world, 'checkPlateNumberUnique')).toHaveLength(1)
    expect(requestsTo(world, 'contractUserInterception')).toHaveLength(1)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
    expect(world.services.store.apply.orderId).toBe('order-1')
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('resume: an open order of the user for this plate is continued, not opened again', async () => {
    const world = entryWorld({ handleProcess: OWN_DRAFT })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
    expect(world.services.store.apply.orderId).toBe('order-5')
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  // Issue 25: with the window switches on, the person's own draft was sent to 历史订单处理.
  it.each([
    ['their draft goes on', OWN_DRAFT, '/pages/apply/agree/index'],
    ['their unpaid order is paid', detail({ ...OWN_DRAFT, depositPayState: 2, completeness: { ...SUBMITTED } }), '/pages/apply/pay/index?orderId=order-5'],
    ['a payment left at the cashier is paid again', detail({ ...OWN_DRAFT, depositPayState: 3, completeness: { ...SUBMITTED } }), '/pages/apply/pay/index?orderId=order-5'],
    ['a paid order is followed', detail({ ...OWN_DRAFT, depositPayState: 5, completeness: { ...SUBMITTED } }), '/pages/order/detail/index?orderId=order-5'],
  ])('resume, every window switch on: %s', async (_case, order, url) => {
    const world = entryWorld({ handleProcess: order, checkApplyPlateNumber: { isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: true } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url })
    expect(navigateTo()).not.toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('guide-reapply') }))
  })

  it('created: asks for consent to the new order, whatever was accepted for an earlier one', async () => {
    const world = entryWorld()
    world.services.store.apply.acceptAgreements()
    const page = await mountPlatePage(world, '粤B12345')
    await submitPlate(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('resume: goes straight to the form once the agreements were accepted for this order', async () => {
    const world = entryWorld({ handleProcess: OWN_DRAFT })
    world.services.store.apply.resumeOrder(detail({ orderId: 'order-5', plateNumber: '京A12345' }))
    world.services.store.apply.acceptAgreements()
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
  })

  it('shows the notices for this route, and a dismissed one goes away', async () => {
    const world = entryWorld({
      '/config/notices/': [
        { id: 7, noticeType: 1, noticeTitle: '系统升级', noticeContent: '今晚22点至24点暂停办理', noticeScene: { effectRange: '/order,/' } },
        { id: 8, noticeType: 1, noticeTitle: '别处的公告', noticeContent: '不在本页', noticeScene: { effectRange: '/apply/pay' } },
        { id: 9, noticeType: 1, noticeTitle: '升级说明', noticeContent: '详情见公告页', redirectPath: '/pages/notice/upgrade', noticeScene: { effectRange: '/apply/basic' } },
      ],
    })
    const page = await mountPlatePage(world)
    expect(textOf(page, 'notice-7')).toContain('今晚22点至24点暂停办理')
    expect(textOf(page, 'notice-9')).toContain('升级说明')
    expect(byTestId(page, 'notice-8')).toBeNull()
    expect(byTestId(page, 'notice-open-7')).toBeNull()

    page.fireEvent.click(getByTestId(page, 'notice-open-9'))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/notice/upgrade/index' })

    page.fireEvent.click(getByTestId(page, 'notice-dismiss-7'))
    await settle(page)
    expect(byTestId(page, 'notice-7')).toBeNull()
    expect(byTestId(page, 'notice-9')).not.toBeNull()
  })

  it('shows no notice bar when there are none, and the plate page still works without a login', async () => {
    const world = testWorld({ navigationHost: createTaroNavigationHost() })
    const page = await mountPlatePage(world)
    expect(byTestId(page, 'notices')).toBeNull()
    expect(world.ui.logins).toBe(0)
  })

  it('links to my orders and customer service, tracking the clicks', async () => {
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    // Not logged in: customer service is the hotline, without asking for a login first.
    const world = testWorld({ navigationHost: createTaroNavigationHost() })
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await mountPlatePage(world)
    await expectEntryLinks(page, () => settle(page), { navigateTo: navigateTo(), makePhoneCall })
    expect(world.ui.logins).toBe(0)
    expect(click.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['/apply/basic', 'orders'],
      ['/apply/basic', 'customerService'],
    ])
  })

  it('tracks the submit with the plate kind, not the plate', async () => {
    const world = entryWorld()
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await mountPlatePage(world, '京AD12345')
    await submitPlate(page)
    expect(click).toHaveBeenCalledWith('/apply/basic', 'next', { plateKind: 'green' })
  })
})
