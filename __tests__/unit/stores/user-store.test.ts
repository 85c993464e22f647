import { CHANNELS } from '../../../src/config/channel'
import { LOGIN_PHONE_MEMORY_MS } from '../../../src/domain/constants'
import { LOGIN_REASON } from '../../../src/domain/verify-code'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import type { StringStorage } from '../../../src/platform/secure-storage'
import { LOGIN_PROMPT, MOBILE_REASON } from '../../../src/domain'
import { MESSAGES } from '../../../src/services/request/errors'
import { USER_STORAGE, UserStore } from '../../../src/stores/user-store'

const SILENT_LOGIN_FAILED = MESSAGES.silentLoginFailed
import type { AuthorizationAdapter } from '../../../src/platform/authorization'
import type { AuthApi, TokenGrant, UserStoreDeps } from '../../../src/stores/user-store'

const KEY = 'a'.repeat(64)
const grant = (extra: Partial<TokenGrant> = {}): TokenGrant => ({ accessToken: 'tok-1', expireIn: 3600, uid: 'uid-12345678', ...extra })

function memoryBackend(): StringStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>()
  return { raw, getString: (k) => raw.get(k), setString: (k, v) => void raw.set(k, v), remove: (k) => void raw.delete(k) }
}

function setup(overrides: Partial<UserStoreDeps> = {}, backend = memoryBackend()) {
  const calls: string[] = []
  const api: AuthApi = {
    sendCode: async (mobile) => void calls.push(`sendCode ${mobile}`),
    loginByCode: async (mobile, code) => (calls.push(`code ${mobile} ${code}`), grant({ loginTicket: 'ticket-1' })),
    loginByRememberedPhone: async (mobile, ticket) => (calls.push(`remembered ${mobile} ${ticket}`), grant()),
    loginByPromoterAccount: async () => (calls.push('promoter'), grant({ uid: 'promoter-0001' })),
    loginByPageToken: async (token) => (calls.push(`pageToken ${token}`), grant()),
    loginByAuthCode: async (provider, code) => (calls.push(`auth ${provider} ${code}`), grant()),
  }
  let now = 1_800_000_000_000
  const logouts: string[] = []
  const deps: UserStoreDeps = {
    api,
    storage: createSecureStorage({ backend, keyHex: KEY, prefix: 'etc_bank_' }),
    channel: CHANNELS.bank,
    now: () => now,
    pageToken: () => undefined,
    onLogout: () => void logouts.push('logout'),
    ...overrides,
  }
  return { store: new UserStore(deps), calls, backend, logouts, deps, advance: (ms: number) => (now += ms) }
}

describe('UserStore session', () => {
  it('starts logged out, with the login prompt as nickname', () => {
    const { store } = setup()
    expect([store.isLoggedIn(), store.token(), store.uid(), store.nickname]).toEqual([false, undefined, undefined, LOGIN_PROMPT])
  })

  it('logs in by phone and code, and names the user "用户" + the last 4 of the uid', async () => {
    const { store, calls } = setup()
    await store.loginWithCode(' 13800138000 ', '123456')
    expect(calls).toEqual(['code 13800138000 123456'])
    expect([store.isLoggedIn(), store.token(), store.uid(), store.nickname]).toEqual([true, 'tok-1', 'uid-12345678', '用户5678'])
  })

  it("prefers the user's own nickname", async () => {
    const { store, deps } = setup()
    deps.api.loginByCode = async () => grant({ nickname: '小王' })
    await store.loginWithCode('13800138000', '123456')
    expect(store.nickname).toBe('小王')
  })

  it('refuses phone login without mobile or code, and sending a code without a mobile', async () => {
    const { store, calls } = setup()
    await expect(store.loginWithCode('13800138000', '')).rejects.toThrow(LOGIN_REASON.missingMobileOrCode)
    await expect(store.sendCode('')).rejects.toThrow(MOBILE_REASON.empty)
    await expect(store.sendCode('12800138000')).rejects.toThrow(MOBILE_REASON.prefix)
    expect(calls).toEqual([])
  })

  it('expires with its token', async () => {
    const { store, advance } = setup()
    await store.loginWithCode('13800138000', '123456')
    advance(3600 * 1000 - 1)
    expect(store.isLoggedIn()).toBe(true)
    advance(1)
    expect([store.isLoggedIn(), store.token()]).toEqual([false, undefined])
  })

  it('needs a uid as well in the bank app, but not for other channels', async () => {
    const bank = setup()
    bank.deps.api.loginByCode = async () => grant({ uid: '' })
    await bank.store.loginWithCode('13800138000', '123456')
    expect(bank.store.isLoggedIn()).toBe(false)
    const map = setup({ channel: CHANNELS.map })
    map.deps.api.loginByPromoterAccount = async () => grant({ uid: '' })
    await map.store.login()
    expect(map.store.isLoggedIn()).toBe(true)
  })

  it('survives a reload through encrypted storage, and forgets it on logout', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    await first.store.loginWithCode('13800138000', '123456')
    expect([...backend.raw.values()].join()).not.toContain('tok-1')
    const reloaded = setup({}, backend)
    expect(reloaded.store.token()).toBe('tok-1')
    reloaded.store.logout()
    expect(reloaded.logouts).toEqual(['logout'])
    expect(setup({}, backend).store.isLoggedIn()).toBe(false)
  })
})

describe('UserStore silent login', () => {
  it('uses the token passed in the page address first (bank app)', async () => {
    const { store, calls } = setup({ pageToken: () => 'from-url' })
    await store.login()
    expect(calls).toEqual(['pageToken from-url'])
    expect(store.isLoggedIn()).toBe(true)
  })

  it('logs in silently with a phone remembered for one day, not longer', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    expect(first.store.rememberedMobile).toBeUndefined()
    await first.store.loginWithCode('13800138000', '123456')
    first.store.logout()
    const next = setup({}, backend)
    expect(next.store.rememberedMobile).toBe('13800138000')
    await next.store.login()
    expect(next.calls).toEqual(['remembered 13800138000 ticket-1'])
    next.store.logout()
    const later = setup({}, backend)
    later.advance(LOGIN_PHONE_MEMORY_MS)
    await expect(later.store.login()).rejects.toThrow(SILENT_LOGIN_FAILED)
    expect(later.calls).toEqual([])
  })

  it('remembers no phone when the login gave no ticket', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    first.deps.api.loginByCode = async () => grant()
    await first.store.loginWithCode('13800138000', '123456')
    first.store.logout()
    const next = setup({}, backend)
    await expect(next.store.login()).rejects.toThrow(SILENT_LOGIN_FAILED)
    expect(next.calls).toEqual([])
  })

  it('fails silent login in the bank app when there is no token and no remembered phone (the login page takes over)', async () => {
    const { store } = setup()
    await expect(store.login()).rejects.toThrow(SILENT_LOGIN_FAILED)
  })

  it('uses the map authorisation, then the promoter account, on the map channel', async () => {
    const authorization: AuthorizationAdapter = { provider: 'map', authorize: async () => 'auth-code-1' }
    const authorized = setup({ channel: CHANNELS.map, authorization })
    await authorized.store.login()
    expect(authorized.calls).toEqual(['auth map auth-code-1'])
    const refused: AuthorizationAdapter = { provider: 'alipay', authorize: () => Promise.reject(new Error('请使用真机')) }
    const fallback = setup({ channel: CHANNELS.map, authorization: refused })
    await fallback.store.login()
    expect(fallback.calls).toEqual(['promoter'])
  })

  it('falls through to the next method when one fails, and keeps the last failure as the cause', async () => {
    const { store, deps, calls } = setup({ pageToken: () => 'stale' })
    deps.api.loginByPageToken = () => Promise.reject(new Error('token invalid'))
    deps.api.loginByRememberedPhone = async () => grant()
    deps.storage.set(USER_STORAGE.phone, { mobile: '13800138000', until: deps.now() + 1000, ticket: 't' })
    await store.login()
    expect(store.isLoggedIn()).toBe(true)
    expect(calls).toEqual([])
    const failing = setup({ pageToken: () => 'stale' })
    failing.deps.api.loginByPageToken = () => Promise.reject(new Error('token invalid'))
    await expect(failing.store.login()).rejects.toMatchObject({ message: SILENT_LOGIN_FAILED, cause: new Error('token invalid') })
  })
})

describe('UserStore verification code', () => {
  it('records when the code was sent, in storage, so the countdown survives a reload', async () => {
    const backend = memoryBackend()
    const { store, calls, deps } = setup({}, backend)
    await store.sendCode('13800138000')
    expect(calls).toEqual(['sendCode 13800138000'])
    expect(store.codeSentAt).toBe(deps.now())
    expect(setup({}, backend).store.codeSentAt).toBe(deps.now())
  })

  it('does not start the countdown when sending fails', async () => {
    const { store, deps } = setup()
    deps.api.sendCode = () => Promise.reject(new Error('发送过于频繁'))
    await expect(store.sendCode('13800138000')).rejects.toThrow('发送过于频繁')
    expect(store.codeSentAt).toBeUndefined()
  })
})
