import { HOTLINE, QUERY_LIMITS } from '../../src/domain/constants'
import { NavigationError, createNavigator, paymentAppDeepLink } from '../../src/platform/navigator'
import type { NavigationHost } from '../../src/platform/navigator'
import { parseQuery, stringifyQuery } from '../../src/platform/query'

function fakeHost(options: { depth?: number; current?: string } = {}) {
  const log: string[] = []
  let release: (() => void) | undefined
  let hold = false
  const settleNavigation = (entry: string) => {
    log.push(entry)
    return hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()
  }
  const host: NavigationHost = {
    navigateTo: (url) => settleNavigation(`navigateTo ${url}`),
    redirectTo: (url) => settleNavigation(`redirectTo ${url}`),
    reLaunch: (url) => settleNavigation(`reLaunch ${url}`),
    navigateBack: (delta) => settleNavigation(`navigateBack ${delta}`),
    stackDepth: () => options.depth ?? 2,
    currentPage: () => options.current ?? 'pages/apply/pay/index',
    exitApp: () => settleNavigation('exitApp'),
    downloadFile: async (url) => {
      log.push(`download ${url}`)
      return '/tmp/file.pdf'
    },
    openDocument: async (path) => void log.push(`openDocument ${path}`),
    makePhoneCall: async (phone) => void log.push(`call ${phone}`),
    toast: (message) => void log.push(`toast ${message}`),
  }
  return {
    host,
    log,
    holdNavigations: () => {
      hold = true
    },
    release: () => release?.(),
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

  it('goes back one page, and leaves the app from the entry page or with nothing behind', async () => {
    const inside = fakeHost({ depth: 3 })
    await createNavigator(inside.host, () => undefined).back()
    const entry = fakeHost({ depth: 3, current: 'pages/entry/plate/index' })
    await createNavigator(entry.host, () => undefined).back()
    const alone = fakeHost({ depth: 1 })
    await createNavigator(alone.host, () => undefined).back()
    expect([inside.log, entry.log, alone.log]).toEqual([['navigateBack 1'], ['exitApp'], ['exitApp']])
  })

  it('opens links to pages, web pages and PDFs, and refuses anything else', async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    await nav.openLink({ type: 'page', route: 'orderList' })
    await nav.openLink({ type: 'webview', url: 'https://example.com/a?b=1' })
    await nav.openLink({ type: 'pdf', url: 'https://example.com/contract.pdf' })
    await expect(nav.openLink({ type: 'video', url: 'x' })).rejects.toEqual(new NavigationError('unknownLinkType', '未知类型'))
    await expect(nav.openLink({ type: 'page', route: 'nowhere' })).rejects.toBeInstanceOf(NavigationError)
    expect(log).toEqual([
      'navigateTo /pages/order/order-list/index',
      `navigateTo /pages/jump/webview/index?src=${encodeURIComponent('https://example.com/a?b=1')}`,
      'download https://example.com/contract.pdf',
      'openDocument /tmp/file.pdf',
      'toast 未知类型',
      'toast 未知类型',
    ])
  })

  it("calls the hotline, or opens the promotion's customer-service hall", async () => {
    const { host, log } = fakeHost()
    const nav = createNavigator(host, () => undefined)
    await nav.customerService()
    await nav.customerService({ call_link: null })
    await nav.customerService({ call_link: 'https://kf.example.com/hall' })
    expect(log).toEqual([
      `call ${HOTLINE}`,
      `call ${HOTLINE}`,
      `navigateTo /pages/jump/webview/index?src=${encodeURIComponent('https://kf.example.com/hall')}`,
    ])
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
