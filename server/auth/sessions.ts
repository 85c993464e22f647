/**
 * Login sessions: an opaque random access token per login, stored as its SHA-256 with an expiry,
 * and the TokenGrant every login answers with.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import type { SessionScope, TokenGrant } from '../../types/api/auth'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { preparedPerDb } from '../db/prepared'
import { sessions, users } from '../db/schema'
import { hashSecret, newSecret } from './secrets'

/** How a session was obtained. */
export type LoginMethod = 'promoter' | 'smsCode' | 'rememberedPhone' | 'pageToken' | 'authCode'

/**
 * The promoter account identifies the channel, not a person (everyone who comes in through it is
 * the same user), so its sessions reach only public and channel-level calls. Every other method
 * proves a person: an SMS-verified phone, its remembered ticket, the bank's page token or a
 * platform authorisation.
 */
const CHANNEL_LOGIN_METHOD: LoginMethod = 'promoter'

function sessionScope(method: string): SessionScope {
  return method === CHANNEL_LOGIN_METHOD ? 'channel' : 'person'
}

/** The logged-in user as routes see it (`request.user`). */
export interface SessionUser {
  /** Internal row id: use it in queries, never send it to the client (send `uid`). */
  id: number
  uid: string
  channel: string
  phone: string | null
  /** Whether the session proves a person (false: the channel's promoter login). */
  personal: boolean
  sessionId: number
  expiresAt: Date
}

export type UserRow = typeof users.$inferSelect

export interface SessionContext {
  db: Db
  clock: Clock
  random: RandomSource
  tokenTtlSeconds: number
}

export async function issueSession(context: SessionContext, user: UserRow, method: LoginMethod): Promise<TokenGrant> {
  const accessToken = newSecret(context.random)
  const expiresAt = new Date(context.clock.now().getTime() + context.tokenTtlSeconds * 1000)
  await context.db.insert(sessions).values({ tokenHash: hashSecret(accessToken), userId: user.id, loginMethod: method, expiresAt })
  return {
    accessToken,
    expireIn: context.tokenTtlSeconds,
    uid: user.uid,
    scope: sessionScope(method),
    ...(user.aliUid ? { aliUid: user.aliUid } : {}),
    ...(user.nickname ? { nickname: user.nickname } : {}),
    ...(user.avatar ? { avatar: user.avatar } : {}),
  }
}

const sessionUserQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      uid: users.uid,
      channel: users.channel,
      phone: users.phone,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      loginMethod: sessions.loginMethod,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session_user'),
)

/** The user of an unexpired session with this token, or undefined. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | undefined> {
  const [row] = await sessionUserQuery(db).execute({ tokenHash: hashSecret(token), now })
  if (!row) return undefined
  const { loginMethod, ...user } = row
  return { ...user, personal: sessionScope(loginMethod) === 'person' }
}
