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
const grant = (extra: Partial<TokenGrant> = {}): TokenGrant => ({ accessToken: 'tok-1', expireIn: 3600, uid: 'uid-12345678', scope: 'person', ...extra })

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
    loginByPromoterAccount: async () => (calls.push('promoter'), grant({ uid: 'promoter-0001', scope: 'channel' })),
    loginByPageToken: async (token) => (calls.push(`pageToken ${token}`), grant()),
    loginByAuthCode: async (provider, code) => (calls.push(`auth ${provider} ${code}`), grant()),
    logout: async (token) => void calls.push(`logout ${token}`),
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

  it('keeps the next ticket a silent login hands out (a ticket works once), until a day after the SMS login', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    await first.store.loginWithCode('13800138000', '123456')
    first.store.logout()
    const next = setup({}, backend)
    next.deps.api.loginByRememberedPhone = async (mobile, ticket) => (next.calls.push(`remembered ${mobile} ${ticket}`), grant({ loginTicket: 'ticket-2' }))
    next.advance(LOGIN_PHONE_MEMORY_MS / 2)
    await next.store.login()
    next.store.logout()
    const sameDay = setup({}, backend)
    sameDay.advance(LOGIN_PHONE_MEMORY_MS - 1)
    await sameDay.store.login()
    sameDay.store.logout()
    // A day after the SMS login the rotated ticket is not used, though it is younger than a day.
    const later = setup({}, backend)
    later.advance(LOGIN_PHONE_MEMORY_MS)
    await expect(later.store.login()).rejects.toThrow(SILENT_LOGIN_FAILED)
    expect([...next.calls, ...sameDay.calls, ...later.calls]).toEqual(['remembered 13800138000 ticket-1', 'remembered 13800138000 ticket-2'])
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

describe('UserStore scope: the channel login versus a person', () => {
  const refused: AuthorizationAdapter = { provider: 'map', authorize: () => Promise.reject(new Error('请使用真机')) }

  it('keeps the promoter login for channel-level calls: logged in, but not as a person', async () => {
    const { store, calls } = setup({ channel: CHANNELS.map, authorization: refused })
    await store.login()
    expect(calls).toEqual(['promoter'])
    expect([store.isLoggedIn(), store.isPersonal()]).toEqual([true, false])
  })

  it('skips the promoter account when a person is needed, and leaves the login page to take over', async () => {
    const { store, calls } = setup({ channel: CHANNELS.map, authorization: refused })
    await store.login()
    await expect(store.login('person')).rejects.toThrow(SILENT_LOGIN_FAILED)
    expect(calls).toEqual(['promoter'])
    // The channel session stays for the channel-level calls.
    expect([store.isLoggedIn(), store.isPersonal()]).toEqual([true, false])
  })

  it("uses the map channel's personal methods for a person: the authorisation, then the remembered phone", async () => {
    const authorization: AuthorizationAdapter = { provider: 'map', authorize: async () => 'auth-code-1' }
    const authorized = setup({ channel: CHANNELS.map, authorization })
    await authorized.store.login('person')
    expect(authorized.calls).toEqual(['auth map auth-code-1'])
    expect(authorized.store.isPersonal()).toBe(true)

    const backend = memoryBackend()
    const first = setup({ channel: CHANNELS.map, authorization: refused }, backend)
    await first.store.loginWithCode('13800138000', '123456')
    expect(first.store.isPersonal()).toBe(true)
    first.store.logout()
    const next = setup({ channel: CHANNELS.map, authorization: refused }, backend)
    await next.store.login('person')
    expect(next.calls).toEqual(['remembered 13800138000 ticket-1'])
    expect(next.store.isPersonal()).toBe(true)
  })

  it('takes the scope the server grants, and the login method when a grant carries none', async () => {
    const { store, deps } = setup({ pageToken: () => 'from-url' })
    deps.api.loginByPageToken = async () => grant({ scope: 'channel' })
    await store.login('person')
    expect(store.isPersonal()).toBe(false)
    const legacy = setup({ channel: CHANNELS.map, authorization: refused })
    const { scope: _dropped, ...unscoped } = grant({ uid: 'promoter-0001' })
    legacy.deps.api.loginByPromoterAccount = async () => unscoped as TokenGrant
    await legacy.store.login()
    expect(legacy.store.isPersonal()).toBe(false)
  })

  it('redeems the remembered ticket once when the channel and a person log in at the same time, and ends as the person', async () => {
    const backend = memoryBackend()
    const first = setup({ channel: CHANNELS.map, authorization: refused }, backend)
    await first.store.loginWithCode('13800138000', '123456')
    first.store.logout()
    const { store, calls, deps } = setup({ channel: CHANNELS.map, authorization: refused }, backend)
    // The server's tickets work once: a second redemption of the same ticket fails.
    const redeemed = new Set<string>()
    deps.api.loginByRememberedPhone = async (mobile, ticket) => {
      calls.push(`remembered ${mobile} ${ticket}`)
      await Promise.resolve()
      if (redeemed.has(ticket)) throw new Error(MESSAGES.loginRequired)
      redeemed.add(ticket)
      return grant({ loginTicket: `${ticket}-next` })
    }
    const results = await Promise.allSettled([store.login('channel'), store.login('person')])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(calls).toEqual(['remembered 13800138000 ticket-1'])
    expect(store.isPersonal()).toBe(true)
  })

  it('does not let a promoter grant that lands late replace the person who logged in meanwhile', async () => {
    const { store, deps } = setup({ channel: CHANNELS.map, authorization: refused })
    let grantPromoter: ((value: TokenGrant) => void) | undefined
    deps.api.loginByPromoterAccount = () => new Promise<TokenGrant>((resolve) => (grantPromoter = resolve))
    const channelLogin = store.login()
    // The promoter login is under way (the personal methods found nothing) when the SMS login lands.
    while (!grantPromoter) await Promise.resolve()
    await store.loginWithCode('13800138000', '123456')
    grantPromoter(grant({ accessToken: 'promoter-tok', uid: 'promoter-0001', scope: 'channel' }))
    await channelLogin
    expect([store.isPersonal(), store.token(), store.uid()]).toEqual([true, 'tok-1', 'uid-12345678'])
    expect(deps.storage.get(USER_STORAGE.session, (value) => value)).toMatchObject({ accessToken: 'tok-1', scope: 'person' })
  })

  it('lets a person grant replace the channel session', async () => {
    const { store, deps } = setup({ channel: CHANNELS.map, authorization: refused })
    await store.login()
    expect(store.isPersonal()).toBe(false)
    deps.api.loginByCode = async () => grant({ accessToken: 'tok-person' })
    await store.loginWithCode('13800138000', '123456')
    expect([store.isPersonal(), store.token()]).toEqual([true, 'tok-person'])
  })

  it('does not trust a stored session without a scope to be a person', () => {
    const backend = memoryBackend()
    const { deps } = setup({}, backend)
    deps.storage.set(USER_STORAGE.session, { accessToken: 'old', expiresAt: deps.now() + 1000, uid: 'uid-old' })
    const reloaded = setup({}, backend)
    expect([reloaded.store.isLoggedIn(), reloaded.store.isPersonal()]).toEqual([true, false])
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

describe('UserStore logout on the server (issue 12)', () => {
  it('signOut ends the session on the server with its token, and forgets the session and the remembered phone', async () => {
    const backend = memoryBackend()
    const { store, calls, logouts, deps } = setup({}, backend)
    await store.loginWithCode('13800138000', '123456')
    await store.signOut()
    expect(calls).toEqual(['code 13800138000 123456', 'logout tok-1'])
    expect([store.isLoggedIn(), store.rememberedMobile, logouts]).toEqual([false, undefined, ['logout']])
    expect(deps.storage.get(USER_STORAGE.session, (value) => value)).toBeUndefined()
  })

  it('ends the local session even when the server cannot be reached (offline)', async () => {
    const { store, deps } = setup()
    await store.loginWithCode('13800138000', '123456')
    deps.api.logout = () => Promise.reject(new Error('网络错误，请检查网络后重试'))
    await expect(store.signOut()).resolves.toBeUndefined()
    expect(store.isLoggedIn()).toBe(false)
    expect(store.rememberedMobile).toBeUndefined()
  })

  it('asks nothing of the server without a session', async () => {
    const { store, calls } = setup()
    await store.signOut()
    expect(calls).toEqual([])
  })

  it('logs the previous account out on the server when another phone logs in', async () => {
    const { store, calls, deps } = setup()
    await store.loginWithCode('13800138000', '123456')
    deps.api.loginByCode = async (mobile, code) => (calls.push(`code ${mobile} ${code}`), grant({ accessToken: 'tok-2', uid: 'uid-other001', loginTicket: 'ticket-2' }))
    await store.loginWithCode('13900139000', '654321')
    expect(calls).toEqual(['code 13800138000 123456', 'code 13900139000 654321', 'logout tok-1'])
    expect([store.token(), store.uid(), store.rememberedMobile]).toEqual(['tok-2', 'uid-other001', '13900139000'])
  })

  it('switches accounts even when the old session cannot be ended (offline)', async () => {
    const { store, deps } = setup()
    await store.loginWithCode('13800138000', '123456')
    deps.api.logout = () => Promise.reject(new Error('网络错误'))
    deps.api.loginByCode = async () => grant({ accessToken: 'tok-2' })
    await store.loginWithCode('13900139000', '654321')
    expect(store.token()).toBe('tok-2')
  })

  it('does not log out when the same phone logs in again, nor a failed login of another phone', async () => {
    const { store, calls, deps } = setup()
    await store.loginWithCode('13800138000', '123456')
    await store.loginWithCode('13800138000', '111111')
    deps.api.loginByCode = () => Promise.reject(new Error('验证码错误'))
    await expect(store.loginWithCode('13900139000', '654321')).rejects.toThrow('验证码错误')
    expect(calls.filter((call) => call.startsWith('logout'))).toEqual([])
    expect(store.token()).toBe('tok-1')
  })

  it('knows the phone of a remembered-phone login, so a later switch logs it out', async () => {
    const backend = memoryBackend()
    const first = setup({}, backend)
    await first.store.loginWithCode('13800138000', '123456')
    first.store.logout()
    const { store, calls, deps } = setup({}, backend)
    await store.login('person')
    deps.api.loginByCode = async () => grant({ accessToken: 'tok-2' })
    await store.loginWithCode('13900139000', '654321')
    expect(calls).toEqual(['remembered 13800138000 ticket-1', 'logout tok-1'])
  })
})
