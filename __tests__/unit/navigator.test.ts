import { HOTLINE, QUERY_LIMITS } from '../../src/domain/constants'
import { paymentAppDeepLink } from '../../src/platform/deep-link'
import { DEEP_LINK_TIMEOUT_MS } from '../../src/config/handover'
import { NAVIGATION_MESSAGES, NavigationError, REDIRECT_PARAM, RESUME_PARAM, createNavigator, routeOfPath, withQuery } from '../../src/platform/navigator'
import type { CurrentPage, MiniProgramPlatform, NavigationHost } from '../../src/platform/navigator'
import { parseQuery, stringifyQuery } from '../../src/platform/query'

interface FakeHostOptions {
  depth?: number
  pageLimit?: number
  current?: CurrentPage | null
  web?: boolean
  /**
   * How the host opens other mini-programs: by address (H5; `leaves`: whether a deep link leaves
   * the page), or directly as a mini-program of that platform.
   */
  handOver?: { web: { leaves: boolean } } | { mini: MiniProgramPlatform }
}

function fakeHost(options: FakeHostOptions = {}) {
  const log: string[] = []
  let held: (() => void)[] = []
  let hold = false
  const settleNavigation = (entry: string) => {
    log.push(entry)
    return hold ? new Promise<void>((resolve) => void held.push(resolve)) : Promise.resolve()
  }
  const host: NavigationHost = {
    navigateTo: (url) => settleNavigation(`navigateTo ${url}`),
    redirectTo: (url) => settleNavigation(`redirectTo ${url}`),
    reLaunch: (url) => settleNavigation(`reLaunch ${url}`),
    navigateBack: (delta) => settleNavigation(`navigateBack ${delta}`),
    stackDepth: () => options.depth ?? 2,
    ...(options.pageLimit === undefined ? {} : { pageLimit: options.pageLimit }),
    currentPage: () => (options.current === null ? undefined : (options.current ?? { path: 'pages/apply/pay/index', query: {} })),
    exitApp: () => settleNavigation('exitApp'),
    ...(options.web ? { reloadDocument: () => void log.push('reloadDocument') } : {}),
    downloadFile: async (url) => {
      log.push(`download ${url}`)
      return '/tmp/file.pdf'
    },
    openDocument: async (path) => void log.push(`openDocument ${path}`),
    makePhoneCall: async (phone) => void log.push(`call ${phone}`),
    toast: (message) => void log.push(`toast ${message}`),
  }
  const handOver = options.handOver
  if (handOver && 'web' in handOver) {
    host.openUrl = (url) => void log.push(`openUrl ${url}`)
    host.leavesWithin = async (ms) => {
      log.push(`leavesWithin ${ms}`)
      return handOver.web.leaves
    }
  }
  if (handOver && 'mini' in handOver) {
    host.miniProgramPlatform = handOver.mini
    host.navigateToMiniProgram = async (target) => void log.push(`navigateToMiniProgram ${JSON.stringify(target)}`)
  }
  return {
    host,
    log,
    holdNavigations: () => {
      hold = true
    },
    /** Lets every held navigation finish. */
    release: () => {
      held.forEach((resolve) => resolve())
      held = []
    },
  }
}

describe('navigator', () => {
  it('opens pages by route name with their query', async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    await nav.open('pay', { orderId: 'O-1' })
    await nav.replace('payResult', { orderId: 'O-1' })
    await nav.relaunch('home')
    expect(log).toEqual([
      'navigateTo /pages/apply/pay/index?orderId=O-1',
      'redirectTo /pages/apply/pay-result/index?orderId=O-1',
      'reLaunch /pages/entry/home/index',
    ])
  })

  it('takes the top page\'s place when the host\'s stack is full, and pushes below the limit or without one', async () => {
    for (const [options, expected] of [
      [{ depth: 10, pageLimit: 10 }, 'redirectTo /pages/apply/pay/index'],
      [{ depth: 9, pageLimit: 10 }, 'navigateTo /pages/apply/pay/index'],
      [{ depth: 30 }, 'navigateTo /pages/apply/pay/index'],
    ] as [FakeHostOptions, string][]) {
      const { host, log } = fakeHost(options)
      await createNavigator(host, () => undefined).open('pay')
      expect(log).toEqual([expected])
    }
  })

  it('carries the bd_vid click id into every navigation, without overriding one given', async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => 'click-42')
    await nav.open('upinfo')
    await nav.open('upinfo', { bd_vid: 'own' })
    expect(log).toEqual([
      'navigateTo /pages/apply/upinfo/index?bd_vid=click-42',
      'navigateTo /pages/apply/upinfo/index?bd_vid=own',
    ])
  })

  it('rejects a second navigation while one runs ("jumping"), and allows the next one after', async () => {
    const { host, log, holdNavigations, release } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    holdNavigations()
    const first = nav.open('pay')
    await expect(nav.open('upinfo')).rejects.toEqual(new NavigationError('jumping', '正在跳转'))
    await expect(nav.back()).rejects.toBeInstanceOf(NavigationError)
    release()
    await first
    expect(log).toEqual(['navigateTo /pages/apply/pay/index'])
    const second = nav.open('upinfo')
    release()
    await second
    expect(log).toHaveLength(2)
  })

  it('goes back one page; the entry page leaves the app; a page opened directly goes to the entry page', async () => {
    const inside = fakeHost({ depth: 3 })
    await createNavigator(inside.host, () => undefined).back()
    const entry = fakeHost({ depth: 3, current: { path: 'pages/entry/plate/index', query: {} } })
    await createNavigator(entry.host, () => undefined).back()
    // On H5 the router may report the entry page by one of its URLs.
    const entryByUrl = fakeHost({ depth: 1, current: { path: '/apply/basic', query: {} } })
    await createNavigator(entryByUrl.host, () => undefined).back()
    const alone = fakeHost({ depth: 1 })
    await createNavigator(alone.host, () => 'click-42').back()
    expect([inside.log, entry.log, entryByUrl.log, alone.log]).toEqual([
      ['navigateBack 1'],
      ['exitApp'],
      ['exitApp'],
      ['reLaunch /pages/entry/plate/index?bd_vid=click-42'],
    ])
  })

  it('reloads the document on H5, and relaunches the current page with its query elsewhere', async () => {
    const web = fakeHost({ web: true })
    await createNavigator(web.host, () => undefined).reload()
    const current = { path: '/apply/pay', query: { orderId: 'O-1', plate: '%E4%BA%ACA12345' } }
    const mini = fakeHost({ current })
    await createNavigator(mini.host, () => undefined).reload()
    const unknown = fakeHost({ current: null })
    await createNavigator(unknown.host, () => undefined).reload()
    expect([web.log, mini.log, unknown.log]).toEqual([
      ['reloadDocument'],
      // Parameters come from the router still encoded: they are passed on as they are.
      ['reLaunch /pages/apply/pay/index?orderId=O-1&plate=%E4%BA%ACA12345'],
      ['reLaunch /pages/entry/plate/index'],
    ])
  })

  it('opens the login page over the current page (back leaves it), with the page, encoded once, to return to', async () => {
    const { host, log } = fakeHost({ current: { path: 'pages/apply/pay/index', query: { orderId: 'O-1', n: '2' } } })
    const nav = createNavigator(host, () => 'click-42')
    await nav.toLogin()
    const target = '/pages/apply/pay/index?orderId=O-1&n=2'
    expect(log).toEqual([`navigateTo /pages/entry/login/index?redirect=${encodeURIComponent(target)}&bd_vid=click-42`])
    const redirect = new URLSearchParams(log[0]?.split('?')[1]).get('redirect')
    expect(redirect).toBe(target)
  })

  it('does not send the user from the login page to itself, and logs in without a return page when it is unknown', async () => {
    const onLogin = fakeHost({ current: { path: '/pages/login/index', query: {} } })
    await createNavigator(onLogin.host, () => undefined).toLogin()
    const unknown = fakeHost({ current: null })
    await createNavigator(unknown.host, () => undefined).toLogin()
    expect([onLogin.log, unknown.log]).toEqual([[], ['navigateTo /pages/entry/login/index']])
  })

  it('carries the tap under way into the return address, and only while it runs', async () => {
    const { host, log } = fakeHost({ current: { path: 'pages/entry/plate/index', query: { resume: 'old', n: '2' } } })
    const nav = createNavigator(host, () => undefined)
    const end = nav.beginIntent('plate-next')
    await nav.toLogin()
    end()
    await nav.toLogin()
    const redirects = log.map((entry) => new URLSearchParams(entry.split('?')[1]).get(REDIRECT_PARAM))
    // The intent replaces one the page was opened with; once the tap has ended, none is named.
    expect(redirects).toEqual([`/pages/entry/plate/index?n=2&${RESUME_PARAM}=plate-next`, '/pages/entry/plate/index?n=2'])
  })

  it('keeps the latest tap named when an earlier one ends after it started', async () => {
    const { host, log } = fakeHost({ current: { path: 'pages/entry/plate/index', query: {} } })
    const nav = createNavigator(host, () => undefined)
    const endFirst = nav.beginIntent('first')
    nav.beginIntent('second')
    endFirst()
    await nav.toLogin()
    expect(new URLSearchParams(log[0]?.split('?')[1]).get(REDIRECT_PARAM)).toBe(`/pages/entry/plate/index?${RESUME_PARAM}=second`)
  })

  it('says once that the page on screen was opened to carry on the tap its login interrupted', async () => {
    const options: { current: CurrentPage } = { current: { path: 'pages/entry/plate/index', query: {} } }
    const nav = createNavigator(fakeHost(options).host, () => undefined)
    // Before any login, an address naming the intent is not enough (a bookmark, a reload).
    options.current = { path: 'pages/entry/plate/index', query: { [RESUME_PARAM]: 'plate-next' } }
    expect(nav.resumeIntent('plate-next')).toBe(false)

    options.current = { path: 'pages/entry/plate/index', query: {} }
    const end = nav.beginIntent('plate-next')
    await nav.toLogin()
    end()
    // On the login page, and for another intent: no.
    options.current = { path: 'pages/entry/login/index', query: {} }
    expect(nav.resumeIntent('plate-next')).toBe(false)
    options.current = { path: 'pages/entry/plate/index', query: { [RESUME_PARAM]: 'plate-next' } }
    expect(nav.resumeIntent('other')).toBe(false)
    expect(nav.resumeIntent('plate-next')).toBe(true)
    expect(nav.resumeIntent('plate-next')).toBe(false)
  })

  it('leaves the login by going back to the page it was opened over, which then carries its tap on', async () => {
    const options: { current: CurrentPage; depth: number } = { current: { path: 'pages/entry/plate/index', query: { n: '2' } }, depth: 1 }
    const { host, log } = fakeHost(options)
    const nav = createNavigator(host, () => undefined)
    const end = nav.beginIntent('plate-next')
    await nav.toLogin()
    end()
    options.current = { path: 'pages/entry/login/index', query: {} }
    options.depth = 2
    expect(nav.resumeIntent('plate-next')).toBe(false)
    await nav.leaveLogin('plateEntry', { n: '2', [RESUME_PARAM]: 'plate-next' })
    options.current = { path: 'pages/entry/plate/index', query: { n: '2' } }
    options.depth = 1
    expect(log.at(-1)).toBe('navigateBack 1')
    expect(nav.resumeIntent('other')).toBe(false)
    expect(nav.resumeIntent('plate-next')).toBe(true)
    expect(nav.resumeIntent('plate-next')).toBe(false)
  })

  it("leads on from the login to the page a tap named (after), in the login page's place, carrying the tap on beneath at once", async () => {
    const options: { current: CurrentPage; depth: number } = { current: { path: 'pages/entry/plate/index', query: {} }, depth: 1 }
    const { host, log } = fakeHost(options)
    const nav = createNavigator(host, () => undefined)
    const carried: string[] = []
    const end = nav.beginIntent('plate-next', { route: 'agree', run: () => carried.push(`run before ${log.length} navigations`) })
    await nav.toLogin()
    end()
    options.current = { path: 'pages/entry/login/index', query: {} }
    options.depth = 2
    expect(carried).toEqual([])
    await nav.leaveLogin('plateEntry', { [RESUME_PARAM]: 'plate-next' })
    expect(carried).toEqual(['run before 1 navigations'])
    expect(log).toEqual([expect.stringContaining('navigateTo /pages/entry/login/index'), 'redirectTo /pages/apply/agree/index'])
    // The tap went on once: the plate page, shown again later, does not resume it a second time.
    options.current = { path: 'pages/entry/plate/index', query: {} }
    options.depth = 1
    expect(nav.resumeIntent('plate-next')).toBe(false)
  })

  it('forgets where a tap would lead on when the login returns elsewhere, and a later tap without one goes back', async () => {
    const options: { current: CurrentPage; depth: number } = { current: { path: 'pages/entry/plate/index', query: {} }, depth: 1 }
    const { host, log } = fakeHost(options)
    const nav = createNavigator(host, () => undefined)
    const carried: string[] = []
    const endFirst = nav.beginIntent('plate-next', { route: 'agree', run: () => carried.push('run') })
    await nav.toLogin()
    endFirst()
    options.current = { path: 'pages/entry/login/index', query: {} }
    options.depth = 2
    await nav.leaveLogin('orderList')
    options.current = { path: 'pages/entry/plate/index', query: {} }
    options.depth = 1
    const endSecond = nav.beginIntent('plate-next')
    await nav.toLogin()
    endSecond()
    options.current = { path: 'pages/entry/login/index', query: {} }
    options.depth = 2
    await nav.leaveLogin('plateEntry')
    expect(carried).toEqual([])
    expect(log.filter((entry) => !entry.startsWith('navigateTo'))).toEqual(['redirectTo /pages/order/order-list/index', 'navigateBack 1'])
  })

  it('leaves the login for another page, or one opened on its own, in its place', async () => {
    const options: { current: CurrentPage; depth: number } = { current: { path: 'pages/apply/pay/index', query: {} }, depth: 3 }
    const { host, log } = fakeHost(options)
    const nav = createNavigator(host, () => undefined)
    await nav.toLogin()
    options.current = { path: 'pages/entry/login/index', query: {} }
    options.depth = 4
    await nav.leaveLogin('orderList')
    // A login page opened by an address (nothing under it that asked) returns by replacing itself.
    const direct = fakeHost({ current: { path: 'pages/entry/login/index', query: {} }, depth: 1 })
    await createNavigator(direct.host, () => undefined).leaveLogin('plateEntry')
    expect([log.at(-1), direct.log]).toEqual(['redirectTo /pages/order/order-list/index', ['redirectTo /pages/entry/plate/index']])
  })

  it('sends the person from a page to the login page once for its calls: back from it, only a tap opens it again', async () => {
    const options: { current: CurrentPage } = { current: { path: 'pages/order/redirect-list/index', query: {} } }
    const { host, log } = fakeHost(options)
    const nav = createNavigator(host, () => undefined)
    await nav.toLogin('call')
    // Back on the page, its call fails again: no second trip (back could never leave the page).
    await nav.toLogin('call')
    expect(log).toHaveLength(1)
    // A tap under way (once, however many of its calls ask), or the person's own tap on 登录, opens it.
    const end = nav.beginIntent('plate-next')
    await nav.toLogin('call')
    await nav.toLogin('call')
    end()
    await nav.toLogin()
    expect(log).toHaveLength(3)
    // Another page's call is its own first.
    options.current = { path: 'pages/order/order-list/index', query: {} }
    await nav.toLogin('call')
    expect(log).toHaveLength(4)
  })

  it('forgets the intent when a later login is for no tap', async () => {
    const options: { current: CurrentPage } = { current: { path: 'pages/entry/plate/index', query: {} } }
    const nav = createNavigator(fakeHost(options).host, () => undefined)
    const end = nav.beginIntent('plate-next')
    await nav.toLogin()
    end()
    await nav.toLogin()
    options.current = { path: 'pages/entry/plate/index', query: { [RESUME_PARAM]: 'plate-next' } }
    expect(nav.resumeIntent('plate-next')).toBe(false)
  })

  it('lets the login redirect and the reload through while another navigation runs', async () => {
    const { host, log, holdNavigations, release } = fakeHost({ web: true })
    const nav = createNavigator(host, () => undefined)
    holdNavigations()
    const first = nav.open('pay')
    const login = nav.toLogin()
    await nav.reload()
    release()
    await Promise.all([first, login])
    expect(log).toEqual([
      'navigateTo /pages/apply/pay/index',
      `navigateTo /pages/entry/login/index?redirect=${encodeURIComponent('/pages/apply/pay/index')}`,
      'reloadDocument',
    ])
  })

  it('opens links to pages, web pages and PDFs, and refuses anything else', async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    await nav.openLink({ type: 'page', route: 'orderList' })
    await nav.openLink({ type: 'webview', url: 'https://example.com/a?b=1' })
    await nav.openLink({ type: 'pdf', url: 'https://example.com/contract.pdf' })
    await expect(nav.openLink({ type: 'video', url: 'x' })).rejects.toEqual(new NavigationError('unknownLinkType', '未知类型'))
    await expect(nav.openLink({ type: 'page', route: 'nowhere' })).rejects.toBeInstanceOf(NavigationError)
    // A remote link's query keeps its flat values only.
    await nav.openLink({ type: 'page', route: 'order', query: { orderId: 'O-1', nested: { a: 1 } } })
    expect(log).toEqual([
      'navigateTo /pages/order/order-list/index',
      `navigateTo /pages/jump/webview/index?src=${encodeURIComponent('https://example.com/a?b=1')}`,
      'download https://example.com/contract.pdf',
      'openDocument /tmp/file.pdf',
      'toast 未知类型',
      'toast 未知类型',
      'navigateTo /pages/order/detail/index?orderId=O-1',
    ])
  })

  describe('opening another mini-program', () => {
    const target = { platform: 'wechat' as const, appId: 'wx1234', path: 'pages/a/index', query: 'x=1', envVersion: 'trial' as const }
    const alipayTarget = { platform: 'alipay' as const, appId: '2021000000000001', path: 'pages/etc/index', query: '' }
    const webLink = (address: string) => jest.fn(async () => address)

    it('opens it directly where the app is a mini-program of its platform, asking for no web address', async () => {
      for (const wanted of [target, alipayTarget]) {
        const { host, log } = fakeHost({ handOver: { mini: wanted.platform } })
        const link = webLink('https://wxaurl.cn/x')
        await createNavigator(host, () => undefined).openMiniProgram(wanted, link)
        expect(log).toEqual([`navigateToMiniProgram ${JSON.stringify(wanted)}`])
        expect(link).not.toHaveBeenCalled()
      }
    })

    it("refuses one of the other platform's inside a mini-program, saying which, and lets the lock go", async () => {
      const cases = [
        { host: 'wechat', wanted: alipayTarget, message: '当前环境无法打开支付宝小程序' },
        { host: 'alipay', wanted: target, message: '当前环境无法打开微信小程序' },
      ] as const
      for (const { host: platform, wanted, message } of cases) {
        const { host, log } = fakeHost({ handOver: { mini: platform } })
        const link = webLink('https://wxaurl.cn/x')
        const nav = createNavigator(host, () => undefined)
        await expect(nav.openMiniProgram(wanted, link)).rejects.toEqual(new NavigationError('unsupported', message))
        expect(NAVIGATION_MESSAGES.otherPlatform[wanted.platform]).toBe(message)
        expect(log).toEqual([])
        expect(link).not.toHaveBeenCalled()
        await nav.open('home')
        expect(log).toEqual(['navigateTo /pages/entry/home/index'])
      }
    })

    it('on H5 hands the window to a web address at once', async () => {
      const { host, log } = fakeHost({ handOver: { web: { leaves: false } } })
      await createNavigator(host, () => undefined).openMiniProgram(target, webLink('https://host.test/sim/wechat/url-link/abc'))
      expect(log).toEqual(['openUrl https://host.test/sim/wechat/url-link/abc'])
    })

    it('on H5 opens a deep link, which fails when the page is still on screen after the timeout', async () => {
      const left = fakeHost({ handOver: { web: { leaves: true } } })
      await createNavigator(left.host, () => undefined).openMiniProgram(target, webLink('alipays://platformapi/startapp?appId=1'))
      expect(left.log).toEqual(['openUrl alipays://platformapi/startapp?appId=1', `leavesWithin ${DEEP_LINK_TIMEOUT_MS}`])

      const stayed = fakeHost({ handOver: { web: { leaves: false } } })
      const nav = createNavigator(stayed.host, () => undefined)
      await expect(nav.openMiniProgram(target, webLink('alipays://platformapi/startapp?appId=1'))).rejects.toEqual(
        new NavigationError('notOpened', NAVIGATION_MESSAGES.notOpened),
      )
      // The lock is let go: the next navigation runs.
      await nav.open('home')
      expect(stayed.log.at(-1)).toBe('navigateTo /pages/entry/home/index')
    })

    it('passes on the failure to get a web address, and refuses on a host that can do neither', async () => {
      const web = fakeHost({ handOver: { web: { leaves: true } } })
      await expect(createNavigator(web.host, () => undefined).openMiniProgram(target, () => Promise.reject(new Error('服务繁忙')))).rejects.toThrow('服务繁忙')
      expect(web.log).toEqual([])
      const neither = fakeHost()
      await expect(createNavigator(neither.host, () => undefined).openMiniProgram(target, webLink('https://x.test'))).rejects.toEqual(
        new NavigationError('unsupported', NAVIGATION_MESSAGES.unsupported),
      )
      // A mini-program of neither platform opens neither's mini-programs.
      const other = fakeHost()
      const navigateToMiniProgram = jest.fn(async () => undefined)
      other.host.navigateToMiniProgram = navigateToMiniProgram
      await expect(createNavigator(other.host, () => undefined).openMiniProgram(target, webLink('https://x.test'))).rejects.toEqual(
        new NavigationError('unsupported', NAVIGATION_MESSAGES.unsupported),
      )
      expect(navigateToMiniProgram).not.toHaveBeenCalled()
    })

    it('is one navigation at a time with the others', async () => {
      const { host, holdNavigations } = fakeHost({ handOver: { web: { leaves: true } } })
      const nav = createNavigator(host, () => undefined)
      holdNavigations()
      void nav.open('pay')
      await expect(nav.openMiniProgram(target, webLink('https://x.test'))).rejects.toEqual(new NavigationError('jumping', '正在跳转'))
    })
  })

  it("calls the hotline, or opens the promotion's customer-service hall", async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    await nav.customerService()
    await nav.customerService({ call_link: '' })
    await nav.customerService({ call_link: 'https://kf.example.com/hall' })
    expect(log).toEqual([
      `call ${HOTLINE}`,
      `call ${HOTLINE}`,
      `navigateTo /pages/jump/webview/index?src=${encodeURIComponent('https://kf.example.com/hall')}`,
    ])
  })
})

describe('page addresses', () => {
  it('encode flat query values and leave out undefined ones', () => {
    expect(withQuery('/pages/a/index', { plate: '京A 1&2', n: 3, ok: true, none: undefined })).toBe(
      `/pages/a/index?plate=${encodeURIComponent('京A 1&2')}&n=3&ok=true`,
    )
    expect(withQuery('/pages/a/index?x=1', { y: '2' })).toBe('/pages/a/index?x=1&y=2')
    expect(withQuery('/pages/a/index')).toBe('/pages/a/index')
  })

  it('find the route of a page path or any of its H5 URLs', () => {
    expect(routeOfPath('pages/apply/pay/index')).toBe('pay')
    expect(routeOfPath('/pages/apply/pay/index?x=1')).toBe('pay')
    expect(routeOfPath('/apply/basic')).toBe('plateEntry')
    expect(routeOfPath('/')).toBe('plateEntry')
    expect(routeOfPath('/no/such/page')).toBeUndefined()
  })
})

describe('payment-app deep link', () => {
  it('carries app id, page and the encoded query', () => {
    const link = paymentAppDeepLink('2021000000000000', 'pages/etc/index', { plate: '京A12345', channel: 'bank' })
    const url = new URL(link)
    expect(url.protocol).toBe('alipays:')
    expect(url.searchParams.get('appId')).toBe('2021000000000000')
    expect(url.searchParams.get('page')).toBe('pages/etc/index')
    expect(parseQuery(url.searchParams.get('query') ?? '')).toEqual({ plate: '京A12345', channel: 'bank' })
  })

  it('leaves out an empty query', () => {
    expect(new URL(paymentAppDeepLink('1', 'p')).searchParams.has('query')).toBe(false)
  })
})

describe('query strings', () => {
  it('round-trips nested values', () => {
    const query = { a: '1', b: { c: '二', d: ['x', 'y'] } }
    expect(parseQuery(`?${stringifyQuery(query)}`)).toEqual(query)
  })

  it(`keeps at most ${QUERY_LIMITS.parameterLimit} parameters`, () => {
    const search = Array.from({ length: QUERY_LIMITS.parameterLimit + 50 }, (_, i) => `p${i}=${i}`).join('&')
    expect(Object.keys(parseQuery(search))).toHaveLength(QUERY_LIMITS.parameterLimit)
  })

  it(`nests at most ${QUERY_LIMITS.depth} levels deep`, () => {
    // Five levels below the top key; the rest stays one literal key instead of nesting further.
    expect(parseQuery('a[b][c][d][e][f][g][h]=1')).toEqual({ a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } })
  })

  it(`reads indexes above ${QUERY_LIMITS.arrayLimit} as keys, not huge arrays`, () => {
    const parsed = parseQuery(`a[${QUERY_LIMITS.arrayLimit + 1}]=x`)
    expect(Array.isArray(parsed.a)).toBe(false)
    expect(parseQuery('a[1]=x').a).toEqual(['x'])
  })
})
