/**
 * The province step (发行方短信验证): a 豫 plate's order verifies the owner's phone with the Henan
 * issuer's own SMS login before the final commit. Code button and its countdown (kept across a
 * remount through the stored time), the domain's reasons, the server's words for a wrong code,
 * and success going on to the final commit and the payment; the issuer's switch off skips it.
 */
import Taro from '@tarojs/taro'
import ProvinceVerifyPage from '../../src/pages/apply/province-verify/index'
import { PROVINCE_TEXT } from '../../src/features/apply/province/ProvinceVerifyScreen'
import { VERIFY_CODE_WAIT_S } from '../../src/domain/constants'
import { APPLY_STEP, PAY_STATE } from '../../src/domain/enums'
import { MOBILE_REASON } from '../../src/domain/validation'
import { CODE_BUTTON_TEXT, LOGIN_REASON } from '../../src/domain/verify-code'
import { API } from '../../types/api/paths'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { detail } from '../support/order-fixtures'
import { byTestId, eventually, flush, getByTestId, inputIn, mountPage, textOf, typeInto } from '../support/page-test'
import { spyNavigationEachTest } from '../support/order-world'
import { SUBMITTED, applicationDetail, applyCalls, commodity, loggedInWorld, routeTo } from '../support/journey-fixtures'
import { settle } from '../unit/services/fakes'
import SelectLandPage from '../../src/pages/apply/select-land/index'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { envelope, testWorld } from '../support/test-services'

type Page = Awaited<ReturnType<typeof mountPage>>
type World = ReturnType<typeof testWorld>

const START = 1_800_000_000_000
const PLATE = '豫A12345'
const RIGHT_CODE = '246810'
const WRONG_CODE_MESSAGE = '验证码错误，还可尝试4次'
const PAGE_PATH = '/pages/apply/province-verify/index'

interface Server {
  open: boolean
  missing: string[]
}

/** The JSON body a call sent. */
const bodyOf = (request: TransportRequest): Record<string, unknown> => JSON.parse(request.body ?? '{}') as Record<string, unknown>
const business = (code: number, msg: string): TransportResponse => ({ statusCode: 200, data: { code, msg, data: null }, header: {} })

/** A logged-in person whose 豫 order is complete with a package chosen, over a scripted server. */
async function provinceWorld(server: Server = { open: true, missing: [] }, raw?: Map<string, string>): Promise<World> {
  // Sharing the device storage of an earlier world is a reload.
  const world = testWorld({ navigationHost: createTaroNavigationHost(), ...(raw ? { raw } : {}) })
  world.respondWith(async () => envelope({ accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }))
  await world.services.store.user.loginWithCode('13800138000', '123456')
  world.respondWith(async (request: TransportRequest) => {
    if (request.url.endsWith(API.provinceMsgOpen.path)) return envelope({ open: server.open })
    if (request.url.endsWith(API.provinceSendMsg.path)) return envelope({ waitSeconds: VERIFY_CODE_WAIT_S })
    if (request.url.endsWith(API.provinceLogin.path)) {
      return bodyOf(request).code === RIGHT_CODE ? envelope({ supplierUserId: 'HN0001' }) : business(1002, WRONG_CODE_MESSAGE)
    }
    if (/\/vehicles\/h5\/apply$/.test(request.url)) {
      return envelope({ orderId: 'order-1', stepId: APPLY_STEP.FINAL_COMMIT, certificatesCommitSate: 7, depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: server.missing })
    }
    return envelope(null)
  })
  world.services.store.apply.resumeOrder(
    detail({
      orderId: 'order-1',
      plateNumber: PLATE,
      certificatesCommitSate: 7,
      commodityId: 'C1',
      depositPayState: null,
      completeness: { owner: true, vehicle: true, delivery: true, commodity: true, submitted: false },
    }),
  )
  world.services.store.apply.form.setField('mobile', '13800138000')
  return world
}

async function open(world: World): Promise<Page> {
  routeTo(PAGE_PATH, { orderId: 'order-1' })
  const page = await mountPage(ProvinceVerifyPage, world.services)
  await flush(page)
  await eventually(page, () => ['province-submit', 'province-skipped', 'province-incomplete', 'province-submitted'].some((id) => byTestId(page, id) !== null))
  return page
}

const inputOf = (page: Page, field: string): Promise<HTMLInputElement> => inputIn(page, `province-${field}`)

async function type(page: Page, field: string, value: string): Promise<void> {
  await typeInto(page, `province-${field}`, value)
  await flush(page)
}

async function press(page: Page, testId: string): Promise<void> {
  page.fireEvent.click(getByTestId(page, testId))
  await flush(page)
}

const requestsTo = (world: World, path: string) => world.requests.filter((request) => request.url.endsWith(path))
const commits = (world: World) =>
  world.requests.filter((request) => /\/vehicles\/h5\/apply$/.test(request.url))

describe('province verification page', () => {
  const navigation = spyNavigationEachTest()

  it("shows the issuer and the plate, with the owner's mobile filled in and no commit yet", async () => {
    const world = await provinceWorld()
    const page = await open(world)
    expect(textOf(page, 'province-plate')).toContain(PLATE)
    expect(page.html()).toContain('河南ETC发行方短信验证')
    expect((await inputOf(page, 'mobile')).value).toBe('13800138000')
    expect(textOf(page, 'province-send-code')).toBe(CODE_BUTTON_TEXT.initial)
    expect(requestsTo(world, API.provinceMsgOpen.path)).toHaveLength(1)
    expect(commits(world)).toHaveLength(0)
  })

  it('sends a code, counts down, and keeps counting after a remount from the stored time', async () => {
    // The page's clock, which the stored time is compared with (the worlds' clocks start at START).
    let now = START
    jest.spyOn(Date, 'now').mockImplementation(() => now)
    const world = await provinceWorld()
    const page = await open(world)
    await press(page, 'province-send-code')
    expect(requestsTo(world, API.provinceSendMsg.path)).toHaveLength(1)
    expect(bodyOf(requestsTo(world, API.provinceSendMsg.path)[0]!)).toEqual({ mobile: '13800138000' })
    expect(textOf(page, 'province-send-code')).toBe(CODE_BUTTON_TEXT.waiting(VERIFY_CODE_WAIT_S))
    expect(getByTestId(page, 'province-send-code').getAttribute('aria-disabled')).toBe('true')
    expect(textOf(page, 'province-code-sent')).toBe(PROVINCE_TEXT.codeSent)
    expect(world.services.store.features.apply.province.codeSentAt).toBe(START)
    // A second tap while counting sends nothing.
    await press(page, 'province-send-code')
    expect(requestsTo(world, API.provinceSendMsg.path)).toHaveLength(1)
    page.unmout()

    // A reload: new app services over the same device storage, 20 s later.
    now = START + 20_000
    const reloaded = await provinceWorld(undefined, world.raw)
    expect(reloaded.services.store.features.apply.province.codeSentAt).toBe(START)
    const again = await open(reloaded)
    expect(textOf(again, 'province-send-code')).toBe(CODE_BUTTON_TEXT.waiting(VERIFY_CODE_WAIT_S - 20))
    again.unmout()

    now = START + VERIFY_CODE_WAIT_S * 1000
    const later = await open(await provinceWorld(undefined, world.raw))
    expect(textOf(later, 'province-send-code')).toBe(CODE_BUTTON_TEXT.resend)
    expect(getByTestId(later, 'province-send-code').getAttribute('aria-disabled')).toBe('false')
  })

  it('says what is wrong: a bad mobile (domain rule), an empty code, a wrong code (the server); nothing is committed', async () => {
    const world = await provinceWorld()
    const page = await open(world)
    await type(page, 'mobile', '1380013')
    await press(page, 'province-send-code')
    expect(textOf(page, 'province-mobile-error')).toBe(MOBILE_REASON.length)
    expect(requestsTo(world, API.provinceSendMsg.path)).toHaveLength(0)

    await type(page, 'mobile', '13800138000')
    expect(byTestId(page, 'province-mobile-error')).toBeNull()
    await press(page, 'province-submit')
    expect(textOf(page, 'province-error')).toBe(LOGIN_REASON.missingMobileOrCode)
    expect(requestsTo(world, API.provinceLogin.path)).toHaveLength(0)

    await type(page, 'code', '111111')
    expect(byTestId(page, 'province-error')).toBeNull()
    await press(page, 'province-submit')
    await eventually(page, () => byTestId(page, 'province-error') !== null)
    expect(textOf(page, 'province-error')).toBe(WRONG_CODE_MESSAGE)
    // Reported once: on the page, not by a toast as well.
    expect(world.ui.toasts).toEqual([])
    expect(commits(world)).toHaveLength(0)
    expect(navigation.redirectTo).not.toHaveBeenCalled()
  })

  it('cuts the inputs to the domain lengths (mobile 11, code 6), digits only', async () => {
    const page = await open(await provinceWorld())
    await type(page, 'mobile', '138-0013-8000-99')
    expect((await inputOf(page, 'mobile')).value).toBe('13800138000')
    await type(page, 'code', '12a34567')
    expect((await inputOf(page, 'code')).value).toBe('123456')
  })

  it('verifies with the order, then makes the final commit and opens the payment in its place', async () => {
    const world = await provinceWorld()
    const page = await open(world)
    await press(page, 'province-send-code')
    await type(page, 'code', RIGHT_CODE)
    await press(page, 'province-submit')
    await eventually(page, () => navigation.redirectTo.mock.calls.length > 0)
    expect(bodyOf(requestsTo(world, API.provinceLogin.path)[0]!)).toEqual({ mobile: '13800138000', code: RIGHT_CODE, orderId: 'order-1' })
    expect(commits(world)).toHaveLength(1)
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=order-1' })
    expect(world.services.store.features.apply.province.mustVerify(PLATE, 'order-1')).toBe(false)
    expect(world.services.store.apply.submitted).toBe(true)
  })

  it('verified but incomplete: says what is missing and leads to the form', async () => {
    const world = await provinceWorld({ open: true, missing: ['行驶证照片'] })
    const page = await open(world)
    await type(page, 'code', RIGHT_CODE)
    await press(page, 'province-submit')
    await eventually(page, () => byTestId(page, 'province-missing') !== null)
    expect(textOf(page, 'province-missing')).toContain('行驶证照片')
    expect(navigation.redirectTo).not.toHaveBeenCalled()
  })

  it('is skipped when the issuer switch is off: the application is committed at once', async () => {
    const world = await provinceWorld({ open: false, missing: [] })
    const page = await open(world)
    await eventually(page, () => navigation.redirectTo.mock.calls.length > 0)
    expect(requestsTo(world, API.provinceLogin.path)).toHaveLength(0)
    expect(commits(world)).toHaveLength(1)
    expect(navigation.redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/pay/index?orderId=order-1' })
    expect(world.services.store.features.apply.province.verifiedOrderId).toBeUndefined()
  })
})

describe('the province step with the issuer switch off and the application incomplete', () => {
  afterEach(() => jest.restoreAllMocks())

  it('ends on what is missing, with the way to complete it, instead of saying it is still submitting', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const world = await provinceWorld({ open: false, missing: ['行驶证照片'] })
    const page = await open(world)
    await eventually(page, () => byTestId(page, 'province-incomplete') !== null)
    expect(commits(world)).toHaveLength(1)
    expect(byTestId(page, 'province-skipped')).toBeNull()
    expect(document.body.textContent).not.toContain(PROVINCE_TEXT.closed)
    const finished = getByTestId(page, 'province-incomplete')
    expect(finished.getAttribute('role')).toBe('alert')
    expect(finished.textContent).toContain('申请资料尚未完整')
    expect(finished.textContent).toContain('行驶证照片')
    page.fireEvent.click(finished.querySelector('[role="button"]') as Element)
    await flush(page)
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index' })
  })
})

describe('choosing a package for a province plate', () => {
  afterEach(() => jest.restoreAllMocks())

  it('opens the province step instead of committing; an ordinary plate commits at once', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const world = loggedInWorld()
    world.serve((request) => {
      if (request.url.includes('listCommodity')) return world.ok([commodity({ id: 'BASIC', commodityName: '基础版ETC套餐', commodityPrice: 2990 })])
      if (/\/vehicles\/h5\/apply$/.test(request.url)) return world.ok(SUBMITTED)
      return undefined
    })
    world.services.store.apply.resumeOrder(applicationDetail({ orderId: 'O1', plateNumber: PLATE }))
    const page = await mountPage(SelectLandPage, world.services)
    await page.act(async () => settle(60))
    page.fireEvent.click(getByTestId(page, 'package-BASIC-choose'))
    await page.act(async () => settle(60))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/apply/province-verify/index?orderId=O1' })
    expect(applyCalls(world)).toHaveLength(0)
    expect(world.services.store.apply.commodityId).toBe('BASIC')
    page.unmout()

    // Once verified on this device, choosing again commits at once.
    await world.services.store.features.apply.province.verify('13800138000', RIGHT_CODE, 'O1')
    const again = await mountPage(SelectLandPage, world.services)
    await again.act(async () => settle(60))
    again.fireEvent.click(getByTestId(again, 'package-BASIC-choose'))
    await again.act(async () => settle(60))
    expect(applyCalls(world)).toHaveLength(1)
    expect(navigateTo).toHaveBeenLastCalledWith({ url: '/pages/apply/pay/index?orderId=O1' })
  })
})
