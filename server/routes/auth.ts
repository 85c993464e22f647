/**
 * Login, tokens and SMS codes: promoter account login, the token call (SMS code, remembered
 * phone, bank page token, map/WeChat/Alipay authorisation code; Alipay's also by GET), sending
 * codes (plain and sealed) and the SMS simulator's test calls. All public; stricter per-IP limits
 * than the global one, since they are what a guesser would hammer.
 */
import { z } from 'zod'
import type { SendCodeResponse, TokenGrant } from '../../types/api/auth'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { validateMobile } from '../../src/domain/validation'
import { CREDENTIAL_PATTERN, MAX_CREDENTIAL_LENGTH } from '../auth/identity-providers'
import {
  loginByAuthCode,
  loginByPageToken,
  loginByPromoterAccount,
  loginByRememberedPhone,
  loginBySmsCode,
} from '../auth/login'
import type { LoginContext, LoginOutcome } from '../auth/login'
import { deriveCodeKey, sendCode } from '../auth/sms-codes'
import type { SendOutcome } from '../auth/sms-codes'
import type { Reply } from '../http/endpoint'
import { fail, ok } from '../http/envelope'
import { MAX_SEALED_PARAM_LENGTH, assertFreshTimestamp, openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { domainField } from '../http/validation'
import { RATE_LIMIT_WINDOW_MS } from '../http/security'
import type { Config } from '../config'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'
import { ChannelParams } from './route-params'

/** The route limit of the login calls or of the calls that send an SMS code: per IP per minute, as configured. */
export function authRateLimit(config: Pick<Config, 'authRateLimitPerMinute'>, kind: 'login' | 'sendCode'): { max: number; timeWindow: number } {
  return { max: config.authRateLimitPerMinute[kind], timeWindow: RATE_LIMIT_WINDOW_MS }
}

export const AUTH_MESSAGE = {
  smsTestOff: '短信测试接口未开启',
  noCodeSent: '该手机号暂无验证码',
} as const

/** Longest input taken per field. */
const MAX_LENGTH = {
  promoterAccount: 64,
  password: 128,
  miniProgramAppId: 64,
  /** Generous for a mobile number with stray spaces; the domain rule gives the real message. */
  mobileInput: 32,
} as const

const mobile = domainField(validateMobile, MAX_LENGTH.mobileInput)
const sealedText = text(MAX_SEALED_PARAM_LENGTH, { min: 1 })
const credential = z.string().min(1).max(MAX_CREDENTIAL_LENGTH).regex(CREDENTIAL_PATTERN)
const verifyCodeField = z.string().regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`))

const PromoterLoginBody = z.object({
  loginAccount: text(MAX_LENGTH.promoterAccount, { min: 1 }),
  password: text(MAX_LENGTH.password, { min: 1 }),
})

const TokenBody = z.discriminatedUnion('grantType', [
  z.object({ grantType: z.literal('smsCode'), tokenParamSJ: sealedText }),
  z.object({ grantType: z.literal('rememberedPhone'), tokenParamSJ: sealedText }),
  z.object({ grantType: z.literal('pageToken'), token: credential }),
  z.object({
    grantType: z.literal('authCode'),
    provider: z.enum(['map', 'wechat', 'alipay']),
    code: credential,
    appId: text(MAX_LENGTH.miniProgramAppId).optional(),
  }),
])

const TokenByQuery = z.object({ appId: text(MAX_LENGTH.miniProgramAppId, { min: 1 }), code: credential })

/** What the sealed tokenParamSJ carries (TokenParam of types/api/auth.ts). */
const SmsCodeParam = z.object({ mobileNo: mobile, verifyCode: verifyCodeField })
const RememberedPhoneParam = z.object({ mobileNo: mobile, timestamp: z.number(), loginTicket: credential })
const SendCodeParam = z.object({ mobileNo: mobile, timestamp: z.number() })
const MobileQuery = z.object({ mobile })
const SealedSendCodeBody = z.object({ sendCodeParamSJ: sealedText })

function answer(outcome: LoginOutcome): Reply<TokenGrant> {
  return outcome.ok ? ok(outcome.grant) : fail(outcome.code, outcome.msg)
}

/** The answer to sending an SMS code (login codes and the province supplier's alike). */
export function sentAnswer(outcome: SendOutcome): Reply<SendCodeResponse> {
  if (outcome.ok) return ok({ waitSeconds: outcome.waitSeconds })
  return fail(outcome.reason === 'sendFailed' ? BUSINESS_CODE.UNAVAILABLE : BUSINESS_CODE.SMS_REJECTED, outcome.msg)
}

export const authRoutes: RouteGroup = async (app, { context }) => {
  const login: LoginContext = {
    db: context.db,
    clock: context.clock,
    random: context.random,
    tokenTtlSeconds: context.config.tokenTtlSeconds,
    sms: context.sms,
    counters: context.counters,
    codeKey: deriveCodeKey(context.config.payloadKeyHex),
    identity: context.identity,
  }
  const keyHex = context.config.payloadKeyHex
  const route = contractRoutes(app, context)

  route(API.promoterLogin, {
    config: { rateLimit: authRateLimit(context.config, 'login') },
    body: PromoterLoginBody,
    handler: async ({ body }) => answer(await loginByPromoterAccount(login, body.loginAccount, body.password)),
  })

  route(API.token, {
    config: { rateLimit: authRateLimit(context.config, 'login') },
    params: ChannelParams,
    body: TokenBody,
    handler: async ({ params: { channel }, body }) => {
      switch (body.grantType) {
        case 'smsCode': {
          const param = openSealedJson(keyHex, SEALED_FIELD.token, body.tokenParamSJ, SmsCodeParam)
          return answer(await loginBySmsCode(login, channel, param.mobileNo, param.verifyCode))
        }
        case 'rememberedPhone': {
          const param = openSealedJson(keyHex, SEALED_FIELD.token, body.tokenParamSJ, RememberedPhoneParam)
          assertFreshTimestamp(param.timestamp, context.clock.now())
          return answer(await loginByRememberedPhone(login, channel, param.mobileNo, param.loginTicket))
        }
        case 'pageToken':
          return answer(await loginByPageToken(login, channel, body.token))
        case 'authCode':
          return answer(await loginByAuthCode(login, channel, body.provider, body.code))
      }
    },
  })

  route(API.tokenByQuery, {
    config: { rateLimit: authRateLimit(context.config, 'login') },
    params: ChannelParams,
    query: TokenByQuery,
    handler: async ({ params, query }) => answer(await loginByAuthCode(login, params.channel, 'alipay', query.code)),
  })

  route(API.sendCode, {
    config: { rateLimit: authRateLimit(context.config, 'sendCode') },
    query: MobileQuery,
    handler: async ({ query, request }) => sentAnswer(await sendCode(login, query.mobile, request.log)),
  })

  route(API.sendSealedCode, {
    config: { rateLimit: authRateLimit(context.config, 'sendCode') },
    body: SealedSendCodeBody,
    handler: async ({ body, request }) => {
      const param = openSealedJson(keyHex, SEALED_FIELD.sendCode, body.sendCodeParamSJ, SendCodeParam)
      assertFreshTimestamp(param.timestamp, context.clock.now())
      return sentAnswer(await sendCode(login, param.mobileNo, request.log))
    },
  })

  const simulatorOn = context.config.smsSimulator && context.sms.outbox !== undefined

  route(API.smsTestCheck, { handler: async () => ok({ enabled: simulatorOn }) })

  route(API.smsTestLatest, {
    query: MobileQuery,
    handler: async ({ query: { mobile: phone } }) => {
      if (!simulatorOn || !context.sms.outbox) return fail(BUSINESS_CODE.UNAVAILABLE, AUTH_MESSAGE.smsTestOff)
      const latest = context.sms.outbox.latest(phone)
      if (!latest) return fail(BUSINESS_CODE.NOT_FOUND, AUTH_MESSAGE.noCodeSent)
      return ok({ mobile: phone, code: latest.code, sentAt: latest.sentAt.toISOString() })
    },
  })
}
