/**
 * Calls into the platforms and suppliers around the app, all simulated (see
 * server/platform/wechat.ts and phone-numbers.ts): the WeChat JS-SDK config and mini-program URL
 * links, the phone behind a mini-program phone authorisation, the phone a user leaves for a call
 * back, and the Henan supplier's SMS login.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  PhoneByCodeResponse,
  ProvinceLoginResponse,
  ProvinceMsgOpenResponse,
  SendCodeResponse,
} from '../../types/api/auth'
import type { WeChatUrlLinkResponse, WeixinConfigResponse } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { isKnownChannel } from '../auth/login'
import { deriveCodeKey, sendCode, verifyCode } from '../auth/sms-codes'
import type { SmsCodeContext } from '../auth/sms-codes'
import { APP_CONFIG_KEY, readSwitch } from '../catalogue/app-configs'
import { phoneIndex } from '../crypto/field-cipher'
import { followUpPhones } from '../db/schema'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ApiError, fail, ok } from '../http/envelope'
import { forbiddenIssue, hasForbiddenCharacter, text } from '../http/text'
import { parseInput } from '../http/validation'
import { provinceSupplierUserId } from '../platform/phone-numbers'
import { simulatedUrlLink, weixinConfig } from '../platform/wechat'
import { mobile } from '../validation/fields'
import { AUTH_RATE_LIMITS } from './auth'
import type { RouteGroup } from './context'

export const PLATFORM_MESSAGE = {
  unknownChannel: '渠道不存在',
  phoneAuthFailed: '获取手机号失败，请重新授权',
  provinceClosed: '当前地区暂未开通短信登录',
} as const

/** Lengths WeChat allows for a URL link's path and query. */
const URL_LINK_LIMIT = 1024
const MAX_PAGE_URL_LENGTH = 2048
const MAX_CODE_LENGTH = 256

const ChannelParams = z.strictObject({ channel: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })
const EmptyBody = z.strictObject({}).optional()
const WeixinConfigQuery = z.strictObject({
  url: z
    .url({ protocol: /^https?$/ })
    .max(MAX_PAGE_URL_LENGTH)
    .refine((url) => !hasForbiddenCharacter(url), forbiddenIssue()),
})
const UrlLinkBody = z.strictObject({
  // A page of the mini-program, without a query; empty opens its home page.
  path: z
    .string()
    .max(URL_LINK_LIMIT)
    .regex(/^(\/?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/),
  env_version: z.enum(['release', 'trial', 'develop']),
  // The characters WeChat accepts in a URL link's query.
  query: z
    .string()
    .max(URL_LINK_LIMIT)
    .regex(/^[A-Za-z0-9!#$&'()*+,/:;=?@\-._~%]*$/),
  appId: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
  code: text(MAX_CODE_LENGTH).optional(),
})
const PhoneByCodeBody = z.strictObject({ code: text(MAX_CODE_LENGTH, { min: 1 }) })
const MobileQuery = z.strictObject({ mobile })
const ProvinceSendBody = z.strictObject({ mobile })
const ProvinceLoginBody = z.strictObject({
  mobile,
  code: z.string().regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`)),
})

export const platformRoutes: RouteGroup = async (app, { context }) => {
  const { db } = context
  const { phoneNumbers } = context
  const codeContext: SmsCodeContext = { ...context, codeKey: deriveCodeKey(context.config.payloadKeyHex) }
  const wechat = { clock: context.clock, random: context.random, secretHex: context.config.payloadKeyHex }

  app.route({
    ...endpoint(API.weixinConfig),
    handler: async (request): Promise<Envelope<WeixinConfigResponse>> => {
      const { url } = parseInput(WeixinConfigQuery, request.query)
      parseInput(EmptyBody, request.body)
      return ok(weixinConfig(wechat, url))
    },
  })

  app.route({
    ...endpoint(API.weChatUrlLink),
    handler: async (request): Promise<Envelope<WeChatUrlLinkResponse>> => {
      parseInput(UrlLinkBody, request.body)
      return ok({ urlLink: simulatedUrlLink(context.random) })
    },
  })

  app.route({
    ...endpoint(API.phoneByCode),
    handler: async (request): Promise<Envelope<PhoneByCodeResponse | null>> => {
      const { channel } = parseInput(ChannelParams, request.params)
      if (!(await isKnownChannel(db, channel))) throw ApiError.notFound(PLATFORM_MESSAGE.unknownChannel)
      const { code } = parseInput(PhoneByCodeBody, request.body)
      const phone = await phoneNumbers.phoneForCode(code)
      return phone === undefined ? fail(BUSINESS_CODE.LOGIN_FAILED, PLATFORM_MESSAGE.phoneAuthFailed) : ok({ mobile: phone })
    },
  })

  app.route({
    ...endpoint(API.saveFollowUpPhone),
    handler: async (request): Promise<Envelope<null>> => {
      const user = requireUser(request)
      const { mobile: phone } = parseInput(MobileQuery, request.query)
      await db
        .insert(followUpPhones)
        .values({ userId: user.id, phone, phoneIndex: phoneIndex(phone), createdAt: context.clock.now(), updatedAt: context.clock.now() })
        .onConflictDoUpdate({ target: [followUpPhones.userId, followUpPhones.phoneIndex], set: { updatedAt: sql`excluded.updated_at` } })
      return ok(null)
    },
  })

  const provinceOpen = () => readSwitch(db, APP_CONFIG_KEY.provinceMsgOpen)

  app.route({
    ...endpoint(API.provinceMsgOpen),
    handler: async (request): Promise<Envelope<ProvinceMsgOpenResponse>> => {
      parseInput(EmptyBody, request.body)
      return ok({ open: await provinceOpen() })
    },
  })

  app.route({
    ...endpoint(API.provinceSendMsg, { rateLimit: AUTH_RATE_LIMITS.sendCode }),
    handler: async (request): Promise<Envelope<SendCodeResponse | null>> => {
      const body = parseInput(ProvinceSendBody, request.body)
      if (!(await provinceOpen())) return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.provinceClosed)
      const outcome = await sendCode(codeContext, body.mobile, request.log)
      if (outcome.ok) return ok({ waitSeconds: outcome.waitSeconds })
      return fail(outcome.reason === 'sendFailed' ? BUSINESS_CODE.UNAVAILABLE : BUSINESS_CODE.SMS_REJECTED, outcome.msg)
    },
  })

  app.route({
    ...endpoint(API.provinceLogin, { rateLimit: AUTH_RATE_LIMITS.login }),
    handler: async (request): Promise<Envelope<ProvinceLoginResponse | null>> => {
      const body = parseInput(ProvinceLoginBody, request.body)
      if (!(await provinceOpen())) return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.provinceClosed)
      const outcome = await verifyCode(codeContext, body.mobile, body.code)
      return outcome.ok ? ok({ supplierUserId: provinceSupplierUserId(body.mobile) }) : fail(BUSINESS_CODE.SMS_REJECTED, outcome.msg)
    },
  })
}
