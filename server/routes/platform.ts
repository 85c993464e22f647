/**
 * Calls into the platforms and suppliers around the app: the WeChat JS-SDK config and
 * mini-program URL links (the WechatPlatform of WECHAT_PLATFORM_PROVIDER: server/platform/wechat.ts,
 * simulated or real), the phone behind a mini-program phone authorisation (the PhoneNumberProvider
 * of PHONE_NUMBER_PROVIDER: server/platform/phone-numbers.ts), the phone a user leaves for a call
 * back (only with their consent: server/platform/follow-up-phones.ts), and the Henan supplier's SMS
 * login (simulated: no supplier system exists here). A platform that cannot be asked (busy, a
 * timeout, a refusal of ours) answers 5003 with what the person can do, never a 500.
 */
import { z } from 'zod'
import { FOLLOW_UP_CONSENT } from '../../types/api/auth'
import { MINI_PROGRAM_ENV_VERSIONS } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { VERIFY_CODE_LENGTH } from '../../src/domain/verify-code'
import { deriveCodeKey, sendCode, verifyCode } from '../auth/sms-codes'
import type { SmsCodeContext } from '../auth/sms-codes'
import { APP_CONFIG_KEY, readSwitch } from '../catalogue/app-configs'
import { fail, ok } from '../http/envelope'
import { forbiddenIssue, hasForbiddenCharacter, text } from '../http/text'
import { FOLLOW_UP_MESSAGE, keepFollowUpPhone } from '../platform/follow-up-phones'
import { assertVerifiableOrder, recordProvinceVerification } from '../orders/province-verification'
import { provinceSupplierUserId } from '../platform/phone-numbers'
import { isAppPage } from '../platform/wechat'
import { DomainError } from '../domain-error'
import { EmptyBody, identifier, mobile } from '../validation/fields'
import { authRateLimit, sentAnswer } from './auth'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

export const PLATFORM_MESSAGE = {
  phoneAuthFailed: '获取手机号失败，请重新授权',
  phoneLookupUnavailable: '暂时无法获取手机号，请稍后重试或手动输入',
  provinceClosed: '当前地区暂未开通短信登录',
  urlLinkUnavailable: '暂不支持跳转小程序，请稍后再试',
  weixinConfigUnavailable: '暂时无法使用微信功能，请稍后重试',
  notAppPage: '参数 url 不是本应用的页面地址',
} as const

/** Lengths WeChat allows for a URL link's path and query. */
export const URL_LINK_LIMIT = 1024
const MAX_PAGE_URL_LENGTH = 2048
const MAX_CODE_LENGTH = 256

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
  env_version: z.enum(MINI_PROGRAM_ENV_VERSIONS),
  // The characters WeChat accepts in a URL link's query.
  query: z
    .string()
    .max(URL_LINK_LIMIT)
    .regex(/^[A-Za-z0-9!#$&'()*+,/:;=?@\-._~%]*$/),
  appId: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
  code: text(MAX_CODE_LENGTH).optional(),
})
const PhoneByCodeBody = z.strictObject({ code: text(MAX_CODE_LENGTH, { min: 1 }) })
const FollowUpPhoneQuery = z.strictObject({
  mobile,
  consent: z.literal(FOLLOW_UP_CONSENT, { error: FOLLOW_UP_MESSAGE.noConsent }),
})
const ProvinceSendBody = z.strictObject({ mobile })
const ProvinceLoginBody = z.strictObject({
  mobile,
  code: z.string().regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`)),
  orderId: identifier.optional(),
})

export const platformRoutes: RouteGroup = async (app, { context }) => {
  const { db } = context
  const { phoneNumbers, wechatPlatform } = context
  const codeContext: SmsCodeContext = { ...context, codeKey: deriveCodeKey(context.config.payloadKeyHex) }
  const route = contractRoutes(app, context)

  route(API.weixinConfig, {
    query: WeixinConfigQuery,
    body: EmptyBody,
    handler: async ({ query, request }) => {
      if (!isAppPage(query.url, context.config.appOrigins, context.config.production)) throw DomainError.invalid(PLATFORM_MESSAGE.notAppPage)
      try {
        return ok(await wechatPlatform.jsSdkConfig(query.url))
      } catch (error) {
        request.log.warn({ err: error }, 'JS-SDK config failed')
        return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.weixinConfigUnavailable)
      }
    },
  })

  route(API.weChatUrlLink, {
    body: UrlLinkBody,
    handler: async ({ body, request }) => {
      try {
        return ok({ urlLink: await wechatPlatform.urlLink(body) })
      } catch (error) {
        // WeChat busy or unreachable, or a mini-program this server cannot link into.
        request.log.warn({ err: error }, 'URL link failed')
        return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.urlLinkUnavailable)
      }
    },
  })

  route(API.phoneByCode, {
    body: PhoneByCodeBody,
    handler: async ({ body, request }) => {
      let phone: string | undefined
      try {
        phone = await phoneNumbers.phoneForCode(body.code)
      } catch (error) {
        // The platform could not be asked (busy, timeout): not a refused authorisation.
        request.log.warn({ err: error }, 'phone number lookup failed')
        return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.phoneLookupUnavailable)
      }
      return phone === undefined ? fail(BUSINESS_CODE.LOGIN_FAILED, PLATFORM_MESSAGE.phoneAuthFailed) : ok({ mobile: phone })
    },
  })

  route(API.saveFollowUpPhone, {
    // Without the person's consent nothing is stored: the query is refused before the handler.
    query: FollowUpPhoneQuery,
    handler: async ({ user, query: { mobile: phone } }) => {
      await keepFollowUpPhone(db, user.id, phone, context.clock.now())
      return ok(null)
    },
  })

  const provinceOpen = () => readSwitch(db, APP_CONFIG_KEY.provinceMsgOpen)

  route(API.provinceMsgOpen, {
    body: EmptyBody,
    handler: async () => ok({ open: await provinceOpen() }),
  })

  route(API.provinceSendMsg, {
    config: { rateLimit: authRateLimit(context.config, 'sendCode') },
    body: ProvinceSendBody,
    handler: async ({ body, request }) => {
      if (!(await provinceOpen())) return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.provinceClosed)
      return sentAnswer(await sendCode(codeContext, body.mobile, request.log))
    },
  })

  route(API.provinceLogin, {
    config: { rateLimit: authRateLimit(context.config, 'login') },
    body: ProvinceLoginBody,
    handler: async ({ user, body }) => {
      if (!(await provinceOpen())) return fail(BUSINESS_CODE.UNAVAILABLE, PLATFORM_MESSAGE.provinceClosed)
      // The order is checked before the code is spent on it.
      if (body.orderId !== undefined) await assertVerifiableOrder(db, user.id, body.orderId)
      const outcome = await verifyCode(codeContext, body.mobile, body.code)
      if (!outcome.ok) return fail(BUSINESS_CODE.SMS_REJECTED, outcome.msg)
      if (body.orderId !== undefined) await recordProvinceVerification(db, context.clock, user.id, body.orderId)
      return ok({ supplierUserId: provinceSupplierUserId(context.config.payloadKeyHex, body.mobile) })
    },
  })
}
