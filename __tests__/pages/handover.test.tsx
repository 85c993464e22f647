/**
 * The hand-overs to other mini-programs: /pages/transfer/toMpWx (a URL link from the server,
 * opened in place of the page; failures said with 返回 and 重试), /pages/to-alipays (the payment
 * app's deep link, which fails when the page stays on screen; a mini-program of the same platform
 * opens it directly, one of the other platform says it cannot, with only 返回) and the wxPark
 * promotion that leads there.
 */
import Taro from '@tarojs/taro'
import ToMpWxPage from '../../src/pages/jump/to-mp-wx/index'
import ToAlipaysPage from '../../src/pages/jump/to-alipays/index'
import WxParkPage from '../../src/pages/notice/wx-park/index'
import { ALIPAY_ETC_APP } from '../../src/config/handover'
import { ROUTES } from '../../src/config/routes'
import { HAND_OVER_MESSAGES } from '../../src/features/handover/jump/hand-over-error'
import { NAVIGATION_MESSAGES } from '../../src/platform/navigator'
import type { MiniProgramPlatform, NavigationHost } from '../../src/platform/navigator'
import { parseQuery } from '../../src/platform/query'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { MESSAGES } from '../../src/services/request/errors'
import type { TransportResponse } from '../../src/services/request/transport'
import { openWith, settle } from '../support/order-world'
import { byTestId, getByTestId, mountPage, textOf, withLocationMock } from '../support/page-test'
import { envelope, testWorld } from '../support/test-services'

const GRANT = { accessToken: 'token-1', expireIn: 3600, uid: 'uid-1', scope: 'person' }
const LINK = 'https://app.test/sim/wechat/url-link/AbCdEf123456?appId=wx1'

/** Taro's host with the hand-over calls replaced: H5's by default, or a mini-program's of that platform. */
function handOverHost(kind: 'web' | MiniProgramPlatform = 'web', leaves = true) {
  const openUrl = jest.fn<void, [string]>()
  const leavesWithin = jest.fn(async (_ms: number) => leaves)
  const navigateToMiniProgram = jest.fn(async () => undefined)
  const base = createTaroNavigationHost()
  const host: NavigationHost =
    kind === 'web'
      ? { ...base, openUrl, leavesWithin, miniProgramPlatform: undefined, navigateToMiniProgram: undefined }
      : { ...base, openUrl: undefined, leavesWithin: undefined, miniProgramPlatform: kind, navigateToMiniProgram }
  return { host, openUrl, leavesWithin, navigateToMiniProgram }
}

/** Runs `body` with the document's location.replace recorded (jsdom's location cannot be spied on). */
const withLocationReplace = (body: (replace: jest.Mock) => Promise<void>): Promise<void> => withLocationMock('replace', body)

/** A person logged in through the bank app's page token; `urlLink` answers getWeChat/urlLink. */
function handOverWorld(host: NavigationHost, urlLink: () => Promise<TransportResponse> = async () => envelope({ urlLink: LINK })) {
  return testWorld({
    navigationHost: host,
    launchParams: { token: 'sim-alice' },
    respond: async (request) => {
      if (request.url.includes('/oauth2/')) return envelope(GRANT)
      if (request.url.includes('/getWeChat/urlLink')) return urlLink()
      return envelope(null)
    },
  })
}

type World = ReturnType<typeof handOverWorld>

const linkCalls = (world: World) => world.requests.filter((request) => request.url.includes('/getWeChat/urlLink'))

async function open(Page: Parameters<typeof mountPage>[0], world: World, path: string, params: Record<string, string>) {
  openWith(params, path)
  const page = await mountPage(Page, world.services)
  await settle(page)
  return page
}

describe('toMpWx (跳转中)', () => {
  afterEach(() => jest.restoreAllMocks())
  const PATH = `/${ROUTES.toMpWx.page}`
  const PARAMS = { appId: 'wx1234567890abcdef', path: 'pages/park/index', query: 'lot=A1&from=h5', env_version: 'trial' }

  it('shows 跳转中 with a spinner while the link is asked for', async () => {
    const { host } = handOverHost()
    const page = await open(ToMpWxPage, handOverWorld(host, () => new Promise(() => undefined)), PATH, PARAMS)
    expect(textOf(page, 'jump-opening')).toBe('跳转中…')
    expect(getByTestId(page, 'jump-opening').getAttribute('role')).toBe('status')
    expect(getByTestId(page, 'jump-opening').querySelector('.jump-view__spinner')).not.toBeNull()
  })

  it('asks the server for a URL link with the address parameters and hands the window to it', async () => {
    const { host, openUrl } = handOverHost()
    const world = handOverWorld(host)
    const page = await open(ToMpWxPage, world, PATH, PARAMS)
    expect(linkCalls(world)).toHaveLength(1)
    expect(JSON.parse(linkCalls(world)[0]?.body ?? '{}')).toEqual(PARAMS)
    expect(openUrl).toHaveBeenCalledWith(LINK)
    expect(textOf(page, 'jump-opened')).toContain('已为您打开小程序')
  })

  it("opens the released version when the address names none, or one WeChat doesn't know", async () => {
    for (const env_version of ['', 'prod']) {
      const { host } = handOverHost()
      const world = handOverWorld(host)
      const page = await open(ToMpWxPage, world, PATH, { ...PARAMS, env_version })
      expect(JSON.parse(linkCalls(world)[0]?.body ?? '{}').env_version).toBe('release')
      page.unmout()
    }
  })

  it('says the jump failed when the call fails, with 返回 and 重试; 重试 asks again', async () => {
    let failing = true
    const { host, openUrl } = handOverHost()
    const world = handOverWorld(host, async () => (failing ? { statusCode: 500, data: null, header: {} } : envelope({ urlLink: LINK })))
    const page = await open(ToMpWxPage, world, PATH, PARAMS)
    const failed = getByTestId(page, 'jump-failed')
    expect(failed.getAttribute('role')).toBe('alert')
    expect(failed.textContent).toContain('跳转失败')
    expect(failed.textContent).toContain(MESSAGES.serverBusy)
    // Said once, on the page: no toast too.
    expect(world.ui.toasts).toEqual([])
    expect(openUrl).not.toHaveBeenCalled()
    expect(byTestId(page, 'jump-back')).not.toBeNull()

    failing = false
    page.fireEvent.click(getByTestId(page, 'jump-retry'))
    await settle(page)
    expect(linkCalls(world)).toHaveLength(2)
    expect(openUrl).toHaveBeenCalledWith(LINK)
    expect(byTestId(page, 'jump-failed')).toBeNull()
  })

  it('goes back with 返回', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as ReturnType<typeof Taro.getCurrentPages>)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const { host } = handOverHost()
    const page = await open(ToMpWxPage, handOverWorld(host, async () => ({ statusCode: 500, data: null, header: {} })), PATH, PARAMS)
    page.fireEvent.click(getByTestId(page, 'jump-back'))
    await settle(page)
    expect(back).toHaveBeenCalledWith({ delta: 1 })
  })

  it('refuses a link that is no web address, opening nothing', async () => {
    const { host, openUrl } = handOverHost()
    const page = await open(ToMpWxPage, handOverWorld(host, async () => envelope({ urlLink: 'javascript:alert(1)' })), PATH, PARAMS)
    expect(textOf(page, 'jump-failed')).toContain(HAND_OVER_MESSAGES.invalidLink)
    expect(openUrl).not.toHaveBeenCalled()
  })

  it('says so without asking the server when the address names no mini-program, and offers only 返回', async () => {
    const { host, openUrl } = handOverHost()
    const world = handOverWorld(host)
    const page = await open(ToMpWxPage, world, PATH, { path: 'pages/park/index' })
    expect(textOf(page, 'jump-failed')).toContain(HAND_OVER_MESSAGES.missingTarget)
    expect(linkCalls(world)).toHaveLength(0)
    expect(openUrl).not.toHaveBeenCalled()
    expect(byTestId(page, 'jump-retry')).toBeNull()
    expect(byTestId(page, 'jump-back')).not.toBeNull()
  })

  it('opens the mini-program directly where the app is a WeChat one, without a URL link', async () => {
    const { host, navigateToMiniProgram } = handOverHost('wechat')
    const world = handOverWorld(host)
    const page = await open(ToMpWxPage, world, PATH, PARAMS)
    expect(navigateToMiniProgram).toHaveBeenCalledWith({ platform: 'wechat', appId: PARAMS.appId, path: PARAMS.path, query: PARAMS.query, envVersion: 'trial' })
    expect(linkCalls(world)).toHaveLength(0)
    expect(byTestId(page, 'jump-opened')).not.toBeNull()
  })

  it("says the payment app's mini-program cannot open a WeChat one, with 返回 and no 重试", async () => {
    const { host, navigateToMiniProgram } = handOverHost('alipay')
    const world = handOverWorld(host)
    const page = await open(ToMpWxPage, world, PATH, PARAMS)
    expect(getByTestId(page, 'jump-failed').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'jump-failed')).toContain(NAVIGATION_MESSAGES.otherPlatform.wechat)
    expect(navigateToMiniProgram).not.toHaveBeenCalled()
    expect(linkCalls(world)).toHaveLength(0)
    expect(byTestId(page, 'jump-back')).not.toBeNull()
    expect(byTestId(page, 'jump-retry')).toBeNull()
  })

  it("hands the window over on H5 in place of the page, so back does not return to the hand-over", async () => {
    await withLocationReplace(async (replace) => {
      const world = handOverWorld(createTaroNavigationHost())
      const page = await open(ToMpWxPage, world, PATH, PARAMS)
      expect(replace).toHaveBeenCalledWith(LINK)
      expect(replace).toHaveBeenCalledTimes(1)
      expect(textOf(page, 'jump-opened')).toContain('已为您打开小程序')
    })
  })
})

describe('to-alipays (跳转中)', () => {
  afterEach(() => jest.restoreAllMocks())
  const PATH = `/${ROUTES.toAlipays.page}`
  const PARAMS = { appId: '2021000000000001', page: 'pages/etc/index', query: 'plate=京A12345&channel=bank' }

  it("opens the payment app's deep link with app id, page and query, and waits to see the page left", async () => {
    const { host, openUrl, leavesWithin } = handOverHost('web', true)
    const page = await open(ToAlipaysPage, handOverWorld(host), PATH, PARAMS)
    expect(openUrl).toHaveBeenCalledTimes(1)
    const link = new URL(openUrl.mock.calls[0]?.[0] ?? '')
    expect(link.protocol).toBe('alipays:')
    expect(link.searchParams.get('appId')).toBe(PARAMS.appId)
    expect(link.searchParams.get('page')).toBe(PARAMS.page)
    expect(parseQuery(link.searchParams.get('query') ?? '')).toEqual({ plate: '京A12345', channel: 'bank' })
    expect(leavesWithin).toHaveBeenCalledTimes(1)
    expect(textOf(page, 'jump-opened')).toContain('已为您打开支付宝')
  })

  it('says the payment app could not be opened when the page is still on screen, with 重试 and 返回', async () => {
    const { host, openUrl, leavesWithin } = handOverHost('web', false)
    const page = await open(ToAlipaysPage, handOverWorld(host), PATH, PARAMS)
    expect(getByTestId(page, 'jump-failed').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'jump-failed')).toContain('未能打开支付宝，请确认已安装支付宝')
    expect(byTestId(page, 'jump-back')).not.toBeNull()

    leavesWithin.mockResolvedValue(true)
    page.fireEvent.click(getByTestId(page, 'jump-retry'))
    await settle(page)
    expect(openUrl).toHaveBeenCalledTimes(2)
    expect(byTestId(page, 'jump-opened')).not.toBeNull()
  })

  it('says so when the address names no app, opening nothing', async () => {
    const { host, openUrl } = handOverHost()
    const page = await open(ToAlipaysPage, handOverWorld(host), PATH, { page: 'pages/etc/index' })
    expect(textOf(page, 'jump-failed')).toContain(HAND_OVER_MESSAGES.missingTarget)
    expect(openUrl).not.toHaveBeenCalled()
    expect(byTestId(page, 'jump-retry')).toBeNull()
  })

  it("opens the mini-program directly where the app is the payment app's; a refusal reads as not opened", async () => {
    const { host, navigateToMiniProgram } = handOverHost('alipay')
    const page = await open(ToAlipaysPage, handOverWorld(host), PATH, PARAMS)
    expect(navigateToMiniProgram).toHaveBeenCalledWith({ platform: 'alipay', appId: PARAMS.appId, path: PARAMS.page, query: PARAMS.query })
    expect(byTestId(page, 'jump-opened')).not.toBeNull()

    navigateToMiniProgram.mockRejectedValueOnce(new Error('navigateToMiniProgram:fail cancel'))
    page.fireEvent.click(getByTestId(page, 'jump-retry'))
    await settle(page)
    expect(textOf(page, 'jump-failed')).toContain(HAND_OVER_MESSAGES.notOpened)
    expect(textOf(page, 'jump-failed')).not.toContain('fail cancel')
    expect(byTestId(page, 'jump-retry')).not.toBeNull()
  })

  it("says a WeChat mini-program cannot open the payment app's, with 返回 and no 重试", async () => {
    const { host, openUrl, navigateToMiniProgram } = handOverHost('wechat')
    const page = await open(ToAlipaysPage, handOverWorld(host), PATH, PARAMS)
    expect(getByTestId(page, 'jump-failed').getAttribute('role')).toBe('alert')
    expect(textOf(page, 'jump-failed')).toContain(NAVIGATION_MESSAGES.otherPlatform.alipay)
    expect(navigateToMiniProgram).not.toHaveBeenCalled()
    expect(openUrl).not.toHaveBeenCalled()
    expect(byTestId(page, 'jump-back')).not.toBeNull()
    expect(byTestId(page, 'jump-retry')).toBeNull()
  })
})

describe("the H5 host's hand-over", () => {
  const visibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  afterEach(() => visibility('visible'))

  it('is no mini-program: it replaces the document with the address, leaving no history entry behind', async () => {
    const host = createTaroNavigationHost()
    expect(host.miniProgramPlatform).toBeUndefined()
    expect(host.navigateToMiniProgram).toBeUndefined()
    await withLocationReplace(async (replace) => {
      host.openUrl?.(LINK)
      host.openUrl?.('alipays://platformapi/startapp?appId=1')
      expect(replace.mock.calls).toEqual([[LINK], ['alipays://platformapi/startapp?appId=1']])
    })
  })

  it('answers whether the page was hidden within the time given', async () => {
    const host = createTaroNavigationHost()
    await expect(host.leavesWithin?.(5)).resolves.toBe(false)

    const left = host.leavesWithin?.(20)
    visibility('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    visibility('visible')
    await expect(left).resolves.toBe(true)

    const hidden = host.leavesWithin?.(20)
    window.dispatchEvent(new Event('pagehide'))
    await expect(hidden).resolves.toBe(true)
  })
})

describe('wxPark (the payment app official ETC application)', () => {
  afterEach(() => jest.restoreAllMocks())

  it('presents the application and hands over to it through the to-alipays page, tracking the click', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const { host } = handOverHost()
    const world = handOverWorld(host)
    const click = jest.spyOn(world.services.tracker, 'click')
    const page = await open(WxParkPage, world, `/${ROUTES.wxPark.page}`, {})
    const text = page.queries.querySelector('.wx-park')?.textContent ?? ''
    expect(text).toContain('支付宝ETC')
    expect(page.queries.querySelectorAll('.wx-park [role="listitem"]').length).toBeGreaterThan(0)

    page.fireEvent.click(getByTestId(page, 'wx-park-go'))
    await settle(page)
    expect(click).toHaveBeenCalledWith(ROUTES.wxPark.urls[0], 'alipayEtc')
    expect(navigateTo).toHaveBeenCalledWith({
      url: `/${ROUTES.toAlipays.page}?appId=${ALIPAY_ETC_APP.appId}&page=${encodeURIComponent(ALIPAY_ETC_APP.page)}`,
    })
  })
})
