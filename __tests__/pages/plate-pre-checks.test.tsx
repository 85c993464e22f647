/**
 * The plate page's checks before a new order: the operator's new-apply switch (paused, the page
 * says so and why, opens no order, while an open order still goes on) and the risk review (a
 * refused application says why and offers customer service).
 */
import Taro from '@tarojs/taro'
import { DEDUPE_WINDOW_MS, HOTLINE } from '../../src/domain/constants'
import { NEW_APPLY_PAUSED, RISK_REFUSED } from '../../src/domain/apply-checks'
import { MESSAGES } from '../../src/services/request/errors'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { byTestId, getByTestId, spyNavigateToEachTest, textOf } from '../support/page-test'
import { press } from '../support/plate-keys'
import { mountPlatePage, plateWorld, requestsTo, settle, submitPlate } from '../support/plate-page-world'
import type { Reply } from '../support/plate-page-world'
import { detail } from '../support/order-fixtures'
import { envelope, testWorld } from '../support/test-services'

const PAUSED = { allowNewApply: false, reason: '系统升级维护中，预计3月1日恢复受理' }
const REFUSED = { required: true, reason: '该车辆暂未通过风险审核，无法在线办理ETC。' }

/** A world logged in through the bank app's page token, answering from `replies` over the plate page's defaults. */
const entryWorld = (replies: Record<string, Reply> = {}) => plateWorld({ replies })

describe('plate page: new applications switched off', () => {
  const navigateTo = spyNavigateToEachTest({ clearStorage: true })

  it('opening the page logs no one in: a visitor learns of the pause on 下一步, after the login', async () => {
    const world = entryWorld({ restNewApplySwitch: PAUSED })
    const page = await mountPlatePage(world, '京A12345')
    expect(requestsTo(world, '/token')).toHaveLength(0)
    expect(requestsTo(world, 'restNewApplySwitch')).toHaveLength(0)
    expect(byTestId(page, 'plate-new-apply-paused')).toBeNull()
    await submitPlate(page)
    expect(requestsTo(world, 'restNewApplySwitch')).toHaveLength(1)
    expect(textOf(page, 'plate-new-apply-paused-reason')).toBe(PAUSED.reason)
  })

  it("with a session, 下一步 asks for the packages alongside the checks (the consent page lists their issuers' agreements)", async () => {
    const world = entryWorld()
    await world.services.store.user.login()
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    const order = world.requests.map((request) => request.url).filter((url) => /listCommodity|handleProcess\?/.test(url))
    expect(order[0]).toContain('listCommodity')
    expect(order.filter((url) => url.includes('listCommodity'))).toHaveLength(1)
  })

  it("with a session, 下一步 asks for each issuer's agreement before the consent page opens, once", async () => {
    const world = entryWorld({
      listCommodity: [
        { id: 1, commodityPrice: 2990, issuerId: 11 },
        { id: 2, commodityPrice: 4990, issuerId: 12 },
        { id: 3, commodityPrice: 8990, issuerId: 11 },
      ],
      getSupplierProtocol: { issuerId: 11, title: '发行方协议', content: '条款', version: 'v1' },
    })
    await world.services.store.user.login()
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
    const asked = requestsTo(world, 'getSupplierProtocol').map((request) => Number(new URL(request.url, 'http://app.test').searchParams.get('issuerId')))
    expect(asked.sort()).toEqual([11, 12])
    expect(world.services.store.issuerAgreements.statusFor(world.services.store.promotion.current.promotionChannelId)).toMatchObject({ status: 'ready' })
  })

  it('says on opening, with a session already, that new applications are paused and why, with the way to the orders already made', async () => {
    const world = entryWorld({ restNewApplySwitch: PAUSED })
    await world.services.store.user.login()
    const page = await mountPlatePage(world)
    expect(requestsTo(world, 'restNewApplySwitch')).toHaveLength(1)
    const notice = textOf(page, 'plate-new-apply-paused')
    expect(notice).toContain(NEW_APPLY_PAUSED.title)
    expect(textOf(page, 'plate-new-apply-paused-reason')).toBe(PAUSED.reason)
    expect(notice).toContain(NEW_APPLY_PAUSED.existingOrders)

    page.fireEvent.click(getByTestId(page, 'plate-new-apply-orders'))
    await settle(page)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/order/order-list/index' })
  })

  it('gives the default reason when the operator gave none', async () => {
    const world = entryWorld({ restNewApplySwitch: { allowNewApply: false, reason: '' } })
    await world.services.store.user.login()
    const page = await mountPlatePage(world)
    expect(textOf(page, 'plate-new-apply-paused-reason')).toBe(NEW_APPLY_PAUSED.reason)
  })

  it('opens no new order on 下一步, says the pause (not the risk review asked alongside), and stays on the page with the notice', async () => {
    const world = entryWorld({ restNewApplySwitch: PAUSED, requiredRisk: { required: true, reason: '风控拒绝' } })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
    expect(requestsTo(world, 'requiredRisk')).toHaveLength(1)
    expect(byTestId(page, 'plate-risk-refused')).toBeNull()
    expect(navigateTo()).not.toHaveBeenCalled()
    expect(textOf(page, 'plate-new-apply-paused-reason')).toBe(PAUSED.reason)
    expect(byTestId(page, 'plate-submit-error')).toBeNull()
    expect(world.services.store.apply.orderId).toBeUndefined()
  })

  it('still continues the open order of a plate: no new order, on to the agreements', async () => {
    const world = entryWorld({
      restNewApplySwitch: PAUSED,
      handleProcess: detail({ orderId: 'order-5', plateNumber: '京A12345', certificatesCommitSate: 1, depositPayState: null, bizType: 0 }),
    })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
    expect(world.services.store.apply.orderId).toBe('order-5')
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('reads the switch again at 下一步: switched off since the page opened, it stops the new order then', async () => {
    let open = true
    const world = entryWorld({ restNewApplySwitch: async () => envelope(open ? { allowNewApply: true, reason: '' } : PAUSED) })
    const page = await mountPlatePage(world, '京A12345')
    expect(byTestId(page, 'plate-new-apply-paused')).toBeNull()
    open = false
    // Past the window in which identical calls share one answer.
    world.advance(DEDUPE_WINDOW_MS + 1)
    await submitPlate(page)
    expect(textOf(page, 'plate-new-apply-paused-reason')).toBe(PAUSED.reason)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)

    // Switched on again: the notice goes at the next 下一步, which opens the order.
    open = true
    world.advance(DEDUPE_WINDOW_MS + 1)
    await submitPlate(page)
    expect(byTestId(page, 'plate-new-apply-paused')).toBeNull()
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('switched on, shows no notice and opens the order after the risk review', async () => {
    const world = entryWorld()
    const page = await mountPlatePage(world, '京A12345')
    expect(byTestId(page, 'plate-new-apply-paused')).toBeNull()
    await submitPlate(page)
    expect(requestsTo(world, 'requiredRisk')).toHaveLength(1)
    expect(JSON.parse(requestsTo(world, 'requiredRisk')[0]?.body ?? '{}')).toMatchObject({ plateNumber: '京A12345' })
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
  })

  it('a failed switch read on opening says nothing; at 下一步 its failure is said once, on the page', async () => {
    const world = entryWorld({ restNewApplySwitch: async () => ({ statusCode: 500, data: null, header: {} }) })
    const page = await mountPlatePage(world, '京A12345')
    expect(byTestId(page, 'plate-new-apply-paused')).toBeNull()
    expect(world.ui.toasts).toEqual([])
    await submitPlate(page)
    expect(textOf(page, 'plate-submit-error')).toContain(MESSAGES.serverBusy)
    expect(world.ui.toasts).toEqual([])
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
  })

  it('does not send a visitor to the login page to read the switch', async () => {
    const world = testWorld({ navigationHost: createTaroNavigationHost() })
    await mountPlatePage(world)
    expect(requestsTo(world, 'restNewApplySwitch')).toHaveLength(0)
    expect(world.ui.logins).toBe(0)
  })
})

describe('plate page: the risk review', () => {
  beforeEach(() => {
    localStorage.clear()
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  it('a refused application says why, opens no order, and offers the hotline', async () => {
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const world = entryWorld({ requiredRisk: REFUSED })
    const page = await mountPlatePage(world, '京A77777')
    await submitPlate(page)
    const notice = getByTestId(page, 'plate-risk-refused')
    expect(notice.getAttribute('role')).toBe('alert')
    expect(textOf(page, 'plate-risk-refused')).toContain(RISK_REFUSED.title)
    expect(textOf(page, 'plate-risk-refused-reason')).toBe(REFUSED.reason)
    expect(textOf(page, 'plate-risk-refused')).toContain(RISK_REFUSED.hint)
    expect(textOf(page, 'plate-risk-service')).toContain(HOTLINE)
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
    expect(world.services.store.apply.orderId).toBeUndefined()
    expect(world.ui.toasts).toEqual([])

    page.fireEvent.click(getByTestId(page, 'plate-risk-service'))
    await settle(page)
    expect(makePhoneCall).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
  })

  it('gives the default reason when the review gives none, and a changed plate clears the notice', async () => {
    const world = entryWorld({ requiredRisk: { required: true, reason: '' } })
    const page = await mountPlatePage(world, '京A77777')
    await submitPlate(page)
    expect(textOf(page, 'plate-risk-refused-reason')).toBe(RISK_REFUSED.reason)
    page.fireEvent.click(getByTestId(page, 'plate-boxes'))
    await settle(page)
    await press(page, 'delete')
    expect(byTestId(page, 'plate-risk-refused')).toBeNull()
  })

  it('a failed review is said once, on the page, and opens no order', async () => {
    const world = entryWorld({ requiredRisk: async () => ({ statusCode: 500, data: null, header: {} }) })
    const page = await mountPlatePage(world, '京A12345')
    await submitPlate(page)
    expect(textOf(page, 'plate-submit-error')).toContain(MESSAGES.serverBusy)
    expect(byTestId(page, 'plate-risk-refused')).toBeNull()
    expect(world.ui.toasts).toEqual([])
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
  })
})
