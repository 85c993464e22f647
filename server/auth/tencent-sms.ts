/**
 * Tencent Cloud SMS as the SmsSender: verification codes and plate-freed notices through SendSms
 * (API 3.0, version 2021-01-11) with Tencent's official SDK, which signs every call
 * (TC3-HMAC-SHA256). This adapter picks the template of each kind and turns Tencent's answers and
 * documented error codes into the gateway's refusals, so a person is told to wait, to use another
 * number, or that the service is down. The phone number reaches no log line and no error whole.
 */
import type { FastifyBaseLogger } from 'fastify'
import { sms } from 'tencentcloud-sdk-nodejs-sms'
import type { SendSmsRequest, SendSmsResponse } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models'
import { maskMobile, maskPersonalData } from '../../src/domain/masking'
import { readTencentFailure, requestNote, tencentClientConfig, tencentConnection } from '../vendors/tencent-cloud'
import type { TencentConnectionSettings } from '../vendors/tencent-cloud'
import { SmsRefusedError } from './sms-gateway'
import type { TencentSmsAccount } from './sms-config'
import type { SmsGateway, SmsRefusal } from './sms-gateway'

/** The account, app, signature and templates, and the connection (an sms.… host; DEFAULT_* when absent). */
export interface TencentSmsSettings extends TencentConnectionSettings {
  /** The SMS application's SdkAppId (1400…). */
  readonly sdkAppId: string
  /** The approved signature's text (not its id): what the message opens with, in 【】. */
  readonly signName: string
  /** The ids of the approved templates, one per kind of message. */
  readonly templates: {
    /** The verification code: one parameter, the code. */
    readonly code: string
    /** A waited-for plate has freed: one parameter, the plate number. */
    readonly plateReleased: string
  }
}

const DEFAULT_REGION = 'ap-guangzhou'
const DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com'
const DEFAULT_TIMEOUT_MS = 10_000
/** The SDK sends mainland numbers in E.164; every phone here is a mainland mobile. */
const MAINLAND_PREFIX = '+86'
/** SendStatusSet[].Code of a message Tencent accepted. */
const SENT = 'Ok'

/**
 * The codes a person can act on, whether Tencent answers them for the whole call
 * (Response.Error.Code) or for the number (SendStatusSet[].Code); every other code (signing and
 * key failures, a signature or template not approved, arrears, InternalError.*) is 'unavailable'.
 * Sources: "短信 API 3.0 发送错误码" https://cloud.tencent.com/document/api/382/59177, SendSms's
 * error list https://cloud.tencent.com/document/api/382/55981 (as in tencentcloud-sdk-go's
 * sms/v20210111/errors.go), and the common codes https://cloud.tencent.com/document/api/382/52075.
 * PhoneNumberOnBlacklist is API 2019-07-11's spelling of PhoneNumberInBlacklist (Tencent's SDKs,
 * sms v20190711), kept in case it is still answered.
 */
const REFUSALS: Readonly<Record<string, SmsRefusal>> = {
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'frequency',
  'LimitExceeded.PhoneNumberOneHourLimit': 'frequency',
  'LimitExceeded.PhoneNumberDailyLimit': 'frequency',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'frequency',
  'LimitExceeded.DeliveryFrequencyLimit': 'frequency',
  'LimitExceeded.AppDailyLimit': 'frequency',
  'LimitExceeded.DailyLimit': 'frequency',
  'FailedOperation.PhoneNumberInBlacklist': 'blocked',
  'FailedOperation.PhoneNumberOnBlacklist': 'blocked',
  'InvalidParameterValue.IncorrectPhoneNumber': 'invalid',
  // One +86 number per call: a "mixed" set means Tencent did not read it as a mainland number.
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber': 'invalid',
}

/** Where one message goes and what it says, in SendSms's terms. */
interface Delivery {
  readonly phone: string
  readonly templateId: string
  readonly params: readonly string[]
  /** What the log line calls it. */
  readonly what: string
}

export function createTencentSms(settings: TencentSmsSettings): SmsGateway {
  checkSettings(settings)
  const connection = tencentConnection('SMS', settings, { region: DEFAULT_REGION, endpoint: DEFAULT_ENDPOINT, timeoutMs: DEFAULT_TIMEOUT_MS })
  const client = new sms.v20210111.Client(tencentClientConfig(connection))

  async function deliver({ phone, templateId, params, what }: Delivery, log: FastifyBaseLogger): Promise<void> {
    const request: SendSmsRequest = {
      PhoneNumberSet: [MAINLAND_PREFIX + phone],
      SmsSdkAppId: settings.sdkAppId,
      SignName: settings.signName,
      TemplateId: templateId,
      TemplateParamSet: [...params],
    }
    let answer: SendSmsResponse
    try {
      answer = await client.SendSms(request)
    } catch (error) {
      throw failureOf(error, phone)
    }
    const status = answer.SendStatusSet?.[0]
    if (!status?.Code) throw new SmsRefusedError('unavailable', 'UNEXPECTED_ANSWER', `Tencent SMS answered without a send status${requestNote(answer.RequestId)}`)
    if (status.Code !== SENT) throw refusalOf(status.Code, status.Message, answer.RequestId, phone)
    log.info({ sms: { phone: maskMobile(phone), templateId, serialNo: status.SerialNo, requestId: answer.RequestId } }, `Tencent SMS: ${what} sent`)
  }

  return {
    sender: {
      send: (message, log) => deliver({ phone: message.phone, templateId: settings.templates.code, params: [message.code], what: 'verification code' }, log),
      notify: (notice, log) =>
        deliver({ phone: notice.phone, templateId: settings.templates.plateReleased, params: [notice.plateNumber], what: `${notice.kind} notice` }, log),
    },
    outbox: undefined,
  }
}

function checkSettings(settings: TencentSmsSettings): void {
  const required: Readonly<Record<string, string>> = {
    secretId: settings.secretId,
    secretKey: settings.secretKey,
    sdkAppId: settings.sdkAppId,
    signName: settings.signName,
    'templates.code': settings.templates.code,
    'templates.plateReleased': settings.templates.plateReleased,
  }
  for (const [name, value] of Object.entries(required)) {
    if (!value) throw new Error(`Tencent SMS needs ${name}`)
  }
}

/** Tencent's refusal of the call or of the number, as the gateway's refusal. */
function refusalOf(code: string, message: string | undefined, requestId: string | undefined, phone: string): SmsRefusedError {
  const text = `Tencent SMS refused the message (${code}): ${message ?? ''}${requestNote(requestId)}`
  return new SmsRefusedError(REFUSALS[code] ?? 'unavailable', code, masked(text, phone))
}

/** A failed call: Tencent's error answer, or an answer that never came or could not be read. */
function failureOf(error: unknown, phone: string): SmsRefusedError {
  const failure = readTencentFailure(error)
  if (failure.code) return refusalOf(failure.code, failure.message, failure.requestId, phone)
  return new SmsRefusedError('unavailable', failure.providerCode, masked(`Tencent SMS could not be reached: ${failure.message}`, phone))
}

/** Tencent's texts may echo the number: it is masked, whatever its shape. */
function masked(text: string, phone: string): string {
  return maskPersonalData(phone ? text.replaceAll(phone, maskMobile(phone)) : text)
}

/** The gateway of SMS_PROVIDER=tencent's account (server/auth/sms-config.ts). */
export function createConfiguredSms(account: TencentSmsAccount): SmsGateway {
  const { region, endpoint, ...settings } = account
  return createTencentSms({ ...settings, ...(region ? { region } : {}), ...(endpoint ? { endpoint } : {}) })
}
