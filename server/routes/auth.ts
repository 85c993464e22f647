/**
 * Login, tokens and SMS codes: promoter account login, the token call (SMS code, remembered
 * phone, bank page token, map/WeChat/Alipay authorisation code; Alipay's also by GET), sending
 * codes (plain and sealed) and the SMS simulator's test calls. All public; stricter per-IP limits
 * than the global one, since they are what a guesser would hammer.
 */
import { z } from 'zod'
import type {
  SendCodeResponse,
  SmsTestCheckResponse,
  SmsTestLatestResponse,
  TokenGrant,
} from '../../types/api/auth'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { validateMobile } from '../../src/domain/validation'
import { CREDENTIAL_PATTERN } from '../auth/identity-providers'
import {
  isKnownChannel,
  loginByAuthCode,
  loginByPageToken,
  loginByPromoterAccount,
  loginByRememberedPhone,
  loginBySmsCode,
} from '../auth/login'
import type { LoginContext, LoginOutcome } from '../auth/login'
import { deriveCodeKey, sendCode } from '../auth/sms-codes'
import { endpoint } from '../http/endpoint'
import { ApiError, fail, ok } from '../http/envelope'
import { MAX_SEALED_PARAM_LENGTH, assertFreshTimestamp, openSealedJson } from '../http/sealed'
import { text } from '../http/text'
import { domainField, parseInput } from '../http/validation'
import type { RouteGroup } from './context'

/** Per IP per minute. */
export const AUTH_RATE_LIMITS = {
  login: { max: 30, timeWindow: 60_000 },
  sendCode: { max: 10, timeWindow: 60_000 },
} as const

export const AUTH_MESSAGE = {
  unknownChannel: '渠道不存在',
  smsTestOff: '短信测试接口未开启',
  noCodeSent: '该手机号暂无验证码',
} as const

/** Longest promoter account name, password and mini-program app id taken. */
const MAX_ACCOUNT_LENGTH = 64
const MAX_PASSWORD_LENGTH = 128
const MAX_APP_ID_LENGTH = 64
/** Generous for a mobile number with stray spaces; the domain rule gives the real message. */
const MAX_MOBILE_INPUT = 32

const mobile = domainField(validateMobile, MAX_MOBILE_INPUT)
const sealedText = text(MAX_SEALED_PARAM_LENGTH, { min: 1 })
const credential = z.string().min(1).max(256).regex(CREDENTIAL_PATTERN)
const verifyCodeField = z.string().regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`))

const PromoterLoginBody = z.object({
  loginAccount: text(MAX_ACCOUNT_LENGTH, { min: 1 }),
  password: text(MAX_PASSWORD_LENGTH, { min: 1 }),
})

const ChannelParams = z.object({ channel: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) })

const TokenBody = z.discriminatedUnion('grantType', [
  z.object({ grantType: z.literal('smsCode'), tokenParamSJ: sealedText }),
  z.object({ grantType: z.literal('rememberedPhone'), tokenParamSJ: sealedText }),
  z.object({ grantType: z.literal('pageToken'), token: credential }),
  z.object({
    grantType: z.literal('authCode'),
    provider: z.enum(['map', 'wechat', 'alipay']),
    code: credential,
    appId: text(MAX_APP_ID_LENGTH).optional(),
  }),
])

const TokenByQuery = z.object({ appId: text(MAX_APP_ID_LENGTH, { min: 1 }), code: credential })

/** What the sealed tokenParamSJ carries (TokenParam of types/api/auth.ts). */
const SmsCodeParam = z.object({ mobileNo: mobile, verifyCode: verifyCodeField })
const RememberedPhoneParam = z.object({ mobileNo: mobile, timestamp: z.number(), loginTicket: credential })
const SendCodeParam = z.object({ mobileNo: mobile, timestamp: z.number() })
const MobileQuery = z.object({ mobile })
const SealedSendCodeBody = z.object({ sendCodeParamSJ: sealedText })

function answer(outcome: LoginOutcome): Envelope<TokenGrant | null> {
  return outcome.ok ? ok(outcome.grant) : fail(outcome.code, outcome.msg)
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

  const knownChannel = async (params: unknown): Promise<string> => {
    const { channel } = parseInput(ChannelParams, params)
    if (!(await isKnownChannel(context.db, channel))) throw ApiError.notFound(AUTH_MESSAGE.unknownChannel)
    return channel
  }

  app.route({
    ...endpoint(API.promoterLogin, { rateLimit: AUTH_RATE_LIMITS.login }),
    handler: async (request) => {
      const body = parseInput(PromoterLoginBody, request.body)
      return answer(await loginByPromoterAccount(login, body.loginAccount, body.password))
    },
  })

  app.route({
    ...endpoint(API.token, { rateLimit: AUTH_RATE_LIMITS.login }),
    handler: async (request) => {
      const channel = await knownChannel(request.params)
      const body = parseInput(TokenBody, request.body)
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

  app.route({
    ...endpoint(API.tokenByQuery, { rateLimit: AUTH_RATE_LIMITS.login }),
    handler: async (request) => {
      const channel = await knownChannel(request.params)
      const query = parseInput(TokenByQuery, request.query)
      return answer(await loginByAuthCode(login, channel, 'alipay', query.code))
    },
  })

  const send = async (phone: string, log: typeof app.log): Promise<Envelope<SendCodeResponse | null>> => {
    const outcome = await sendCode(login, phone, log)
    if (outcome.ok) return ok({ waitSeconds: outcome.waitSeconds })
    return fail(outcome.reason === 'sendFailed' ? BUSINESS_CODE.UNAVAILABLE : BUSINESS_CODE.SMS_REJECTED, outcome.msg)
  }

  app.route({
    ...endpoint(API.sendCode, { rateLimit: AUTH_RATE_LIMITS.sendCode }),
    handler: async (request) => send(parseInput(MobileQuery, request.query).mobile, request.log),
  })

  app.route({
    ...endpoint(API.sendSealedCode, { rateLimit: AUTH_RATE_LIMITS.sendCode }),
    handler: async (request) => {
      const body = parseInput(SealedSendCodeBody, request.body)
      const param = openSealedJson(keyHex, SEALED_FIELD.sendCode, body.sendCodeParamSJ, SendCodeParam)
      assertFreshTimestamp(param.timestamp, context.clock.now())
      return send(param.mobileNo, request.log)
    },
  })

  const simulatorOn = context.config.smsSimulator && context.sms.outbox !== undefined

  app.route({
    ...endpoint(API.smsTestCheck),
    handler: async (): Promise<Envelope<SmsTestCheckResponse>> => ok({ enabled: simulatorOn }),
  })

  app.route({
    ...endpoint(API.smsTestLatest),
    handler: async (request): Promise<Envelope<SmsTestLatestResponse | null>> => {
      if (!simulatorOn || !context.sms.outbox) return fail(BUSINESS_CODE.UNAVAILABLE, AUTH_MESSAGE.smsTestOff)
      const { mobile: phone } = parseInput(MobileQuery, request.query)
      const latest = context.sms.outbox.latest(phone)
      if (!latest) return fail(BUSINESS_CODE.NOT_FOUND, AUTH_MESSAGE.noCodeSent)
      return ok({ mobile: phone, code: latest.code, sentAt: latest.sentAt.toISOString() })
    },
  })
}
