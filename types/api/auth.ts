/** Login, tokens and SMS codes. */

/** Whether a session proves a person or only the channel (see TokenGrant.scope). */
export type SessionScope = 'channel' | 'person'

/** What every login answers with. */
export interface TokenGrant {
  accessToken: string
  /** Seconds the token stays valid. */
  expireIn: number
  uid: string
  /**
   * What the session may do: 'person' for a login that proves who the user is (SMS code,
   * remembered phone, bank page token, platform authorisation), 'channel' for the channel's
   * promoter account, which identifies the channel only and reaches just the public and
   * channel-level calls (`channel: true` in paths.ts).
   */
  scope: SessionScope
  aliUid?: string
  nickname?: string
  avatar?: string
  /**
   * After a phone + code login: a ticket that lets this device log in silently with the same
   * phone for a day (the spec's remembered login phone). Kept only in encrypted storage.
   */
  loginTicket?: string
}

/**
 * A login's answer as the app reads it. The spec's user info carries "accessToken or
 * zsAccessToken" (section 3): a backend may name the session's token zsAccessToken, the bank
 * app's name for it. This server answers with a TokenGrant (accessToken); the app takes either
 * name, accessToken first (src/domain/session.ts, `grantedToken`).
 */
export type TokenAnswer = Omit<TokenGrant, 'accessToken'> & { accessToken?: string; zsAccessToken?: string }

/** POST /permission/v1/login/_login: the channel's fixed promoter account. */
export interface PromoterLoginRequest {
  loginAccount: string
  password: string
}

/** Authorisation providers whose codes the token call exchanges. */
export type AuthCodeProvider = 'map' | 'wechat' | 'alipay'

/** What the sealed `tokenParamSJ` carries. */
export type TokenParam =
  | { mobileNo: string; verifyCode: string }
  | { mobileNo: string; timestamp: number; loginTicket: string }

/**
 * POST /oauth2/v2/oauth2/{channel}/token. `tokenParamSJ` is a sealed TokenParam (see sealed.ts):
 * phone + SMS code, or the remembered phone with its ticket.
 */
export type TokenRequest =
  | { grantType: 'smsCode'; tokenParamSJ: string }
  | { grantType: 'rememberedPhone'; tokenParamSJ: string }
  | { grantType: 'pageToken'; token: string }
  | { grantType: 'authCode'; provider: AuthCodeProvider; code: string; appId?: string }

/** GET /oauth2/v2/oauth2/{channel}/token: the payment app's authorisation code. */
export interface TokenByQueryRequest {
  appId: string
  code: string
}

/** A phone number: GET sendCodeMessage and sendTest, POST henanshibo sendMsg. */
export interface MobileRequest {
  mobile: string
}

/** The value of `consent` that says the person agreed to be called back. */
export const FOLLOW_UP_CONSENT = '1'

/**
 * GET /supportserv/followUp/savePhone: a phone customer service may call back, left by a person
 * who leaves the information form after typing it, having ticked 离开后可致电协助我办理 (off by
 * default). `consent` must be FOLLOW_UP_CONSENT: without it the server refuses (400) and stores
 * nothing. The phone is kept encrypted, one row per user and phone, and deleted once the user
 * submits an order or FOLLOW_UP_RETENTION_DAYS (src/domain/follow-up.ts) after the latest
 * consent (server/platform/follow-up-phones.ts).
 */
export interface FollowUpPhoneRequest extends MobileRequest {
  consent: typeof FOLLOW_UP_CONSENT
}

/** What the sealed `sendCodeParamSJ` of POST /users/v2/usersVehicles/encSendCodeMessage carries. */
export interface SendCodeParam {
  mobileNo: string
  timestamp: number
}

export interface SealedSendCodeRequest {
  sendCodeParamSJ: string
}

/** An SMS code was sent; the next one may be asked for after `waitSeconds`. */
export interface SendCodeResponse {
  waitSeconds: number
}

/** GET /message/v1/message/sendTestCheck: whether the SMS simulator answers test calls. */
export interface SmsTestCheckResponse {
  enabled: boolean
}

/** GET /message/v1/message/sendTest?mobile=: the latest code sent to a phone (simulator only). */
export interface SmsTestLatestResponse {
  mobile: string
  code: string
  sentAt: string
}

/** POST /users/{channel}/getPhoneBycode: a phone number from a mini-program phone authorisation. */
export interface PhoneByCodeRequest {
  code: string
}
export interface PhoneByCodeResponse {
  mobile: string
}

/**
 * The province supplier's own SMS login (Henan): whether it is open, send, log in. A plate of the
 * province issuer (src/domain/province.ts) passes it before its order's final commit.
 */
export interface ProvinceMsgOpenResponse {
  /** false: the issuer's SMS login is switched off, and its orders are committed without it. */
  open: boolean
}
export interface ProvinceLoginRequest {
  mobile: string
  code: string
  /**
   * The caller's open, unsubmitted order of a province plate the login verifies. The server records
   * the verification with that order (an order event `provinceVerified` carrying the supplier's
   * user id); its final commit is refused without one while the switch is on.
   */
  orderId?: string
}
export interface ProvinceLoginResponse {
  supplierUserId: string
}
