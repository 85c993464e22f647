/**
 * A login that 下一步 caused continues to where the tap was going: the plate page sends the person
 * to the login page naming the tap's intent in its return address; the login returns there, and
 * the plate check runs by itself, once, with no second tap.
 */
import Taro from '@tarojs/taro'
import PlateEntryPage from '../../src/pages/entry/plate/index'
import LoginPage from '../../src/pages/entry/login/index'
import { PLATE_NEXT_INTENT } from '../../src/features/entry/plate/PlateEntryForm'
import { entryFromText } from '../../src/domain/plate-entry'
import { REDIRECT_PARAM, RESUME_PARAM } from '../../src/platform/navigator'
import { createRequestUi } from '../../src/platform/request-ui'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportRequest } from '../../src/services/request/transport'
import { routeTo } from '../support/journey-fixtures'
import { lifecycle } from '../support/page-lifecycle'
import { getByTestId, mountPage } from '../support/page-test'
import { PLATE_PAGE_REPLIES, replyFor } from '../support/plate-replies'
import { envelope, testWorld } from '../support/test-services'

type Page = Awaited<ReturnType<typeof mountPage>>

const PLATE_PAGE = '/pages/entry/plate/index'
const LOGIN_PAGE = '/pages/entry/login/index'

/**
 * A bank-app visitor without a page token (no silent personal login: the login page it is), whose
 * request layer sends them there through the app's navigator, as in the app.
 */
function visitorWorld() {
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    requestUi: createRequestUi,
    // Answers by the first path fragment the request's URL contains; an empty success otherwise.
    respond: async (request: TransportRequest) => envelope(replyFor(PLATE_PAGE_REPLIES, request.url) ?? null),
  })
}

type World = ReturnType<typeof visitorWorld>

const plateChecks = (world: World) => world.requests.filter((request) => request.url.includes('checkPlateNumberUnique'))

async function settle(page: Page, rounds = 10) {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

async function open(Page: Parameters<typeof mountPage>[0], world: World, path: string, params: Record<string, string> = {}): Promise<Page> {
  routeTo(path, params)
  const page = await mountPage(Page, world.services)
  await settle(page)
  return page
}

/** The address a navigation went to, and its query. */
function address(url: string): { path: string; query: URLSearchParams } {
  const [path = '', search = ''] = url.split('?')
  return { path, query: new URLSearchParams(search) }
}

function lastUrl(spy: jest.SpyInstance): string {
  const call = spy.mock.calls.at(-1) as [{ url: string }] | undefined
  if (!call) throw new Error('no navigation')
  return call[0].url
}

describe('plate page: a login that 下一步 caused', () => {
  let redirectTo: jest.SpyInstance
  let navigateTo: jest.SpyInstance

  beforeEach(() => {
    localStorage.clear()
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  async function tapNextAsVisitor(world: World): Promise<Page> {
    world.services.store.apply.setPlate(entryFromText('京A12345'))
    const page = await open(PlateEntryPage, world, PLATE_PAGE)
    page.fireEvent.click(getByTestId(page, 'plate-submit'))
    await settle(page)
    return page
  }

  it('opens the login page over the plate page, with the page and the tap to return to', async () => {
    const world = visitorWorld()
    await tapNextAsVisitor(world)
    const login = address(lastUrl(navigateTo))
    expect(login.path).toBe(LOGIN_PAGE)
    const back = address(login.query.get(REDIRECT_PARAM) ?? '')
    expect(back.path).toBe(PLATE_PAGE)
    expect(back.query.get(RESUME_PARAM)).toBe(PLATE_NEXT_INTENT)
    expect(plateChecks(world)).toHaveLength(0)
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(redirectTo).not.toHaveBeenCalled()
  })

  it('after the login, the plate check runs by itself once and goes on to the agreements; a later show does not run it again', async () => {
    const world = visitorWorld()
    const plate = await tapNextAsVisitor(world)
    const redirect = address(lastUrl(navigateTo)).query.get(REDIRECT_PARAM) ?? ''
    plate.unmout()

    // The login page, opened as the request layer asked, logs in and returns to its address (in
    // its place here: this test's page stack never grew, so there is no plate page to go back to).
    const login = await open(LoginPage, world, LOGIN_PAGE, { [REDIRECT_PARAM]: encodeURIComponent(redirect) })
    const mobile = getByTestId(login, 'login-mobile') as HTMLInputElement
    mobile.value = '13800138000'
    login.fireEvent.input(mobile)
    const code = getByTestId(login, 'login-code') as HTMLInputElement
    code.value = '123456'
    login.fireEvent.input(code)
    await settle(login, 2)
    login.fireEvent.click(getByTestId(login, 'login-submit'))
    await settle(login)
    const back = address(lastUrl(redirectTo))
    expect(back.path).toBe(PLATE_PAGE)
    expect(back.query.get(RESUME_PARAM)).toBe(PLATE_NEXT_INTENT)
    login.unmout()

    const resumed = await open(PlateEntryPage, world, PLATE_PAGE, Object.fromEntries(back.query))
    expect(plateChecks(world)).toHaveLength(1)
    expect(lastUrl(navigateTo)).toBe('/pages/apply/agree/index')

    await resumed.act(() => lifecycle.hide())
    await resumed.act(() => lifecycle.show())
    await settle(resumed)
    expect(plateChecks(world)).toHaveLength(1)
    // The login, then the agreements once.
    expect(navigateTo).toHaveBeenCalledTimes(2)
  })

  it('an address naming the tap is not enough: without the login it caused, nothing runs by itself', async () => {
    const world = visitorWorld()
    await world.services.store.user.loginWithCode('13800138000', '123456')
    world.services.store.apply.setPlate(entryFromText('京A12345'))
    await open(PlateEntryPage, world, PLATE_PAGE, { [RESUME_PARAM]: PLATE_NEXT_INTENT })
    expect(plateChecks(world)).toHaveLength(0)
    expect(navigateTo).not.toHaveBeenCalled()
  })
})
