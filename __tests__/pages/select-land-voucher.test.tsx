/**
 * The package pages of an order opened under a write-off campaign (activity type 3): the 核销码
 * field, following the order's promotion (not the visit's), its checks and refusals said by the
 * field, the claim, the prices after the voucher (list and detail), choosing and claiming never at
 * once, and the voucher after a reload.
 */
import Taro from '@tarojs/taro'
import SelectDetailPage from '../../src/pages/apply/select-detail/index'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import { ACTIVITY_TYPE, BUSINESS_MODE } from '../../src/domain/enums'
import { VOUCHER_MESSAGES } from '../../src/stores/voucher-store'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { VOUCHER_CODE_MAX_LENGTH, VOUCHER_REFUSAL } from '../../types/api/apply'
import type { OrderVoucher, VerifyEligibilityResponse } from '../../types/api/apply'
import type { Commodity } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { OrderDetail } from '../../types/api/orders'
import { settle } from '../unit/services/fakes'
import { byTestId, eventually, expectTexts, getBySelector, getByTestId, mountPage, textOf, typeInto } from '../support/page-test'
import { applicationDetail, commodity, loggedInWorld, never, openAt, serverError } from '../support/journey-fixtures'
import type { JourneyWorld as World } from '../support/journey-fixtures'

type Page = Awaited<ReturnType<typeof mountPage>>

const LIST: Commodity[] = [
  commodity({ id: 'VIP', commodityName: 'VIP尊享ETC套餐', commodityPrice: 4990 }),
  commodity({ id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990 }),
  commodity({ id: 'LITE', commodityName: '轻享ETC套餐', commodityPrice: 1500, bizType: BUSINESS_MODE.FEE }),
]

const CLAIMED: OrderVoucher = { code: 'ETC-DEMO-01', discountCents: 2000 }
const ELIGIBLE: VerifyEligibilityResponse = { eligible: true, reason: '', discountCents: 2000, expiresAt: '2027-12-31T15:59:59.000Z' }

/** The write-off campaign order O1 was opened under; the visit runs under the channel's default. */
const ORDER_PROMOTION = 'PC-W'
const ORDER_DETAIL_PATH = '/orders/user/h5/handleOrders/O1'

/** Order O1 as its detail says: opened under the write-off campaign, without a voucher unless told. */
const orderDetail = (fields: Partial<OrderDetail> = {}): OrderDetail =>
  applicationDetail({ orderId: 'O1', promotionChannelId: ORDER_PROMOTION, activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE, ...fields })

const refusedClaim = (msg: string): TransportResponse => ({ statusCode: 200, data: { code: BUSINESS_CODE.ACTION_NOT_ALLOWED, msg, data: null }, header: {} })

interface Answers {
  /** The activity of the promotion the visit runs under now (the order's own is its detail's). */
  activityType?: number
  /** Order O1's detail, in part. */
  order?: Partial<OrderDetail>
  list?: () => Promise<TransportResponse>
  detail?: () => Promise<TransportResponse>
  verify?: () => Promise<TransportResponse>
  claim?: () => Promise<TransportResponse>
  apply?: () => Promise<TransportResponse>
}

/** The server, with order O1 of the write-off campaign and no voucher unless told otherwise. */
function serve(world: World, answers: Answers = {}) {
  world.serve((request) => {
    if (request.url.includes('/promoter_channel_effective')) {
      return world.ok({ effective: true, promotionSubject: '核销活动', call_link: '', businessMode: BUSINESS_MODE.DEPOSIT, activityType: answers.activityType ?? ACTIVITY_TYPE.WRITE_OFF_CODE })
    }
    if (request.url.includes('listCommodity')) return answers.list?.() ?? world.ok(LIST)
    if (request.url.endsWith(ORDER_DETAIL_PATH)) return answers.detail?.() ?? world.ok(orderDetail(answers.order))
    if (answers.apply && /\/vehicles\/h5\/apply$/.test(request.url)) return answers.apply()
    if (request.url.endsWith('/usersVehicles/verifyEligibility')) return answers.verify?.() ?? world.ok(ELIGIBLE)
    if (request.url.endsWith('/usersVehicles/claimVoucher')) {
      const body = JSON.parse(request.body ?? '{}') as { code: string; orderId: string }
      return answers.claim?.() ?? world.ok({ voucherId: 'V-1', code: body.code, orderId: body.orderId, discountCents: 2000, claimedAt: '2026-11-24T08:00:00.000Z' })
    }
    return undefined
  })
}

/** A write-off world with the application's order O1, not yet submitted. */
function writeOffWorld(answers: Answers = {}, raw?: Map<string, string>): World {
  const world = loggedInWorld('h5', raw)
  serve(world, answers)
  world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1' }))
  return world
}

async function open(world: World): Promise<Page> {
  const page = await mountPage(SelectLandPage, world.services)
  await settle(60)
  await page.act(async () => settle(60))
  return page
}

const callsTo = (world: World, path: string): TransportRequest[] => world.requests.filter((request) => request.url.includes(path))
const bodiesTo = (world: World, path: string): unknown[] => callsTo(world, path).map((request) => JSON.parse(request.body ?? '{}'))

const codeInput = (page: Page): HTMLInputElement => getBySelector(page, '[data-testid="voucher-code"] input') as HTMLInputElement
const codeButton = (page: Page): Element => getBySelector(page, '[data-testid="voucher-entry"] [role="button"][aria-label="使用"]')

async function typeCode(page: Page, text: string): Promise<void> {
  await typeInto(page, 'voucher-code', text)
  await page.act(async () => settle(20))
}

async function useCode(page: Page, text: string): Promise<void> {
  await typeCode(page, text)
  page.fireEvent.click(codeButton(page))
  await page.act(async () => settle(120))
}

/** The package page with ETC-DEMO-01 typed and 使用 tapped, its eligibility check waiting for the test's `answer`. */
async function openCheckingCode(): Promise<{ world: World; page: Page; answer: (response: TransportResponse) => void }> {
  let answer: (response: TransportResponse) => void = () => undefined
  const world = writeOffWorld({ verify: () => new Promise((resolve) => (answer = resolve)) })
  const page = await open(world)
  await typeCode(page, 'ETC-DEMO-01')
  page.fireEvent.click(codeButton(page))
  await page.act(async () => settle(40))
  return { world, page, answer: (response) => answer(response) }
}

describe('package page under a write-off campaign', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  it.each([
    ['another activity', ACTIVITY_TYPE.NEW_APPLY],
    ['no activity', ACTIVITY_TYPE.NONE],
  ])('offers no code field for an order opened under %s, even while the visit runs a write-off campaign', async (_case, activitySource) => {
    const world = writeOffWorld({ order: { activitySource } })
    const page = await open(world)
    expect(byTestId(page, 'package-BASIC')).not.toBeNull()
    expect(callsTo(world, ORDER_DETAIL_PATH)).toHaveLength(1)
    expect(byTestId(page, 'voucher-entry')).toBeNull()
    expect(byTestId(page, 'voucher-load-error')).toBeNull()
    expect(byTestId(page, 'package-BASIC-voucher-price')).toBeNull()
  })

  it("offers the field for an order of a write-off campaign, and uses the order's promotion, whatever the visit runs under", async () => {
    const world = writeOffWorld({ activityType: ACTIVITY_TYPE.NEW_APPLY })
    const page = await open(world)
    expect(world.services.store.promotion.current.promotionChannelId).not.toBe(ORDER_PROMOTION)
    await useCode(page, 'ETC-DEMO-01')
    const sent = { promotionChannelId: ORDER_PROMOTION, code: 'ETC-DEMO-01', orderId: 'O1' }
    expect([bodiesTo(world, '/verifyEligibility'), bodiesTo(world, '/claimVoucher')]).toEqual([[sent], [sent]])
    expect(textOf(page, 'voucher-claimed')).toContain('ETC-DEMO-01')
  })

  it("offers the labelled code field and its button, the order's detail asked for alongside the packages", async () => {
    const world = writeOffWorld({ list: never })
    const page = await open(world)
    // The packages have not come: the order's detail was not left to wait for them.
    expect(byTestId(page, 'packages-loading')).not.toBeNull()
    expect(callsTo(world, ORDER_DETAIL_PATH)).toHaveLength(1)

    const ready = writeOffWorld()
    const shown = await open(ready)
    const group = getBySelector(shown, '[role="group"][aria-label="核销码"]')
    expect(group.textContent).toContain('核销码')
    const input = codeInput(shown)
    expect(input.getAttribute('aria-label')).toBe('核销码')
    expect(input.getAttribute('maxlength')).toBe(String(VOUCHER_CODE_MAX_LENGTH))
    expect(codeButton(shown).textContent).toContain('使用')
    expect(byTestId(shown, 'voucher-claimed')).toBeNull()
  })

  it('upper-cases and trims what is typed', async () => {
    const world = writeOffWorld()
    const page = await open(world)
    await typeCode(page, '  etc-demo-01 ')
    await eventually(page, () => codeInput(page).value === 'ETC-DEMO-01')
    expect(world.services.store.voucher.code).toBe('ETC-DEMO-01')
  })

  it('says what is wrong with a code of the wrong form, without asking the server', async () => {
    const world = writeOffWorld()
    const page = await open(world)
    await useCode(page, 'ab_1')
    expect(textOf(page, 'voucher-code-error')).toBe(VOUCHER_MESSAGES.pattern)
    expect(getByTestId(page, 'voucher-code-error').getAttribute('role')).toBe('alert')
    await eventually(page, () => codeInput(page).getAttribute('aria-invalid') === 'true')
    expect(callsTo(world, '/verifyEligibility')).toEqual([])
    // Typing again clears the message.
    await typeCode(page, 'ETC-DEMO-01')
    expect(byTestId(page, 'voucher-code-error')).toBeNull()
  })

  it.each([
    [VOUCHER_REFUSAL.UNAVAILABLE, '核销码无效或不可用，请核对后重新输入'],
    [VOUCHER_REFUSAL.USED, '该核销码已被您的订单使用'],
  ])('says by the field why the code cannot be used (%s), keeping what was typed', async (refusal, reason) => {
    const world = writeOffWorld({ verify: () => world.ok({ eligible: false, reason, refusal }) })
    const page = await open(world)
    await useCode(page, 'etc-demo-01')
    expect(textOf(page, 'voucher-code-error')).toBe(reason)
    expect(getByTestId(page, 'voucher-entry').getAttribute('data-refusal')).toBe(refusal)
    expect(codeInput(page).value).toBe('ETC-DEMO-01')
    expect(bodiesTo(world, '/verifyEligibility')).toEqual([{ promotionChannelId: ORDER_PROMOTION, code: 'ETC-DEMO-01', orderId: 'O1' }])
    expect(callsTo(world, '/claimVoucher')).toEqual([])
    expect(byTestId(page, 'voucher-claimed')).toBeNull()
    expect(world.ui.toasts).toEqual([])
  })

  it('claims an eligible code for the order, then shows it and every price after it', async () => {
    const world = writeOffWorld()
    const page = await open(world)
    expect(textOf(page, 'package-BASIC-price')).toBe('¥29.90')
    await useCode(page, 'etc-demo-01')
    expect(bodiesTo(world, '/claimVoucher')).toEqual([{ promotionChannelId: ORDER_PROMOTION, code: 'ETC-DEMO-01', orderId: 'O1' }])
    expect(textOf(page, 'voucher-claimed')).toBe('已使用核销码 ETC-DEMO-01，立减¥20.00')
    expect(byTestId(page, 'voucher-code')).toBeNull()
    // The price stays, with the price after the voucher next to it; never below one cent.
    expectTexts(page, { 'package-BASIC-price': '¥29.90', 'package-BASIC-voucher-price': '券后¥9.90', 'package-VIP-voucher-price': '券后¥29.90', 'package-LITE-voucher-price': '券后¥0.01' })
    expect(world.ui.toasts).toEqual([])
  })

  it('says a refused claim by the field, not by a toast too', async () => {
    const world = writeOffWorld({ claim: async () => refusedClaim('该核销码已被其他订单使用') })
    const page = await open(world)
    await useCode(page, 'ETC-DEMO-01')
    expect(textOf(page, 'voucher-code-error')).toBe('该核销码已被其他订单使用')
    expect(world.ui.toasts).toEqual([])
    expect(codeInput(page).value).toBe('ETC-DEMO-01')
    expect(byTestId(page, 'voucher-claimed')).toBeNull()
    expect(byTestId(page, 'package-BASIC-voucher-price')).toBeNull()
  })

  it('leaves a failed check to the toast, saying nothing more by the field', async () => {
    const world = writeOffWorld({ verify: () => serverError('服务器繁忙，请稍后重试') })
    const page = await open(world)
    await useCode(page, 'ETC-DEMO-01')
    expect(world.ui.toasts).toEqual(['服务器繁忙，请稍后重试'])
    expect(byTestId(page, 'voucher-code-error')).toBeNull()
    expect(codeInput(page).value).toBe('ETC-DEMO-01')
    expect(callsTo(world, '/claimVoucher')).toEqual([])
  })

  it('is busy while the code is checked, and a second tap sends nothing more', async () => {
    const { world, page, answer } = await openCheckingCode()
    expect(codeButton(page).getAttribute('aria-disabled')).toBe('true')
    expect(codeButton(page).getAttribute('aria-busy')).toBe('true')
    page.fireEvent.click(codeButton(page))
    await page.act(async () => settle(40))
    expect(callsTo(world, '/verifyEligibility')).toHaveLength(1)
    answer(await world.ok(ELIGIBLE))
    await page.act(async () => settle(120))
    expect(callsTo(world, '/claimVoucher')).toHaveLength(1)
    expect(textOf(page, 'voucher-claimed')).toContain('ETC-DEMO-01')
  })

  it('says a claim that got no answer by the field, once', async () => {
    const world = writeOffWorld({ claim: () => serverError('服务器繁忙，请稍后重试') })
    const page = await open(world)
    await useCode(page, 'ETC-DEMO-01')
    expect(textOf(page, 'voucher-code-error')).toBe('服务器繁忙，请稍后重试')
    expect(world.ui.toasts).toEqual([])
    expect(codeInput(page).value).toBe('ETC-DEMO-01')
  })

  it('keeps the field read-only and every package unchosen while a code is checked', async () => {
    const { world, page, answer } = await openCheckingCode()
    await eventually(page, () => codeInput(page).disabled)
    for (const id of ['VIP', 'BASIC', 'LITE']) expect(getByTestId(page, `package-${id}-choose`).getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(40))
    expect(callsTo(world, '/vehicles/h5/apply')).toEqual([])

    answer(await world.ok({ eligible: false, reason: '核销码无效或不可用，请核对后重新输入', refusal: VOUCHER_REFUSAL.UNAVAILABLE }))
    await page.act(async () => settle(120))
    await eventually(page, () => !codeInput(page).disabled)
    expect(getByTestId(page, 'package-BASIC-choose').getAttribute('aria-disabled')).toBe('false')
  })

  it('keeps the field read-only and its button off while a package is being chosen', async () => {
    const world = writeOffWorld({ apply: never })
    const page = await open(world)
    await typeCode(page, 'ETC-DEMO-01')
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(40))
    expect(callsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
    await eventually(page, () => codeInput(page).disabled)
    expect(codeButton(page).getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(codeButton(page))
    await page.act(async () => settle(40))
    expect(callsTo(world, '/verifyEligibility')).toEqual([])
  })

  it('shows the claimed voucher after a reload, as the order says', async () => {
    const world = writeOffWorld()
    const page = await open(world)
    await useCode(page, 'ETC-DEMO-01')
    page.unmout()

    // The reloaded app asks the server: the order's detail carries the voucher now.
    const reloaded = loggedInWorld('h5', world.raw)
    serve(reloaded, { order: { voucher: CLAIMED } })
    expect(reloaded.services.store.apply.orderId).toBe('O1')
    const again = await open(reloaded)
    await eventually(again, () => byTestId(again, 'voucher-claimed') !== null)
    expect(textOf(again, 'voucher-claimed')).toBe('已使用核销码 ETC-DEMO-01，立减¥20.00')
    expect(textOf(again, 'package-BASIC-voucher-price')).toBe('券后¥9.90')
    expect(callsTo(reloaded, '/claimVoucher')).toEqual([])
  })

  it('keeps a refused code in the field across a reload', async () => {
    const world = writeOffWorld({ verify: () => world.ok({ eligible: false, reason: '核销码无效或不可用，请核对后重新输入', refusal: VOUCHER_REFUSAL.UNAVAILABLE }) })
    const page = await open(world)
    await useCode(page, 'etc-old-01')
    page.unmout()

    const reloaded = writeOffWorld({}, world.raw)
    const again = await open(reloaded)
    await eventually(again, () => byTestId(again, 'voucher-code')?.querySelector('input')?.value === 'ETC-OLD-01')
  })

  it("says in place when the order's voucher cannot be had, and asks again on retry", async () => {
    let fail = true
    const world = writeOffWorld({ detail: () => (fail ? serverError('服务器繁忙，请稍后重试') : world.ok(orderDetail())) })
    const page = await open(world)
    expect(getByTestId(page, 'voucher-load-error').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'voucher-load-error')).toContain('服务器繁忙，请稍后重试')
    expect(byTestId(page, 'voucher-code')).toBeNull()
    expect(world.ui.toasts).toEqual([])
    fail = false
    page.fireEvent.click(getByTestId(page, 'voucher-load-retry'))
    await page.act(async () => settle(60))
    expect(byTestId(page, 'voucher-load-error')).toBeNull()
    expect(byTestId(page, 'voucher-code')).not.toBeNull()
  })
})

describe('package detail page of a write-off order', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    Taro.getCurrentInstance().router = null
  })

  const openDetail = (world: World, commodityId: string) => openAt(SelectDetailPage, world, '/pages/apply/select-detail/index', { commodityId })

  it('shows the price after the voucher beside the price and in the choose button', async () => {
    const world = writeOffWorld({ order: { voucher: CLAIMED } })
    const page = await openDetail(world, 'VIP')
    await eventually(page, () => byTestId(page, 'package-detail-voucher-price') !== null)
    expect(textOf(page, 'package-detail-price')).toBe('¥49.90')
    expect(textOf(page, 'package-detail-voucher-price')).toBe('券后¥29.90')
    expect(textOf(page, 'package-detail-choose')).toBe('选择此套餐 券后¥29.90')
    expect(getByTestId(page, 'package-detail-choose').getAttribute('aria-label')).toBe('选择此套餐 券后¥29.90')
  })

  it('shows the plain price without a voucher', async () => {
    const world = writeOffWorld()
    const page = await openDetail(world, 'VIP')
    expect(callsTo(world, ORDER_DETAIL_PATH)).toHaveLength(1)
    expect(byTestId(page, 'package-detail-voucher-price')).toBeNull()
    expect(textOf(page, 'package-detail-choose')).toBe('选择此套餐 ¥49.90')
  })

  it("does not choose while the order's code is being checked", async () => {
    let answer: (response: TransportResponse) => void = () => undefined
    const world = writeOffWorld({ verify: () => new Promise((resolve) => (answer = resolve)) })
    const page = await openDetail(world, 'VIP')
    const { voucher } = world.services.store
    await eventually(page, () => voucher.writeOff)
    let used: Promise<unknown> = Promise.resolve()
    await page.act(async () => {
      voucher.setCode('ETC-DEMO-01')
      used = voucher.use()
      await settle(20)
    })
    expect(getByTestId(page, 'package-detail-choose').getAttribute('aria-disabled')).toBe('true')
    page.fireEvent.click(getByTestId(page, 'package-detail-choose'))
    await page.act(async () => settle(40))
    expect(callsTo(world, '/vehicles/h5/apply')).toEqual([])

    answer(await world.ok(ELIGIBLE))
    await page.act(async () => {
      await used
      await settle(60)
    })
    expect(getByTestId(page, 'package-detail-choose').getAttribute('aria-disabled')).toBe('false')
    expect(textOf(page, 'package-detail-choose')).toBe('选择此套餐 券后¥29.90')
  })
})
