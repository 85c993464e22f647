/**
 * A local stand-in for Tencent Cloud SMS (API 3.0: SendSms of version 2021-01-11), speaking the
 * wire protocol Tencent's SDK speaks (tencent-api-standin.ts: reached as Tencent's host through
 * the proxy it also is, every call's TC3-HMAC-SHA256 signature checked as Tencent does), so the
 * adapter (server/auth/tencent-sms.ts) and the SDK are tested end to end without the real service.
 * It checks the app, signature, templates and numbers as the console's approvals would, and
 * answers in Tencent's shapes. Tests steer it with documented error codes (for the whole call or
 * per number), late answers and a clock that runs ahead.
 */
import { randomInt } from 'node:crypto'
import type { TencentSmsSettings } from '../../../server/auth/tencent-sms'
import { STANDIN_SECRET_ID, STANDIN_SECRET_KEY, startTencentApiStandIn } from './tencent-api-standin'
import type { Json, TencentApiCall, TencentAnswer, TencentError } from './tencent-api-standin'

export { STANDIN_SECRET_KEY }

/** A message that passed the signature check, one per number: what Tencent would send, and what it answered. */
export interface StandInSms {
  /** As sent (E.164 from the adapter: +86…). */
  readonly phoneNumber: string
  readonly templateId: string
  readonly params: readonly string[]
  readonly signName: string
  readonly sdkAppId: string
  readonly region: string
  /** The answer's code for this message: 'Ok', or the refusal (of the call or of the number). */
  readonly code: string
}

/** One of Tencent's documented error answers: for the whole call (Response.Error), or for each number (SendStatusSet[].Code). */
export interface StandInFailure {
  readonly code: string
  readonly message: string
  readonly perNumber?: boolean
}

export interface TencentSmsStandIn {
  /** Everything a client needs to reach this stand-in as Tencent's SMS API, with its keys, app, signature and templates. */
  settings(overrides?: Partial<TencentSmsSettings>): TencentSmsSettings
  /** Every message that passed the signature check, oldest first. */
  readonly sent: readonly StandInSms[]
  /** The next call that passes the signature check gets this answer. */
  failNext(failure: StandInFailure): void
  /** The next answer leaves `ms` late (the call itself is carried out at once, as Tencent would). */
  delayNext(ms: number): void
  /** The stand-in's clock runs `ms` ahead, as Tencent's does of a client whose clock is slow (0 puts it right). */
  clockAhead(ms: number): void
  close(): Promise<void>
}

export const STANDIN_SDK_APP_ID = '1400006666'
export const STANDIN_SIGN_NAME = 'ETC助手'
export const STANDIN_REGION = 'ap-guangzhou'
/** The approved templates' ids. */
export const STANDIN_TEMPLATES = { code: '1861234', plateReleased: '1865678' } as const
const SMS_HOST = 'sms.tencentcloudapi.com'

interface StandInTemplate {
  readonly parameters: number
  /** Verification-code templates take 0–6 digits per parameter. */
  readonly verification: boolean
}

const TEMPLATES: Readonly<Record<string, StandInTemplate>> = {
  [STANDIN_TEMPLATES.code]: { parameters: 1, verification: true },
  [STANDIN_TEMPLATES.plateReleased]: { parameters: 1, verification: false },
}

const SERVICE = 'sms'
const ACTION = 'SendSms'
const VERSION = '2021-01-11'
/** The regions SMS is offered in. */
const SMS_REGIONS: ReadonlySet<string> = new Set(['ap-guangzhou', 'ap-beijing', 'ap-nanjing'])
const SERIAL_MAX = 10 ** 12
const VERIFICATION_PARAMETER = /^\d{0,6}$/
/** SendSms takes a mainland number with or without its country code. */
const MAINLAND_MOBILE = /^(?:\+86|0086|86)?1\d{10}$/
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [])

export async function startTencentSmsStandIn(): Promise<TencentSmsStandIn> {
  const sent: StandInSms[] = []
  const pendingFailures: StandInFailure[] = []

  /** The refusal of the whole call, judged as Tencent does before looking at the numbers. */
  function callRefusal({ action, version, region, body: call }: TencentApiCall): TencentError | undefined {
    if (action !== ACTION) return { code: 'InvalidAction', message: 'The action requested does not exist.' }
    if (version !== VERSION) return { code: 'NoSuchVersion', message: 'The API version requested does not exist.' }
    if (!region) return { code: 'MissingParameter', message: 'The request is missing a required parameter `Region`.' }
    if (!SMS_REGIONS.has(region)) return { code: 'UnsupportedRegion', message: `SendSms is not offered in ${region}.` }
    if (call.SmsSdkAppId !== STANDIN_SDK_APP_ID) return { code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', message: 'SmsSdkAppId verify fail.' }
    if (call.SignName !== STANDIN_SIGN_NAME) return { code: 'FailedOperation.SignatureIncorrectOrUnapproved', message: 'signature format is incorrect or signature is not approved' }
    const template = TEMPLATES[String(call.TemplateId)]
    const params = strings(call.TemplateParamSet)
    if (!template || params.length !== template.parameters) {
      return { code: 'FailedOperation.TemplateIncorrectOrUnapproved', message: 'template is not approved or request content does not match the approved template content' }
    }
    if (template.verification && !params.every((param) => VERIFICATION_PARAMETER.test(param))) {
      return { code: 'InvalidParameterValue.TemplateParameterFormatError', message: 'verification code template parameter format error' }
    }
    if (strings(call.PhoneNumberSet).length === 0) return { code: 'MissingParameter.EmptyPhoneNumberSet', message: 'the phone number set is empty' }
    return undefined
  }

  function sendStatus(phoneNumber: string, call: Json, refusal: TencentError | undefined): Json {
    return {
      SerialNo: refusal ? '' : `2640:${randomInt(SERIAL_MAX)}`,
      PhoneNumber: phoneNumber,
      Fee: refusal ? 0 : 1,
      SessionContext: typeof call.SessionContext === 'string' ? call.SessionContext : '',
      Code: refusal?.code ?? 'Ok',
      Message: refusal?.message ?? 'send success',
      IsoCode: 'CN',
    }
  }

  /** The answer to an authenticated call; each of its messages is recorded with the code it got. */
  function answerCall(request: TencentApiCall): TencentAnswer {
    const call = request.body
    const failure = pendingFailures.shift()
    // A steered answer replaces the checks: the test says what Tencent answers this time.
    const callFailure = failure ? (failure.perNumber ? undefined : failure) : callRefusal(request)
    const phoneNumbers = strings(call.PhoneNumberSet)
    const statuses = phoneNumbers.map((phoneNumber) => {
      const numberFailure = failure?.perNumber ? failure : MAINLAND_MOBILE.test(phoneNumber) ? undefined : { code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'incorrect phone number' }
      const code = callFailure?.code ?? numberFailure?.code ?? 'Ok'
      sent.push({
        phoneNumber,
        templateId: String(call.TemplateId),
        params: strings(call.TemplateParamSet),
        signName: String(call.SignName),
        sdkAppId: String(call.SmsSdkAppId),
        region: request.region,
        code,
      })
      return sendStatus(phoneNumber, call, numberFailure)
    })
    if (callFailure) return { error: callFailure }
    return { response: { SendStatusSet: statuses } }
  }

  const api = await startTencentApiStandIn({ host: SMS_HOST, service: SERVICE, answer: answerCall })

  return {
    settings: (overrides = {}) => ({
      secretId: STANDIN_SECRET_ID,
      secretKey: STANDIN_SECRET_KEY,
      sdkAppId: STANDIN_SDK_APP_ID,
      signName: STANDIN_SIGN_NAME,
      region: STANDIN_REGION,
      templates: { ...STANDIN_TEMPLATES },
      endpoint: SMS_HOST,
      protocol: 'http:',
      proxy: api.proxy,
      ...overrides,
    }),
    sent,
    failNext: (failure) => {
      pendingFailures.push(failure)
    },
    delayNext: (ms) => api.delayNext(ms),
    clockAhead: (ms) => api.clockAhead(ms),
    close: () => api.close(),
  }
}
