import Taro from '@tarojs/taro'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import { HOTLINE } from '../../src/domain/constants'
import { BUSINESS_MODE, PAY_STATE } from '../../src/domain/enums'
import type { TransportResponse } from '../../src/services/request/transport'
import type { Commodity } from '../../types/api/catalogue'
import type { OrderDetail } from '../../types/api/orders'
import { settle } from '../unit/services/fakes'
import { byTestId, expectTexts, getByTestId, mountPage, spyNavigateToEachTest, textOf } from '../support/page-test'
import { SUBMITTED, applicationDetail, applyCalls, commodity, loggedInWorld, never, retryAfterErrorInPlace, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'
import { PACKAGE_LOCK_NOTE } from '../../src/config/payment'
import { MISSING_ISSUER_AGREEMENT } from '../../types/api/apply'

const LIST: Commodity[] = [
  commodity({ id: 'VIP', commodityName: 'VIP尊享ETC套餐', commodityPrice: 4990, frontData: { sort: 2, marketingData: { tags: ['顺丰包邮'] }, isExistUser: false } }),
  commodity({ id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990, frontData: { sort: 2, marketingData: null, isExistUser: false } }),
  // Its price's tier is the spec's existing-user tier; it is open to every application.
  commodity({
    id: 'EXISTING',
    commodityName: '老用户专享套餐',
    commodityPrice: 8990,
    originalCommodityPrice: 19900,
    frontData: { sort: 3, marketingData: null, isExistUser: false },
  }),
  // A device replacement for a plate that has ETC: never offered to an application (issue 25).
  commodity({ id: 'REPLACE', commodityName: '老用户换新套餐', commodityPrice: 6990, frontData: { sort: 4, marketingData: null, isExistUser: true } }),
  commodity({ id: 'FEE', commodityName: '服务费套餐', commodityPrice: 2990, originalCommodityPrice: 2990, bizType: BUSINESS_MODE.FEE, frontData: { sort: 1, marketingData: null, isExistUser: false } }),
]

function serve(world: World, overrides: { list?: () => Promise<TransportResponse>; apply?: () => Promise<TransportResponse> } = {}) {
  world.serve((request) => {
    if (request.url.includes('listCommodity')) return overrides.list?.() ?? world.ok(LIST)
    // The order's detail (asked for its write-off code): not of a write-off campaign.
    if (request.url.endsWith('/handleOrders/O1')) return world.ok(applicationDetail({ orderId: 'O1' }))
    if (/\/vehicles\/h5\/apply$/.test(request.url)) {
      return (
        overrides.apply?.() ??
        world.ok(SUBMITTED)
      )
    }
    return undefined
  })
}

/** The application of the plate 京A12345 with order O1, not yet submitted. */
function withOrder(world: World, detail: Partial<OrderDetail> = {}) {
  world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1', ...detail }))
}

async function open(world: World) {
  const page = await mountPage(SelectLandPage, world.services)
  await settle(60)
  await page.act(async () => settle(60))
  return page
}

describe('select-land page', () => {
  const navigateTo = spyNavigateToEachTest()

  it('shows a loading state while the packages load', async () => {
    const world = loggedInWorld()
    serve(world, { list: never })
    const page = await open(world)
    expect(textOf(page, 'packages-loading')).toContain('正在加载套餐')
    expect(getByTestId(page, 'packages-loading').getAttribute('role')).toBe('status')
  })

  it('lists the packages cheapest first, with price, struck original price and tier', async () => {
    const world = loggedInWorld()
    serve(world)
    withOrder(world)
    const page = await open(world)
    const ids = Array.from(page.queries.querySelectorAll('[data-testid^="package-"][data-selected]'), (card) => card.getAttribute('data-testid'))
    expect(ids).toEqual(['package-FEE', 'package-BASIC', 'package-VIP', 'package-EXISTING'])
    expect(byTestId(page, 'package-REPLACE')).toBeNull()
    expect(textOf(page, 'package-BASIC-name')).toBe('基础版ETC套餐')
    expect(textOf(page, 'package-BASIC-price')).toBe('¥29.90')
    // Deposits: what the money is comes first, and the device's value is no struck-through price.
    expectTexts(page, { 'package-BASIC-mode': '押金', 'package-BASIC-original': '设备价值¥180.00', 'package-EXISTING-original': '设备价值¥199.00', 'package-FEE-mode': '服务费', 'package-lock-note': PACKAGE_LOCK_NOTE })
    // No original price above the price: nothing struck through.
    expect(byTestId(page, 'package-FEE-original')).toBeNull()
    expectTexts(page, { 'package-BASIC-tier': '基础版', 'package-VIP-tier': 'VIP版', 'package-EXISTING-tier': '老用户专享' })
    expect(textOf(page, 'package-FEE')).toContain('服务费')
    expect(textOf(page, 'package-BASIC')).toContain('押金')
    expect(textOf(page, 'package-plate')).toContain('京A12345')
  })

  it('says so when the channel has no package, with customer service', async () => {
    const world = loggedInWorld()
    serve(world, { list: () => world.ok([]) })
    const makePhoneCall = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' })
    const page = await open(world)
    expect(textOf(page, 'packages-empty')).toContain('暂无可办理的套餐')
    page.fireEvent.click(getByTestId(page, 'packages-customer-service'))
    await page.act(async () => settle(60))
    expect(makePhoneCall).toHaveBeenCalledWith({ phoneNumber: HOTLINE })
  })

  it('shows the server error in place (no toast too) and loads again on retry', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, { list: () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok(LIST)) })
    const page = await open(world)
    await retryAfterErrorInPlace(page, world, 'packages-error', () => (fail = false), 60)
    expect(byTestId(page, 'packages-error')).toBeNull()
    expect(byTestId(page, 'package-BASIC')).not.toBeNull()
  })

  it('opens the details of a package', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-VIP-details'))
    await page.act(async () => settle(10))
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/select-detail/index?commodityId=VIP' })
  })

  it('chooses a package: saves it, submits once even on a double tap, then opens the payment', async () => {
    const world = loggedInWorld()
    serve(world)
    withOrder(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(120))
    // The final commit carries the package: one call, not two.
    expect(applyCalls(world)).toHaveLength(1)
    expect(world.services.store.apply.commodityId).toBe('BASIC')
    expect(world.services.store.apply.submitted).toBe(true)
    expect(navigateTo()).toHaveBeenCalledTimes(1)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })

  it('shows what the application still lacks and leads to the form', async () => {
    const world = loggedInWorld()
    serve(world, {
      apply: () =>
        world.ok({ orderId: 'O1', stepId: 2, certificatesCommitSate: 1, depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: ['行驶证照片', '车头照片'] }),
    })
    withOrder(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-VIP-choose'))
    await page.act(async () => settle(120))
    expect(getByTestId(page, 'package-missing').getAttribute('role')).toBe('alert')
    expect(Array.from(page.queries.querySelectorAll('[data-testid="package-missing-item"]'), (item) => item.textContent)).toEqual([
      '行驶证照片',
      '车头照片',
    ])
    expect(navigateTo()).not.toHaveBeenCalled()
    expect(world.services.store.apply.submitted).toBe(false)
    page.fireEvent.click(getByTestId(page, 'package-missing-go'))
    await page.act(async () => settle(10))
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
  })

  it("leads to the consent page when the issuer's agreement is what the application lacks", async () => {
    const world = loggedInWorld()
    serve(world, {
      apply: () =>
        world.ok({ orderId: 'O1', stepId: 2, certificatesCommitSate: 1, depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: [MISSING_ISSUER_AGREEMENT] }),
    })
    withOrder(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-VIP-choose'))
    await page.act(async () => settle(120))
    page.fireEvent.click(getByTestId(page, 'package-missing-go'))
    await page.act(async () => settle(10))
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/agree/index' })
  })

  it('keeps the page as it was when submitting fails, says why once, on the page, and can be tried again', async () => {
    const world = loggedInWorld()
    let fail = true
    serve(world, {
      apply: () =>
        fail
          ? serverError('服务器繁忙，请稍后重试')
          : world.ok(SUBMITTED),
    })
    withOrder(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(120))
    expect(textOf(page, 'package-error')).toBe('服务器繁忙，请稍后重试')
    // Reported once: on the page, not by a toast as well.
    expect(world.ui.toasts).toEqual([])
    expect(getByTestId(page, 'package-BASIC-choose').getAttribute('aria-disabled')).toBe('false')
    expect(navigateTo()).not.toHaveBeenCalled()
    fail = false
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(120))
    expect(byTestId(page, 'package-error')).toBeNull()
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })

  it('once submitted, the chosen package goes on to payment and the others cannot be chosen', async () => {
    const world = loggedInWorld()
    serve(world)
    withOrder(world, { commodityId: 'BASIC', completeness: { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true } })
    const page = await open(world)
    expect(textOf(page, 'package-locked')).toContain('套餐不可更改')
    expect(getByTestId(page, 'package-BASIC').getAttribute('data-selected')).toBe('true')
    expect(textOf(page, 'package-BASIC-choose')).toContain('去支付')
    expect(getByTestId(page, 'package-VIP-choose').getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(20))
    expect(applyCalls(world)).toHaveLength(0)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })

  it('without an application, choosing starts one from the plate', async () => {
    const world = loggedInWorld()
    serve(world)
    const page = await open(world)
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(20))
    expect(applyCalls(world)).toHaveLength(0)
    expect(navigateTo()).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })
})
