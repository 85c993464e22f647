/**
 * The consent page opened at 下一步's tap, ahead of the plate checks (issue 29): a logged-in
 * person sees it while the checks and the new order take their round trips; 同意并继续 waits for
 * the order; checks that open none take the person back to the plate page, which says why, or on
 * to where their own order stands. Nothing opens ahead for a visitor (the checks lead to the
 * login), for agreements accepted already, or while new applications are known to be paused.
 */
import Taro from '@tarojs/taro'
import AgreePage from '../../src/pages/apply/agree/index'
import { pageUrl } from '../../src/platform/navigator'
import { PLATE_UNIQUE_RESULT } from '../../src/domain/plate'
import type { TransportResponse } from '../../src/services/request/transport'
import { deferred } from '../unit/services/fakes'
import { serverError } from '../support/journey-fixtures'
import { detail } from '../support/order-fixtures'
import { lifecycle } from '../support/page-lifecycle'
import { byTestId, eventually, getByTestId, mountPage, textOf } from '../support/page-test'
import { mountPlatePage, plateWorld, requestsTo, settle } from '../support/plate-page-world'
import type { Page, PlateWorld, Reply } from '../support/plate-page-world'
import { envelope } from '../support/test-services'

const AGREE = pageUrl('agree')
const PLATE = pageUrl('plateEntry')

/** The page on screen, as the navigation host reads it: moved by the (mocked) Taro navigation. */
let onScreen: string
let navigateTo: jest.SpyInstance
let redirectTo: jest.SpyInstance
let navigateBack: jest.SpyInstance

beforeEach(() => {
  localStorage.clear()
  onScreen = PLATE
  jest.spyOn(Taro, 'getCurrentInstance').mockImplementation(() => ({ router: { path: onScreen, params: {} } }) as unknown as ReturnType<typeof Taro.getCurrentInstance>)
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(async ({ url }) => {
    onScreen = url
    return { errMsg: 'navigateTo:ok' }
  })
  redirectTo = jest.spyOn(Taro, 'redirectTo').mockImplementation(async ({ url }) => {
    onScreen = url
    return { errMsg: 'redirectTo:ok' }
  })
  navigateBack = jest.spyOn(Taro, 'navigateBack').mockImplementation(async () => {
    onScreen = PLATE
    return { errMsg: 'navigateBack:ok' }
  })
  jest.spyOn(Taro, 'getCurrentPages').mockImplementation(() => (onScreen === PLATE ? [{}] : [{}, {}]) as ReturnType<typeof Taro.getCurrentPages>)
})
afterEach(() => jest.restoreAllMocks())

/** The promotion's one package and its issuer's agreement (public, loaded while the person types). */
const CATALOGUE: Record<string, Reply> = {
  listCommodity: [{ id: 1, commodityPrice: 2990, issuerId: 11 }],
  getSupplierProtocol: { issuerId: 11, title: '发行方协议', content: '条款', version: 'v1' },
}

/** A logged-in person on the plate page with 京A12345 typed, the calls answered from `replies` over the usual ones. */
async function personOnPlatePage(replies: Record<string, Reply> = {}): Promise<{ world: PlateWorld; page: Page }> {
  const world = plateWorld({ replies: { ...CATALOGUE, ...replies } })
  await world.services.store.user.login('person')
  const page = await mountPlatePage(world, '京A12345')
  return { world, page }
}

/** The new order's call, answered when the test says. */
function heldOrder() {
  const answer = deferred<TransportResponse>()
  return { reply: () => answer.promise, release: () => answer.resolve(envelope({ orderId: 'order-1', stepId: 1, certificatesCommitSate: 0, depositPayState: 2, missing: [] })) }
}

const tapNext = async (page: Page) => {
  page.fireEvent.click(getByTestId(page, 'plate-submit'))
  await settle(page)
}

describe('the consent page opened ahead of the plate checks', () => {
  it('opens at the tap, before the new order exists, and shows the plate and the agreements (not the way back)', async () => {
    const order = heldOrder()
    const { world, page: platePage } = await personOnPlatePage({ '/vehicles/h5/apply': order.reply })
    await tapNext(platePage)
    expect(navigateTo).toHaveBeenCalledWith({ url: AGREE })
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(1)
    expect(world.services.store.apply.orderId).toBeUndefined()
    expect(world.services.store.plateStep.consentAhead).toEqual({ settled: false })

    const agree = await mountPage(AgreePage, world.services)
    await eventually(agree, () => byTestId(agree, 'agree-issuer-loading') === null)
    expect(byTestId(agree, 'agree-no-order')).toBeNull()
    expect(textOf(agree, 'agree-plate')).toContain('京A12345')
    order.release()
    await settle(platePage)
    expect(world.services.store.apply.orderId).toBe('order-1')
    expect(world.services.store.plateStep.consentAhead).toBeUndefined()
    expect(navigateBack).not.toHaveBeenCalled()
    expect(redirectTo).not.toHaveBeenCalled()
    expect(byTestId(agree, 'agree-no-order')).toBeNull()
  })

  it('同意并继续 before the order exists waits for it, busy, then goes on to the form once', async () => {
    const order = heldOrder()
    const { world, page: platePage } = await personOnPlatePage({ '/vehicles/h5/apply': order.reply })
    await tapNext(platePage)
    const agree = await mountPage(AgreePage, world.services)
    await eventually(agree, () => byTestId(agree, 'agree-all') !== null)
    agree.fireEvent.click(getByTestId(agree, 'agree-all'))
    agree.fireEvent.click(getByTestId(agree, 'agree-submit'))
    agree.fireEvent.click(getByTestId(agree, 'agree-submit'))
    await settle(agree)
    expect(getByTestId(agree, 'agree-waiting').getAttribute('aria-busy')).toBe('true')
    expect(getByTestId(agree, 'agree-submit').getAttribute('aria-busy')).toBe('true')
    expect(redirectTo).not.toHaveBeenCalled()
    expect(world.services.store.apply.agreementsAcceptedAt).toBeUndefined()

    order.release()
    await settle(platePage)
    await settle(agree)
    expect(redirectTo).toHaveBeenCalledTimes(1)
    expect(redirectTo).toHaveBeenCalledWith({ url: pageUrl('upinfo') })
    expect(world.services.store.apply.agreementsAcceptedAt).toBeDefined()
  })

  /** Taps 下一步 and mounts the consent page it opened ahead. */
  async function aheadOf(page: Page, world: PlateWorld) {
    await tapNext(page)
    expect(navigateTo).toHaveBeenCalledWith({ url: AGREE })
    const agree = await mountPage(AgreePage, world.services)
    await settle(agree)
    return agree
  }

  it('a taken plate: the consent page gives way to the plate page, which says so', async () => {
    const { world, page } = await personOnPlatePage({ checkPlateNumberUnique: { data: { resultType: PLATE_UNIQUE_RESULT.HAS_ETC } } })
    await aheadOf(page, world)
    expect(navigateBack).toHaveBeenCalledTimes(1)
    expect(onScreen).toBe(PLATE)
    expect(byTestId(page, 'plate-taken')).not.toBeNull()
    expect(world.services.store.plateStep.consentAhead).toBeUndefined()
    expect(requestsTo(world, '/vehicles/h5/apply')).toHaveLength(0)
  })

  it('a failed check: back to the plate page too, the failure said there and the plate kept', async () => {
    const { world, page } = await personOnPlatePage({ '/vehicles/h5/apply': () => serverError('服务繁忙') })
    await aheadOf(page, world)
    expect(navigateBack).toHaveBeenCalledTimes(1)
    expect(byTestId(page, 'plate-submit-error')).not.toBeNull()
    expect(world.services.store.apply.plateNumber).toBe('京A12345')
    expect(world.services.store.plateStep.consentAhead).toBeUndefined()
  })

  it("the person's own unpaid order: the consent page gives way to its payment", async () => {
    const complete = { owner: true, vehicle: true, delivery: true, commodity: true, submitted: true }
    const unpaid = detail({ orderId: 'order-5', plateNumber: '京A12345', certificatesCommitSate: 1, bizType: 1, depositPayState: 2, completeness: complete })
    const { world, page } = await personOnPlatePage({ handleProcess: unpaid, checkApplyPlateNumber: { isWhiteNo: false, windowSwitchOneZs: true, windowSwitchTwoZs: true } })
    await aheadOf(page, world)
    expect(redirectTo).toHaveBeenCalledWith({ url: pageUrl('pay', { orderId: 'order-5' }) })
    expect(navigateBack).not.toHaveBeenCalled()
  })

  it('a document opened from the consent page is left first: the consent page gives way when shown again', async () => {
    const unique = deferred<TransportResponse>()
    const { world, page } = await personOnPlatePage({ checkPlateNumberUnique: () => unique.promise })
    const agree = await aheadOf(page, world)
    await agree.act(async () => lifecycle.hide())
    unique.resolve(envelope({ data: { resultType: PLATE_UNIQUE_RESULT.HAS_ETC } }))
    await settle(page)
    expect(navigateBack).not.toHaveBeenCalled()
    await agree.act(async () => lifecycle.show())
    await settle(agree)
    expect(navigateBack).toHaveBeenCalledTimes(1)
  })

  it('a person who went back from the consent page meanwhile stays on the plate page', async () => {
    const unique = deferred<TransportResponse>()
    const { world, page } = await personOnPlatePage({ checkPlateNumberUnique: () => unique.promise })
    const agree = await aheadOf(page, world)
    await agree.act(async () => agree.unmout())
    onScreen = PLATE
    unique.resolve(envelope({ data: { resultType: PLATE_UNIQUE_RESULT.HAS_ETC } }))
    await settle(page)
    expect(navigateBack).not.toHaveBeenCalled()
    expect(redirectTo).not.toHaveBeenCalled()
    expect(world.services.store.plateStep.consentAhead).toBeUndefined()
    expect(byTestId(page, 'plate-taken')).not.toBeNull()
  })

  const PAUSED = { allowNewApply: false, reason: '系统维护中' }
  it.each([
    ['a visitor (the checks lead to the login first)', {}, false, false],
    ['agreements accepted already (the form comes next)', {}, true, true],
    ['new applications known to be paused', { restNewApplySwitch: PAUSED }, true, false],
  ])('opens nothing ahead for %s', async (_case, replies: Record<string, Reply>, loggedIn, accepted) => {
    const order = heldOrder()
    const world = plateWorld({ replies: { '/vehicles/h5/apply': order.reply, ...replies } })
    if (loggedIn) await world.services.store.user.login('person')
    if (accepted) world.services.store.apply.acceptAgreements()
    const page = await mountPlatePage(world, '京A12345')
    await tapNext(page)
    expect(world.services.store.plateStep.consentAhead).toBeUndefined()
    expect(navigateTo).not.toHaveBeenCalledWith({ url: AGREE })
    order.release()
    await settle(page)
  })
})
