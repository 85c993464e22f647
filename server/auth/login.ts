/**
 * The logins of section 6, each ending in a session (TokenGrant): the channel's promoter account,
 * phone + SMS code (which also remembers the phone for a day), the remembered phone, the bank
 * app's page token and the map/WeChat/Alipay authorisation codes. Refusals are values with the
 * business code and Chinese message the route answers with.
 */
import { eq } from 'drizzle-orm'
import type { AuthCodeProvider, TokenGrant } from '../../types/api/auth'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { BusinessCode } from '../../types/api/envelope'
import type { Db } from '../db/database'
import { promoterAccounts, promotionChannels } from '../db/schema'
import { IdentityUnavailableError } from './identity-providers'
import type { IdentityProvider, IdentityProviders } from './identity-providers'
import { issueLoginTicket, redeemLoginTicket } from './login-tickets'
import { DECOY_PASSWORD_HASH, verifyPassword } from './passwords'
import { issueSession } from './sessions'
import type { SessionContext } from './sessions'
import { verifyCode } from './sms-codes'
import type { SmsCodeContext } from './sms-codes'
import { userByIdentity, userByPhone } from './users'
import type { ExternalIdentity } from './users'

export type LoginOutcome = { ok: true; grant: TokenGrant } | { ok: false; code: BusinessCode; msg: string }

export const LOGIN_MESSAGE = {
  badAccount: '账号或密码错误',
  badPageToken: '登录凭证无效或已过期，请从银行App重新进入',
  badAuthCode: '授权失败，请重新进入',
  badTicket: '登录已失效，请使用验证码登录',
  providerUnavailable: '登录服务暂时不可用，请稍后重试',
} as const

export interface LoginContext extends SessionContext, SmsCodeContext {
  identity: IdentityProviders
}

const refuse = (code: BusinessCode, msg: string): LoginOutcome => ({ ok: false, code, msg })

/** The identity behind a credential; a provider that could not be asked is said apart from a refusal. */
async function identityOf(provider: IdentityProvider, credential: string, refused: string): Promise<{ identity: ExternalIdentity } | LoginOutcome> {
  try {
    const identity = await provider.resolve(credential)
    return identity ? { identity } : refuse(BUSINESS_CODE.LOGIN_FAILED, refused)
  } catch (error) {
    if (error instanceof IdentityUnavailableError) return refuse(BUSINESS_CODE.UNAVAILABLE, LOGIN_MESSAGE.providerUnavailable)
    throw error
  }
}

/** Whether a `{channel}` path id belongs to a configured channel profile. */
export async function isKnownChannel(db: Db, channelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionChannels.id })
    .from(promotionChannels)
    .where(eq(promotionChannels.channelId, channelId))
    .limit(1)
  return row !== undefined
}

export async function loginByPromoterAccount(context: LoginContext, loginAccount: string, password: string): Promise<LoginOutcome> {
  const [account] = await context.db
    .select({ account: promoterAccounts, channelId: promotionChannels.channelId })
    .from(promoterAccounts)
    .innerJoin(promotionChannels, eq(promotionChannels.id, promoterAccounts.promotionChannelId))
    .where(eq(promoterAccounts.loginAccount, loginAccount))
    .limit(1)
  // A missing or disabled account takes as long to refuse as a wrong password.
  const valid = await verifyPassword(password, account?.account.passwordHash ?? DECOY_PASSWORD_HASH)
  if (!account || !valid || account.account.disabled) return refuse(BUSINESS_CODE.LOGIN_FAILED, LOGIN_MESSAGE.badAccount)
  const user = await userByIdentity(context.db, context.random, account.channelId, {
    provider: 'promoter',
    externalId: String(account.account.id),
  })
  return { ok: true, grant: await issueSession(context, user, 'promoter') }
}

export async function loginBySmsCode(context: LoginContext, channel: string, phone: string, code: string): Promise<LoginOutcome> {
  const verified = await verifyCode(context, phone, code)
  if (!verified.ok) return refuse(BUSINESS_CODE.SMS_REJECTED, verified.msg)
  const user = await userByPhone(context.db, context.random, channel, phone)
  const grant = await issueSession(context, user, 'smsCode')
  return { ok: true, grant: { ...grant, loginTicket: await issueLoginTicket(context, user, phone) } }
}

export async function loginByRememberedPhone(
  context: LoginContext,
  channel: string,
  phone: string,
  ticket: string,
): Promise<LoginOutcome> {
  const redeemed = await redeemLoginTicket(context, ticket, phone, channel)
  if (!redeemed) return refuse(BUSINESS_CODE.LOGIN_FAILED, LOGIN_MESSAGE.badTicket)
  const grant = await issueSession(context, redeemed.user, 'rememberedPhone')
  // The redeemed ticket is gone: the device remembers the phone with the next one, until the same end.
  const loginTicket = await issueLoginTicket(context, redeemed.user, phone, redeemed.expiresAt)
  return { ok: true, grant: { ...grant, loginTicket } }
}

export async function loginByPageToken(context: LoginContext, channel: string, token: string): Promise<LoginOutcome> {
  const resolved = await identityOf(context.identity.bank, token, LOGIN_MESSAGE.badPageToken)
  if (!('identity' in resolved)) return resolved
  const user = await userByIdentity(context.db, context.random, channel, resolved.identity)
  return { ok: true, grant: await issueSession(context, user, 'pageToken') }
}

export async function loginByAuthCode(
  context: LoginContext,
  channel: string,
  provider: AuthCodeProvider,
  code: string,
): Promise<LoginOutcome> {
  const resolved = await identityOf(context.identity.authCode[provider], code, LOGIN_MESSAGE.badAuthCode)
  if (!('identity' in resolved)) return resolved
  const user = await userByIdentity(context.db, context.random, channel, resolved.identity)
  return { ok: true, grant: await issueSession(context, user, 'authCode') }
}
