/**
 * The user's session: who is logged in, until when, and how to log in. It is the request
 * client's Session: calls ask it for the token and uid, and ask it to log in silently when a call
 * needs a login. The session survives a reload through encrypted storage only.
 *
 * A session has a scope: the channel's promoter account identifies the channel, not a person, and
 * is enough for channel-level calls only; a call that needs a person logs in by the channel's
 * personal methods (page token, remembered phone, platform authorisation), else the login page.
 */
import { makeAutoObservable } from 'mobx'
import { LOGIN_PHONE_MEMORY_MS } from '../domain/constants'
import { displayName, grantedToken, isSessionValid } from '../domain/session'
import { checkPhoneLogin } from '../domain/verify-code'
import { sessionNeedsUid } from '../config/channel'
import type { ChannelProfile, LoginMethod } from '../config/channel'
import type { AuthorizationAdapter } from '../platform/authorization'
import { fields, isNumber, isString, oneOf, optional, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'
import { DECODE_FAILURE_CLIENT_CODE, MESSAGES, RequestError } from '../services/request/errors'
import { createLoginFlight } from '../services/request/login-flight'
import type { Session } from '../services/request/transport'
import type { AuthCodeProvider, SessionScope, TokenAnswer, TokenGrant } from '../../types/api/auth'
import type { AnswerOf } from './contract'
import { SentCode } from './sent-code'

export type { TokenAnswer, TokenGrant }

/** The login calls, handed in by the RootStore (the services' API functions, or fakes). */
export interface AuthApi {
  sendCode(mobile: string): Promise<void>
  loginByCode(mobile: string, code: string): AnswerOf<'token'>
  /** Silent login with a phone remembered from an earlier login, and the ticket it was given. */
  loginByRememberedPhone(mobile: string, loginTicket: string): AnswerOf<'token'>
  loginByPromoterAccount(): AnswerOf<'promoterLogin'>
  loginByPageToken(token: string): AnswerOf<'token'>
  loginByAuthCode(provider: AuthCodeProvider, code: string): AnswerOf<'token'>
  /** Ends the session of `accessToken` on the server and its user's remembered-phone tickets. */
  logout(accessToken: string): Promise<void>
}

export interface StoredSession {
  accessToken: string
  expiresAt: number
  uid: string
  /** The phone an SMS or remembered-phone login proved: logging in as another one switches accounts. */
  mobile?: string
  /** Absent in sessions stored before scopes existed: treated as the channel's, never a person's. */
  scope?: SessionScope
  aliUid?: string
  nickname?: string
  avatar?: string
}

interface RememberedPhone {
  mobile: string
  until: number
  /** The server's ticket for this phone's silent login. */
  ticket: string
}

const STORED_SESSION = schema(
  fields<StoredSession>({
    accessToken: isString,
    expiresAt: isNumber,
    uid: isString,
    mobile: optional(isString),
    scope: optional(oneOf('channel', 'person')),
    aliUid: optional(isString),
    nickname: optional(isString),
    avatar: optional(isString),
  }),
)
const REMEMBERED_PHONE = schema(fields<RememberedPhone>({ mobile: isString, until: isNumber, ticket: isString }))

export const USER_STORAGE = { session: 'session', phone: 'loginPhone', codeSentAt: 'codeSentAt' } as const
const MS_PER_SECOND = 1000

export interface UserStoreDeps {
  api: AuthApi
  storage: SecureStorage
  channel: ChannelProfile
  /** The login methods tried in order; the channel's (its H5 ones) unless the build says otherwise. */
  loginMethods?: readonly LoginMethod[]
  now(): number
  /** A token passed in the page address (bank apps), if any. */
  pageToken(): string | undefined
  authorization?: AuthorizationAdapter
  /** Called on logout so shared calls and the pending login are forgotten. */
  onLogout?: () => void
}

/** The login method that identifies the channel, not a person. */
const CHANNEL_LOGIN_METHOD: LoginMethod = 'promoterAccount'

export class UserStore implements Session {
  session: StoredSession | undefined
  private readonly sentCode: SentCode
  /**
   * The request client is not the only one to log in (the home and order-list redirect pages do
   * too): every silent login goes through this one flight, so a remembered phone's ticket, which
   * works once, is never redeemed twice at the same time.
   */
  private readonly flight = createLoginFlight(
    (scope) => (scope === 'person' ? this.isPersonal() : this.isLoggedIn()),
    (scope) => this.loginSilently(scope),
  )

  constructor(private readonly deps: UserStoreDeps) {
    this.session = deps.storage.get(USER_STORAGE.session, STORED_SESSION)
    this.sentCode = new SentCode(deps.storage, USER_STORAGE.codeSentAt, deps.now)
    makeAutoObservable<UserStore, 'deps' | 'flight' | 'sentCode'>(this, { deps: false, flight: false, sentCode: false })
  }

  /** When the last login code was sent: the code button counts down from it. */
  get codeSentAt(): number | undefined {
    return this.sentCode.at
  }

  private get loginMethods(): readonly LoginMethod[] {
    return this.deps.loginMethods ?? this.deps.channel.loginMethods
  }

  get isValid(): boolean {
    return isSessionValid(this.session, this.deps.now(), sessionNeedsUid(this.loginMethods))
  }

  get nickname(): string {
    return displayName(this.isValid ? this.session : undefined)
  }

  /** The phone this device last logged in with, to fill in on the login page. */
  get rememberedMobile(): string | undefined {
    return this.deps.storage.get(USER_STORAGE.phone, REMEMBERED_PHONE)?.mobile
  }

  // ---- Session, for the request client ----

  token(): string | undefined {
    return this.isValid ? this.session?.accessToken : undefined
  }

  uid(): string | undefined {
    return this.isValid ? this.session?.uid : undefined
  }

  isLoggedIn(): boolean {
    return this.isValid
  }

  /** Whether the session is the person's own, not the channel's promoter login. */
  isPersonal(): boolean {
    return this.isValid && this.session?.scope === 'person'
  }

  /**
   * Resolves once the session has this scope: joins or waits for the login in flight, else logs
   * in silently (see loginSilently); rejects when no silent method works.
   */
  login(scope: SessionScope = 'channel'): Promise<void> {
    return this.flight.ensure(scope)
  }

  /**
   * Logs in by the first silent method this channel and moment allow, falling through to the next
   * when one fails; rejects (with the last failure as its cause) when none works. For 'person'
   * the promoter account is skipped: it identifies the channel only.
   */
  private async loginSilently(scope: SessionScope): Promise<void> {
    let lastFailure: unknown
    for (const method of this.loginMethods) {
      if (scope === 'person' && method === CHANNEL_LOGIN_METHOD) continue
      try {
        const grant = await this.trySilent(method)
        if (grant) {
          // The remembered phone's login proves that phone, like an SMS login.
          this.accept(grant, method === 'rememberedPhone' ? this.rememberedMobile : undefined)
          return
        }
      } catch (failure) {
        lastFailure = failure
      }
    }
    throw Object.assign(new Error(MESSAGES.silentLoginFailed), { cause: lastFailure })
  }

  logout(): void {
    this.session = undefined
    this.deps.storage.remove(USER_STORAGE.session)
    // A login started before the logout must not be joined by the next one.
    this.flight.reset()
    this.deps.onLogout?.()
  }

  /**
   * Logs out here and on the server (the session and the remembered phone's tickets), e.g. before
   * the app's data is cleared. The local session ends first, whatever the network does.
   */
  async signOut(): Promise<void> {
    const token = this.token()
    this.logout()
    this.deps.storage.remove(USER_STORAGE.phone)
    // A failure is ignored on purpose: offline, the server cannot be told, and the user must still
    // be able to sign out. Nothing is left usable here: this device has forgotten the token and the
    // ticket, and on the server both stop working when they expire (the ticket a day after the SMS
    // login).
    if (token) await this.deps.api.logout(token).catch(() => undefined)
  }

  // ---- phone and SMS code (bank app) ----

  sendCode(mobile: string): Promise<void> {
    return this.sentCode.send(mobile, (checked) => this.deps.api.sendCode(checked))
  }

  async loginWithCode(mobile: string, code: string): Promise<void> {
    const checked = checkPhoneLogin(mobile, code)
    if (!checked.ok) throw new Error(checked.reason)
    const grant = await this.deps.api.loginByCode(checked.mobile, checked.code)
    // Another phone while logged in is an account switch: the previous account's session and
    // remembered-phone tickets end on the server (best effort, offline too) before the new one starts.
    const previous = this.isValid ? this.session : undefined
    if (previous?.mobile !== undefined && previous.mobile !== checked.mobile) {
      await this.deps.api.logout(previous.accessToken).catch(() => undefined)
      this.logout()
    }
    this.accept(grant, checked.mobile)
    if (grant.loginTicket) this.rememberPhone(checked.mobile, grant.loginTicket)
  }

  /** An SMS login proves the phone: it is remembered for a day from now. */
  private rememberPhone(mobile: string, ticket: string): void {
    const remembered: RememberedPhone = { mobile, until: this.deps.now() + LOGIN_PHONE_MEMORY_MS, ticket }
    this.deps.storage.set(USER_STORAGE.phone, remembered)
  }

  private async trySilent(method: LoginMethod): Promise<TokenAnswer | undefined> {
    const { api } = this.deps
    switch (method) {
      case 'pageToken': {
        const token = this.deps.pageToken()
        return token ? api.loginByPageToken(token) : undefined
      }
      case 'rememberedPhone': {
        const phone = this.deps.storage.get(USER_STORAGE.phone, REMEMBERED_PHONE)
        if (!phone?.ticket || this.deps.now() >= phone.until) return undefined
        const grant = await api.loginByRememberedPhone(phone.mobile, phone.ticket)
        // A ticket works once: the grant carries the next one. It keeps the SMS login's expiry:
        // a phone is remembered for a day from the SMS login, however often it logs in silently.
        if (grant.loginTicket) {
          const rotated: RememberedPhone = { ...phone, ticket: grant.loginTicket }
          this.deps.storage.set(USER_STORAGE.phone, rotated)
        }
        return grant
      }
      case 'promoterAccount':
        return api.loginByPromoterAccount()
      case 'hostAuthorization': {
        const adapter = this.deps.authorization
        if (!adapter) return undefined
        // A host that cannot authorise leaves the next method to try.
        const code = await adapter.authorize().catch(() => undefined)
        return code ? api.loginByAuthCode(adapter.provider, code) : undefined
      }
      case 'phoneCode':
        // Needs the user: the login page, not a silent login.
        return undefined
    }
  }

  /**
   * Stores the grant as the session; a person's grant always wins. A channel grant never replaces
   * a valid person's session: a promoter login that lands after an SMS login (or a silent one)
   * would otherwise have the person's calls refused (403) with the channel's token. The token is
   * the answer's accessToken or, by the spec's other name for it, its zsAccessToken; an answer
   * with neither is unreadable, not a login.
   */
  private accept(grant: TokenAnswer, mobile?: string): void {
    const accessToken = grantedToken(grant)
    if (accessToken === undefined) throw new RequestError('decodeFailure', MESSAGES.decodeFailure, DECODE_FAILURE_CLIENT_CODE)
    const { scope } = grant
    if (scope === 'channel' && this.isPersonal()) return
    const session: StoredSession = {
      accessToken,
      expiresAt: this.deps.now() + grant.expireIn * MS_PER_SECOND,
      uid: grant.uid,
      ...(mobile !== undefined ? { mobile } : {}),
      scope,
      ...(grant.aliUid ? { aliUid: grant.aliUid } : {}),
      ...(grant.nickname ? { nickname: grant.nickname } : {}),
      ...(grant.avatar ? { avatar: grant.avatar } : {}),
    }
    this.session = session
    this.deps.storage.set(USER_STORAGE.session, session)
  }
}
