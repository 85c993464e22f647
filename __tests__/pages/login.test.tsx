/**
 * The login page: phone and SMS code for the bank app (and the map channel's person), inline reasons, the code button's
 * countdown (kept across a reload), failures from the server, and the way back to the page that
 * asked for the login.
 */
import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import LoginPage from '../../src/pages/entry/login/index'
import { LOGIN_MESSAGES, returnTarget } from '../../src/features/entry/login/LoginForm'
import { CHANNELS } from '../../src/config/channel'
import { VERIFY_CODE_WAIT_S } from '../../src/domain/constants'
import { MOBILE_REASON } from '../../src/domain/validation'
import { CODE_BUTTON_TEXT, LOGIN_REASON } from '../../src/domain/verify-code'
import { REDIRECT_PARAM } from '../../src/platform/navigator'
import { MESSAGES } from '../../src/services/request/errors'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { deferred } from '../unit/services/fakes'
import { byTestId, eventually, getByTestId, mountPage, textOf } from '../support/page-test'
import { envelope, testWorld } from '../support/test-services'

type Page = Awaited<ReturnType<typeof mountPage>>

const START = 1_800_000_000_000
/** Jest 29 fakes every timer API unless told otherwise. */
const EVERY_TIMER_BUT_INTERVALS: NonNullable<FakeTimersConfig['doNotFake']> = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
]
const GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person', loginTicket: 'ticket-1' }

function loginWorld(token: (request: TransportRequest) => Promise<TransportResponse> = async () => envelope(GRANT), raw?: Map<string, string>) {
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    ...(raw ? { raw } : {}),
    respond: async (request) => (request.url.includes('/oauth2/') ? token(request) : envelope(null)),
  })
}

type World = ReturnType<typeof loginWorld>

const requestsTo = (world: World, fragment: string) => world.requests.filter((request) => request.url.includes(fragment))

function openWith(params: Record<string, string>) {
  Current.router = { params, path: '/pages/entry/login/index', $taroPath: '/pages/entry/login/index', onReady: '', onHide: '', onShow: '' }
}

/** Lets promise chains that cross timers (the network layer's load) finish. */
async function settle(page: Page, rounds = 10) {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** Mounts the page and waits for the inputs' inner elements (rendered asynchronously). */
async function mount(world: World): Promise<Page> {
  const page = await mountPage(LoginPage, world.services)
  await settle(page, 3)
  return page
}

function type(page: Page, testId: string, value: string) {
  const input = getByTestId(page, testId) as HTMLInputElement
  input.value = value
  page.fireEvent.input(input)
}

async function fill(page: Page, mobile: string, code: string) {
  type(page, 'login-mobile', mobile)
  type(page, 'login-code', code)
  await settle(page, 2)
}

async function press(page: Page, testId: string) {
  page.fireEvent.click(getByTestId(page, testId))
  await settle(page)
}

describe('login page', () => {
  let redirectTo: jest.SpyInstance

  beforeEach(() => {
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    openWith({})
  })
  afterEach(() => {
    Current.router = null
    jest.restoreAllMocks()
    jest.useRealTimers()
  })

  it('empty: labelled inputs, the code button ready, and no reasons yet', async () => {
    const page = await mount(loginWorld())
    expect(getByTestId(page, 'login-mobile').getAttribute('aria-label')).toBe('手机号')
    expect(getByTestId(page, 'login-code').getAttribute('aria-label')).toBe('验证码')
    expect(getByTestId(page, 'login-mobile').tagName).toBe('INPUT')
    expect(textOf(page, 'login-send-code')).toBe(CODE_BUTTON_TEXT.initial)
    expect(getByTestId(page, 'login-send-code').getAttribute('aria-disabled')).toBe('false')
    expect(byTestId(page, 'login-mobile-error')).toBeNull()
    expect(byTestId(page, 'login-error')).toBeNull()
  })

  it('invalid field: a wrong phone is explained when the field is left, and no code is sent for it', async () => {
    const world = loginWorld()
    const page = await mount(world)
    type(page, 'login-mobile', '1231234')
    page.fireEvent.blur(getByTestId(page, 'login-mobile'))
    await settle(page, 2)
    expect(textOf(page, 'login-mobile-error')).toBe(MOBILE_REASON.length)
    // The input's own attributes follow a frame or so later.
    await eventually(page, () => getByTestId(page, 'login-mobile').getAttribute('aria-invalid') === 'true')
    await press(page, 'login-send-code')
    expect(requestsTo(world, 'SendCodeMessage')).toHaveLength(0)

    type(page, 'login-code', '12')
    page.fireEvent.blur(getByTestId(page, 'login-code'))
    await settle(page, 2)
    expect(textOf(page, 'login-code-error')).toBe(LOGIN_REASON.badCode)
  })

  it('keeps only digits, up to 11 for the phone and 6 for the code', async () => {
    const page = await mount(loginWorld())
    // Pasted: the browser's maxlength would cut the text before its separators are dropped.
    const pasted = (text: string) => ({ clipboardData: { getData: () => text } as unknown as DataTransfer })
    page.fireEvent.paste(getByTestId(page, 'login-mobile'), pasted('138-0013-8000 9'))
    page.fireEvent.paste(getByTestId(page, 'login-code'), pasted('12a3456789'))
    await settle(page, 2)
    expect((getByTestId(page, 'login-mobile') as HTMLInputElement).value).toBe('13800138000')
    expect((getByTestId(page, 'login-code') as HTMLInputElement).value).toBe('123456')
  })

  it('asks for both fields when either is empty', async () => {
    const world = loginWorld()
    const page = await mount(world)
    type(page, 'login-mobile', '13800138000')
    await press(page, 'login-submit')
    expect(textOf(page, 'login-error')).toBe(LOGIN_REASON.missingMobileOrCode)
    expect(requestsTo(world, '/oauth2/')).toHaveLength(0)
  })

  it('sends a code, counts down every second, and keeps counting after a reload', async () => {
    // The page's clock is faked, and its countdown's interval once the page is mounted (mounting
    // waits for animation frames, which jsdom runs on intervals).
    let now = START
    jest.spyOn(Date, 'now').mockImplementation(() => now)
    const world = loginWorld()
    const page = await mount(world)
    jest.useFakeTimers({ doNotFake: EVERY_TIMER_BUT_INTERVALS })
    type(page, 'login-mobile', '13800138000')
    await press(page, 'login-send-code')
    expect(requestsTo(world, 'encSendCodeMessage')).toHaveLength(1)
    expect(textOf(page, 'login-send-code')).toBe(CODE_BUTTON_TEXT.waiting(VERIFY_CODE_WAIT_S))
    expect(getByTestId(page, 'login-send-code').getAttribute('aria-disabled')).toBe('true')
    expect(textOf(page, 'login-code-sent')).toBe(LOGIN_MESSAGES.codeSent)

    await page.act(async () => {
      now += 1000
      jest.advanceTimersByTime(1000)
    })
    expect(textOf(page, 'login-send-code')).toBe(CODE_BUTTON_TEXT.waiting(VERIFY_CODE_WAIT_S - 1))
    await press(page, 'login-send-code')
    expect(requestsTo(world, 'encSendCodeMessage')).toHaveLength(1)
    page.unmout()
    jest.useRealTimers()

    now += 10_000
    const reloaded = await mount(loginWorld(undefined, world.raw))
    expect(textOf(reloaded, 'login-send-code')).toBe(CODE_BUTTON_TEXT.waiting(VERIFY_CODE_WAIT_S - 11))
    reloaded.unmout()

    now = START + VERIFY_CODE_WAIT_S * 1000
    const later = await mount(loginWorld(undefined, world.raw))
    expect(textOf(later, 'login-send-code')).toBe(CODE_BUTTON_TEXT.resend)
    expect(getByTestId(later, 'login-send-code').getAttribute('aria-disabled')).toBe('false')
  })

  it('server error: a failed code request is shown once, on the page, and the button stays ready', async () => {
    const world = testWorld({
      navigationHost: createTaroNavigationHost(),
      respond: async () => ({ statusCode: 500, data: null, header: {} }),
    })
    const page = await mount(world)
    type(page, 'login-mobile', '13800138000')
    await press(page, 'login-send-code')
    expect(textOf(page, 'login-error')).toBe(MESSAGES.serverBusy)
    // Reported once: on the page, not by a toast as well.
    expect(world.ui.toasts).toEqual([])
    expect(textOf(page, 'login-send-code')).toBe(CODE_BUTTON_TEXT.initial)
  })

  it('wrong code: the server says so on the page (no toast too), the fields stay and no page changes', async () => {
    const world = loginWorld(async () => ({ statusCode: 200, data: { code: 4001, msg: '验证码错误', data: null }, header: {} }))
    const page = await mount(world)
    await fill(page, '13800138000', '000000')
    await press(page, 'login-submit')
    expect(textOf(page, 'login-error')).toBe('验证码错误')
    expect(world.ui.toasts).toEqual([])
    expect((getByTestId(page, 'login-mobile') as HTMLInputElement).value).toBe('13800138000')
    expect(world.services.store.user.isLoggedIn()).toBe(false)
    expect(redirectTo).not.toHaveBeenCalled()
  })

  it('loading: logs in once on a double tap, saying so while it runs', async () => {
    const grant = deferred<TransportResponse>()
    const world = loginWorld(() => grant.promise)
    const page = await mount(world)
    await fill(page, '13800138000', '123456')
    page.fireEvent.click(getByTestId(page, 'login-submit'))
    page.fireEvent.click(getByTestId(page, 'login-submit'))
    await settle(page)
    expect(textOf(page, 'login-submit')).toBe('正在登录…')
    expect(getByTestId(page, 'login-submit').getAttribute('aria-busy')).toBe('true')
    expect(requestsTo(world, '/oauth2/')).toHaveLength(1)
    grant.resolve(envelope(GRANT))
    await settle(page)
    expect(world.services.store.user.isLoggedIn()).toBe(true)
    expect(redirectTo).toHaveBeenCalledTimes(1)
  })

  it('success: returns to the page that asked, with its query', async () => {
    openWith({ [REDIRECT_PARAM]: encodeURIComponent('/pages/apply/upinfo/index?orderId=order-1&bd_vid=abc') })
    const world = loginWorld()
    const page = await mount(world)
    await fill(page, '13800138000', '123456')
    await press(page, 'login-submit')
    expect(world.services.store.user.isLoggedIn()).toBe(true)
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/apply/upinfo/index?orderId=order-1&bd_vid=abc' })
  })

  it('success: goes to the entry page when no page asked', async () => {
    const world = loginWorld()
    const page = await mount(world)
    await fill(page, '13800138000', '123456')
    await press(page, 'login-submit')
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })

  it('map channel: a visitor on the promoter login becomes a person of their own here', async () => {
    const world = testWorld({
      channel: CHANNELS.map,
      navigationHost: createTaroNavigationHost(),
      respond: async (request) => {
        if (request.url.includes('/oauth2/')) return envelope({ ...GRANT, scope: 'person' })
        if (request.url.includes('/login/_login')) return envelope({ accessToken: 'channel-1', expireIn: 3600, uid: 'uid-channel', scope: 'channel' })
        return envelope(null)
      },
    })
    const { user } = world.services.store
    await user.login()
    expect([user.isLoggedIn(), user.isPersonal()]).toEqual([true, false])
    const page = await mount(world)
    await fill(page, '13800138000', '123456')
    await press(page, 'login-submit')
    expect(requestsTo(world, `/oauth2/v2/oauth2/${CHANNELS.map.channelId}/token`)).toHaveLength(1)
    expect([user.isPersonal(), user.uid()]).toEqual([true, 'uid-1'])
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/entry/plate/index' })
  })
})

describe('the page the login returns to', () => {
  it('is an app page, from an encoded or a plain address', () => {
    expect(returnTarget(encodeURIComponent('/pages/order/detail/index?orderId=o%201'))).toEqual({ route: 'order', query: { orderId: 'o 1' } })
    expect(returnTarget('/apply/pay?orderId=7')).toEqual({ route: 'pay', query: { orderId: '7' } })
  })

  it('is the entry page for anything else: missing, foreign, the login page itself, garbage', () => {
    const entry = { route: 'plateEntry', query: {} }
    expect(returnTarget(undefined)).toEqual(entry)
    expect(returnTarget(encodeURIComponent('https://evil.test/pages/apply/pay/index'))).toEqual(entry)
    expect(returnTarget(encodeURIComponent('/pages/entry/login/index?redirect=x'))).toEqual(entry)
    expect(returnTarget('%E0%A4%A')).toEqual(entry)
  })
})
