/**
 * The spec's user info carries "accessToken or zsAccessToken" (section 3): a login answer that
 * names its token zsAccessToken logs in like one naming it accessToken, through the bank app's
 * page token, the phone and code, the remembered phone and the promoter account; the session's
 * token is the one the next calls send. An answer with neither token is no login.
 */
import { CHANNELS } from '../../../src/config/channel'
import { grantedToken } from '../../../src/domain/session'
import type { NavigationHost } from '../../../src/platform/navigator'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import type { StringStorage } from '../../../src/platform/secure-storage'
import { MESSAGES, RequestError } from '../../../src/services/request/errors'
import type { TransportRequest, TransportResponse } from '../../../src/services/request/transport'
import { USER_STORAGE, UserStore } from '../../../src/stores/user-store'
import type { AuthApi, TokenAnswer, UserStoreDeps } from '../../../src/stores/user-store'
import { envelope, testWorld } from '../../support/test-services'

const KEY = 'b'.repeat(64)
const BASE = { expireIn: 3600, uid: 'uid-87654321', scope: 'person' } as const
const zsAnswer = (extra: Partial<TokenAnswer> = {}): TokenAnswer => ({ ...BASE, zsAccessToken: 'zs-tok-1', ...extra })

function memoryBackend(): StringStorage {
  const raw = new Map<string, string>()
  return { getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) }
}

function setup(answer: () => TokenAnswer, overrides: Partial<UserStoreDeps> = {}) {
  const api: AuthApi = {
    sendCode: async () => undefined,
    loginByCode: async () => answer(),
    loginByRememberedPhone: async () => answer(),
    loginByPromoterAccount: async () => ({ ...answer(), scope: 'channel' }),
    loginByPageToken: async () => answer(),
    loginByAuthCode: async () => answer(),
    logout: async () => undefined,
  }
  const backend = memoryBackend()
  const deps: UserStoreDeps = {
    api,
    storage: createSecureStorage({ backend, keyHex: KEY, prefix: 'etc_bank_' }),
    channel: CHANNELS.bank,
    now: () => 1_800_000_000_000,
    pageToken: () => 'PAGE-TOKEN',
    ...overrides,
  }
  return { store: new UserStore(deps), deps, backend }
}

describe('the token of a user info', () => {
  it.each([
    ['accessToken', { accessToken: 'a' }, 'a'],
    ['zsAccessToken', { zsAccessToken: 'z' }, 'z'],
    ['accessToken first when both are there', { accessToken: 'a', zsAccessToken: 'z' }, 'a'],
    ['zsAccessToken when accessToken is empty', { accessToken: '', zsAccessToken: 'z' }, 'z'],
    ['none when both are empty', { accessToken: '', zsAccessToken: '' }, undefined],
    ['none without either', {}, undefined],
  ])('%s', (_label, info, token) => {
    expect(grantedToken(info)).toBe(token)
  })
})

describe('a login answering with zsAccessToken', () => {
  it("logs the bank app's page token in, and keeps the token (encrypted) across a reload", async () => {
    const { store, deps } = setup(() => zsAnswer())
    await store.login('person')
    expect([store.isLoggedIn(), store.isPersonal(), store.token(), store.uid()]).toEqual([true, true, 'zs-tok-1', BASE.uid])
    // The session is stored under the app's own name for the token, whatever the answer called it.
    expect(deps.storage.get(USER_STORAGE.session, (value) => value as { accessToken?: string })?.accessToken).toBe('zs-tok-1')
    const reloaded = new UserStore(deps)
    expect(reloaded.token()).toBe('zs-tok-1')
  })

  it('logs in by phone and code', async () => {
    const { store } = setup(() => zsAnswer({ loginTicket: 'ticket-1' }))
    await store.loginWithCode('13800138000', '123456')
    expect(store.token()).toBe('zs-tok-1')
    expect(store.rememberedMobile).toBe('13800138000')
  })

  it('logs in as the channel with the promoter account', async () => {
    const { store } = setup(() => zsAnswer(), { channel: CHANNELS.map, pageToken: () => undefined })
    await store.login('channel')
    expect([store.isLoggedIn(), store.isPersonal(), store.token()]).toEqual([true, false, 'zs-tok-1'])
  })

  it('takes accessToken when an answer has both', async () => {
    const { store } = setup(() => zsAnswer({ accessToken: 'tok-a' }))
    await store.login('person')
    expect(store.token()).toBe('tok-a')
  })

  it('is no login when the answer has neither token: the phone login says the answer was unreadable', async () => {
    const { store } = setup(() => ({ ...BASE }))
    const failure: unknown = await store.loginWithCode('13800138000', '123456').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RequestError)
    expect(failure).toMatchObject({ kind: 'decodeFailure', message: MESSAGES.decodeFailure })
    expect(store.isLoggedIn()).toBe(false)
    expect(store.session).toBeUndefined()
  })

  it('is no login when the answer has neither token: a silent login fails', async () => {
    const { store } = setup(() => ({ ...BASE, accessToken: '' }))
    await expect(store.login('person')).rejects.toThrow(MESSAGES.silentLoginFailed)
    expect(store.isLoggedIn()).toBe(false)
  })
})

describe('through the app services (request client and API)', () => {
  const isTokenCall = (request: TransportRequest): boolean => /\/oauth2\/v2\/oauth2\/[^/]+\/token$/.test(request.url)
  const navigationHost: NavigationHost = {
    navigateTo: async () => undefined,
    redirectTo: async () => undefined,
    reLaunch: async () => undefined,
    navigateBack: async () => undefined,
    stackDepth: () => 1,
    currentPage: () => undefined,
    exitApp: async () => undefined,
    downloadFile: async () => '/tmp/x.pdf',
    openDocument: async () => undefined,
    makePhoneCall: async () => undefined,
    toast: () => undefined,
  }

  it("sends the zsAccessToken a bank page-token login answered with as the next call's Bearer token", async () => {
    const respond = async (request: TransportRequest): Promise<TransportResponse> =>
      isTokenCall(request) ? envelope({ ...BASE, zsAccessToken: 'ZS-secret-1' }) : envelope(null)
    const { services, requests } = testWorld({ navigationHost, launchParams: { token: 'PAGE-TOKEN' }, respond })
    await services.api.catalogue.newApplySwitch()
    expect(requests.map((request) => isTokenCall(request))).toEqual([true, false])
    expect(requests[1]?.header.Authorization).toBe('Bearer ZS-secret-1')
    expect(services.store.user.token()).toBe('ZS-secret-1')
  })
})
