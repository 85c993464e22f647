/**
 * The composition root wired over a fake outside world: the user store is the client's session,
 * logout resets the client, storage is encrypted under the persisted-state prefix, the tracker
 * posts its batches through the client under a signed visit, the navigator carries the launch
 * click id.
 */
import { CHANNELS } from '../../../src/config/channel'
import { LANDINGS, LANDING_APPLY_TARGET } from '../../../src/config/landings'
import { APP_VERSION, PERSISTED_STATE_PREFIX, TRACKING_FLUSH_MS } from '../../../src/domain/constants'
import { TRACKING_APP_NAME } from '../../../src/app/create-app-services'
import type { NavigationHost } from '../../../src/platform/navigator'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { TRACK_UID_PATTERN } from '../../../src/platform/tracking-uid'
import { VISITOR_ID_PATTERN } from '../../../types/api/tracking'
import type { TrackingVisitRequest } from '../../../types/api/tracking'
import { USER_STORAGE } from '../../../src/stores/user-store'
import type { TransportRequest, TransportResponse } from '../../../src/services/request/transport'
import { deferred, settle } from '../services/fakes'
import { TEST_BASE_URL, TEST_KEY_HEX, envelope, isTrackingVisitCall, testWorld, trackingVisitOf } from '../../support/test-services'
import type { TestWorldOptions } from '../../support/test-services'

const GRANT = { accessToken: 'AT-secret-1', expireIn: 3600, uid: 'uid-0001', scope: 'person' }
const TOKEN_PATH = `/oauth2/v2/oauth2/${CHANNELS.bank.channelId}/token`
const isTokenCall = (request: TransportRequest): boolean => /\/oauth2\/v2\/oauth2\/[^/]+\/token$/.test(request.url)

function recordingHost() {
  const log: string[] = []
  const host: NavigationHost = {
    navigateTo: async (url) => void log.push(`navigateTo ${url}`),
    redirectTo: async (url) => void log.push(`redirectTo ${url}`),
    reLaunch: async (url) => void log.push(`reLaunch ${url}`),
    navigateBack: async (delta) => void log.push(`navigateBack ${delta}`),
    stackDepth: () => 2,
    currentPage: () => ({ path: 'pages/apply/pay/index', query: {} }),
    exitApp: async () => void log.push('exitApp'),
    downloadFile: async () => '/tmp/x.pdf',
    openDocument: async () => undefined,
    makePhoneCall: async () => undefined,
    toast: (message) => void log.push(`toast ${message}`),
  }
  return { host, log }
}

/** A backend that grants a token for the page token, a visit for a visit, and answers everything else with `data`. */
const backend =
  (data: unknown = null) =>
  async (request: TransportRequest): Promise<TransportResponse> =>
    isTokenCall(request) ? envelope(GRANT) : isTrackingVisitCall(request) ? envelope(trackingVisitOf(request)) : envelope(data)

function world(options: Partial<TestWorldOptions> = {}) {
  const { host, log } = recordingHost()
  const w = testWorld({ navigationHost: host, launchParams: { token: 'PAGE-TOKEN', bd_vid: 'CLICK-7' }, respond: backend(), ...options })
  return { ...w, navigation: log }
}

const pathOf = (request: TransportRequest): string => request.url.slice(TEST_BASE_URL.length).split('?')[0] ?? ''

describe('app services', () => {
  it('log in through the user store (the client session) before a call that needs it, then send its token', async () => {
    const { services, requests } = world()
    expect(services.store.user.isLoggedIn()).toBe(false)
    await services.api.catalogue.newApplySwitch()
    expect(requests.map((r) => `${r.method} ${pathOf(r)}`)).toEqual([`POST ${TOKEN_PATH}`, 'GET /order/v1/restNewApplySwitch'])
    expect(requests[0]?.url.startsWith(TEST_BASE_URL)).toBe(true)
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ grantType: 'pageToken', token: 'PAGE-TOKEN' })
    expect(requests[1]?.header.Authorization).toBe(`Bearer ${GRANT.accessToken}`)
    expect(services.store.user.isLoggedIn()).toBe(true)
    expect(services.store.user.nickname).toBe('用户0001')
  })

  it('hand out the API as plain objects: a namespace spreads into functions that call the server', async () => {
    const { services, requests } = world()
    const catalogue = { ...services.api.catalogue }
    expect(typeof catalogue.newApplySwitch).toBe('function')
    expect(Object.keys({ ...services.api.orders })).toEqual(expect.arrayContaining(['currentProcessByPlate', 'searchOrders']))
    await catalogue.newApplySwitch()
    expect(requests.map((r) => `${r.method} ${pathOf(r)}`)).toEqual([`POST ${TOKEN_PATH}`, 'GET /order/v1/restNewApplySwitch'])
  })

  it('read a stored session of another shape as none, and drop it', () => {
    const raw = new Map<string, string>()
    const sealed = createSecureStorage({
      backend: { getString: (key) => raw.get(key), setString: (key, value) => void raw.set(key, value), remove: (key) => void raw.delete(key) },
      keyHex: TEST_KEY_HEX,
      prefix: `${PERSISTED_STATE_PREFIX}${CHANNELS.bank.storagePrefix}`,
    })
    // An access token that is a number, as no version of the app wrote it.
    sealed.set(USER_STORAGE.session, { accessToken: 42, expiresAt: Number.MAX_SAFE_INTEGER, uid: GRANT.uid, scope: 'person' })
    expect(raw.size).toBe(1)
    const { services } = world({ raw, launchParams: {} })
    expect([services.store.user.isLoggedIn(), services.store.user.session]).toEqual([false, undefined])
    expect(raw.size).toBe(0)
  })

  it('fill {channel} and {uid} of a path from the channel profile and the session', async () => {
    const { services, requests } = world()
    await services.api.orders.currentProcessByUid()
    expect(pathOf(requests[1]!)).toBe(`/order/v1/${CHANNELS.bank.channelId}/orders/user/h5/${GRANT.uid}/handleProcess`)
  })

  it('forget shared calls on logout: the same call afterwards goes out again', async () => {
    const held = deferred<TransportResponse>()
    const { services, requests, respondWith } = world()
    await services.store.user.login()
    respondWith((request) => (request.url.endsWith(TOKEN_PATH) ? Promise.resolve(envelope(GRANT)) : held.promise))
    const first = services.api.catalogue.newApplySwitch()
    await settle()
    const shared = services.api.catalogue.newApplySwitch()
    await settle()
    const gets = () => requests.filter((r) => r.method === 'GET').length
    // An identical call while the first runs shares its request...
    expect(gets()).toBe(1)
    services.store.user.logout()
    const afterLogout = services.api.catalogue.newApplySwitch()
    await settle(30)
    // ...but not after a logout, even for the same user logging in again.
    expect(gets()).toBe(2)
    held.resolve(envelope(true))
    await expect(Promise.all([first, shared, afterLogout])).resolves.toEqual([true, true, true])
  })

  it('keep the session only encrypted, under the persisted-state prefix, and restore it after a reload', async () => {
    const first = world()
    await first.services.store.user.login()
    const keys = [...first.raw.keys()]
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key.startsWith(`${PERSISTED_STATE_PREFIX}${CHANNELS.bank.storagePrefix}`)).toBe(true)
    const dump = [...first.raw.values()].join('\n')
    expect(dump).not.toContain(GRANT.accessToken)
    expect(dump).not.toContain(GRANT.uid)
    const reloaded = world({ raw: first.raw, launchParams: {} })
    expect(reloaded.services.store.user.isLoggedIn()).toBe(true)
    expect(reloaded.services.store.user.token()).toBe(GRANT.accessToken)
  })

  it('post tracked events after the flush delay with the spec header, without logging in', async () => {
    const { services, requests, advance } = world()
    services.tracker.pageView('/apply/basic')
    advance(TRACKING_FLUSH_MS - 1)
    await settle()
    expect(requests).toHaveLength(0)
    advance(1)
    await settle(30)
    expect(requests.map((r) => `${r.method} ${pathOf(r)}`)).toEqual(['POST /log/v1/visit', 'POST /log/v1/events'])
    const [visit, batch] = requests
    // The device proves itself with its trackuid; the visit binds its device info and click id.
    expect(JSON.parse(visit?.body ?? '{}')).toEqual({ trackuid: expect.stringMatching(TRACK_UID_PATTERN), device_info: 'test-device', bd_vid: 'CLICK-7' })
    expect(visit?.header.Authorization).toBeUndefined()
    expect(batch?.header).toMatchObject({
      app: TRACKING_APP_NAME,
      app_id: CHANNELS.bank.trackingId,
      // Not logged in: the visit's anonymous visitor id where the uid goes.
      uid: expect.stringMatching(VISITOR_ID_PATTERN),
      device_info: 'test-device',
      app_version: APP_VERSION,
      visit_token: 'visit:test-device:CLICK-7',
    })
    expect(batch?.header.trace_id).toEqual(expect.any(String))
    expect(batch?.header.Authorization).toBeUndefined()
    expect(JSON.parse(batch?.body ?? '{}').events).toEqual([expect.objectContaining({ type: 'pageView', page: '/apply/basic', bd_vid: 'CLICK-7' })])
  })

  it("send the logged-in user's uid with tracked events, and a new trace id per batch", async () => {
    const { services, requests, advance } = world()
    await services.store.user.login()
    services.tracker.click('/apply/pay', 'pay-button')
    await services.tracker.flush()
    advance(1)
    services.tracker.click('/apply/pay', 'pay-button')
    await services.tracker.flush()
    const batches = requests.filter((r) => pathOf(r) === '/log/v1/events')
    expect(batches.map((b) => b.header.uid)).toEqual([GRANT.uid, GRANT.uid])
    expect(batches[0]?.header.trace_id).not.toBe(batches[1]?.header.trace_id)
  })

  describe('the anonymous visitor id', () => {
    const trackedUids = async (services: ReturnType<typeof world>['services'], requests: TransportRequest[]) => {
      services.tracker.pageView('/apply/basic')
      await services.tracker.flush()
      return requests.filter((r) => pathOf(r) === '/log/v1/events').map((r) => r.header.uid)
    }

    it("stands where the uid goes before login, the same across a reload, and the device's trackuid is kept only encrypted", async () => {
      const first = world({ launchParams: {} })
      const [before] = await trackedUids(first.services, first.requests)
      expect(before).toMatch(VISITOR_ID_PATTERN)
      expect(before).not.toBe(GRANT.uid)
      const { trackuid } = JSON.parse(first.requests.find(isTrackingVisitCall)?.body ?? '{}') as TrackingVisitRequest
      expect(trackuid).toMatch(TRACK_UID_PATTERN)
      expect([...first.raw.values()].join('\n')).not.toContain(trackuid)
      for (const key of first.raw.keys()) expect(key.startsWith(`${PERSISTED_STATE_PREFIX}${CHANNELS.bank.storagePrefix}`)).toBe(true)

      const reloaded = world({ raw: first.raw, launchParams: {} })
      expect(await trackedUids(reloaded.services, reloaded.requests)).toEqual([before])
    })

    it("gives way to the person's uid after login, and comes back after logout", async () => {
      const { services, requests } = world()
      const [anonymous] = await trackedUids(services, requests)
      await services.store.user.login()
      expect((await trackedUids(services, requests)).at(-1)).toBe(GRANT.uid)
      services.store.user.logout()
      expect((await trackedUids(services, requests)).at(-1)).toBe(anonymous)
    })

    it('differs between devices, and is made anew once the app\'s data is cleared', async () => {
      const first = world({ launchParams: {} })
      const other = world({ launchParams: {} })
      const [one] = await trackedUids(first.services, first.requests)
      const [two] = await trackedUids(other.services, other.requests)
      expect(one).not.toBe(two)
      first.raw.clear()
      expect((await trackedUids(first.services, first.requests)).at(-1)).not.toBe(one)
    })
  })

  it('carry the click id the app was opened with into every navigation', async () => {
    const { services, navigation } = world()
    await services.navigator.open('upinfo')
    expect(navigation).toEqual(['navigateTo /pages/apply/upinfo/index?bd_vid=CLICK-7'])
  })

  it('take the promotion ids of the address the app was opened with, and keep the click id for the visit', async () => {
    const first = world({ launchParams: { promotionChannelId: 'PC_AD', partnerId: 'P1', promoterId: 'Q1', bd_vid: 'CLICK-8' } })
    expect(first.services.store.promotion.arrival).toMatchObject({ ids: { promotionChannelId: 'PC_AD', partnerId: 'P1', promoterId: 'Q1' }, source: 'address', status: 'pending' })
    // A reload whose address lost them (the cashier's return) keeps the visit's.
    const reloaded = world({ raw: first.raw, launchParams: {} })
    expect(reloaded.services.store.promotion.arrival?.ids.promotionChannelId).toBe('PC_AD')
    await reloaded.services.navigator.open('upinfo')
    expect(reloaded.navigation).toEqual(['navigateTo /pages/apply/upinfo/index?bd_vid=CLICK-8'])
  })

  it('answer an expired login with one dialog, a new login and a page reload', async () => {
    const { services, requests, respondWith, ui } = world()
    await services.store.user.login()
    let expired = true
    respondWith(async (request) => {
      if (request.url.endsWith(TOKEN_PATH)) return envelope(GRANT)
      if (expired) {
        expired = false
        return { statusCode: 401, data: null, header: {} }
      }
      return envelope(null)
    })
    await expect(services.api.catalogue.newApplySwitch()).rejects.toMatchObject({ kind: 'unauthorized' })
    await settle(30)
    expect(ui.alerts).toBe(1)
    expect(ui.reloads).toBe(1)
    expect(requests.filter((r) => r.url.endsWith(TOKEN_PATH))).toHaveLength(2)
    expect(services.store.user.isLoggedIn()).toBe(true)
  })

  it('log in with the WeChat login code in the map channel of the WeChat mini-program', async () => {
    const { services, requests } = world({
      channel: CHANNELS.map,
      target: 'weapp',
      launchParams: {},
      authorization: { login: async () => ({ code: 'WX-CODE' }), queryParam: () => undefined },
    })
    await services.store.user.login()
    expect(requests.map(pathOf)).toEqual([`/oauth2/v2/oauth2/${CHANNELS.map.channelId}/token`])
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ grantType: 'authCode', provider: 'wechat', code: 'WX-CODE' })
  })

  it.each([
    ['weapp', { code: 'WX-CODE' }, 'wechat', 'WX-CODE'],
    ['alipay', { authCode: 'ALI-CODE' }, 'alipay', 'ALI-CODE'],
  ] as const)('log in a bank-channel %s user with the platform code, never with a page token', async (target, answer, provider, code) => {
    const { services, requests } = world({
      target,
      // A page token in the launch query must not count in a mini-program.
      launchParams: { token: 'PAGE-TOKEN' },
      authorization: { login: async () => answer, queryParam: () => undefined },
    })
    await services.store.user.login('person')
    expect(requests.map(pathOf)).toEqual([`/oauth2/v2/oauth2/${CHANNELS.bank.channelId}/token`])
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ grantType: 'authCode', provider, code })
    expect(services.store.user.isPersonal()).toBe(true)
  })

  it('send a bank-channel mini-program user the platform cannot log in to the phone login, not to a bank login', async () => {
    const { services, requests } = world({
      target: 'weapp',
      launchParams: { token: 'PAGE-TOKEN' },
      authorization: { login: () => Promise.reject(new Error('login:fail')), queryParam: () => undefined },
    })
    await expect(services.store.user.login('person')).rejects.toThrow()
    expect(requests.filter((request) => JSON.parse(request.body ?? '{}').grantType === 'pageToken')).toEqual([])
  })

  it("log in with the map app's code from the page address in the map channel on H5", async () => {
    const { services, requests } = world({
      channel: CHANNELS.map,
      launchParams: {},
      authorization: { login: () => Promise.reject(new Error('not on H5')), queryParam: (name) => (name === 'authCode' ? 'MAP-CODE' : undefined) },
    })
    await services.store.user.login()
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ grantType: 'authCode', provider: 'map', code: 'MAP-CODE' })
  })

  describe("a landing page's call to action tapped on index.html's copy before the app came", () => {
    const eventsOf = (requests: TransportRequest[]) =>
      requests.filter((r) => pathOf(r) === '/log/v1/events').flatMap((r) => (JSON.parse(r.body ?? '{}') as { events: Record<string, unknown>[] }).events)

    it("offers the page's promotion for the channel and tracks the click on the landing page", async () => {
      const { services, requests } = world({ earlyLandingTap: 'baiduLand', launchParams: { bd_vid: 'CLICK-7' } })
      expect(services.store.promotion.arrival).toMatchObject({ ids: LANDINGS.baiduLand.promotion.bank, source: 'landing', status: 'pending' })
      await services.tracker.flush()
      expect(eventsOf(requests)).toEqual([expect.objectContaining({ type: 'click', page: '/apply/baidu-land', target: LANDING_APPLY_TARGET, bd_vid: 'CLICK-7' })])
    })

    it("lets the address's own promotion win, and offers the map channel's page promotion there", () => {
      const address = { promotionChannelId: 'PROMO-ADDRESS' }
      expect(world({ earlyLandingTap: 'baiduLand', launchParams: address }).services.store.promotion.arrival).toMatchObject({ ids: address, source: 'address' })
      const map = world({ channel: CHANNELS.map, earlyLandingTap: 'baidu2Land', launchParams: {} })
      expect(map.services.store.promotion.arrival).toMatchObject({ ids: LANDINGS.baidu2Land.promotion.map, source: 'landing' })
    })

    it('offers nothing for a page without a promotion of its own, and does nothing without a tap', async () => {
      const land = world({ earlyLandingTap: 'land', launchParams: {} })
      expect(land.services.store.promotion.arrival).toBeUndefined()
      const none = world({ launchParams: {} })
      await none.services.tracker.flush()
      expect(none.services.store.promotion.arrival).toBeUndefined()
      expect(eventsOf(none.requests)).toEqual([])
    })
  })
})
