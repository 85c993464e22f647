/**
 * Login session rules (sections 3 and 4): a session is valid while it has not expired and has a
 * token (and, in the bank app, a uid); the name shown is the user's nickname, "用户" plus the last
 * 4 characters of the uid, or a login prompt.
 */

export interface SessionFields {
  accessToken?: string
  /** Epoch ms at which the token stops being valid. */
  expiresAt: number
  uid?: string
  nickname?: string
}

export const DEFAULT_NICKNAME_PREFIX = '用户'
export const LOGIN_PROMPT = '登录/注册'
const UID_SUFFIX_LENGTH = 4

/** The token fields of a user info (section 3): "accessToken or zsAccessToken". */
export interface UserInfoToken {
  accessToken?: string
  zsAccessToken?: string
}

/** The session's token of a user info: its accessToken, else its zsAccessToken; none if neither is filled in. */
export function grantedToken(info: UserInfoToken): string | undefined {
  return [info.accessToken, info.zsAccessToken].find((token): token is string => typeof token === 'string' && token !== '')
}

export function isSessionValid(session: SessionFields | undefined, now: number, needsUid: boolean): boolean {
  if (!session?.accessToken || now >= session.expiresAt) return false
  return !needsUid || Boolean(session.uid)
}

/** The name to show for a valid session, or the login prompt for none. */
export function displayName(session: SessionFields | undefined): string {
  if (!session) return LOGIN_PROMPT
  return session.nickname || `${DEFAULT_NICKNAME_PREFIX}${(session.uid ?? '').slice(-UID_SUFFIX_LENGTH)}`
}
