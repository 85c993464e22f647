/**
 * The Tencent Cloud SMS adapter (server/auth/tencent-sms.ts) with Tencent's SDK against a local
 * stand-in of the SMS API (support/tencent-sms-standin.ts): codes and notices go out with the right
 * template, parameters, signature, app and +86 number, signed as Tencent checks; Tencent's
 * documented refusals, for the call and for the number, a timeout and an unreachable service
 * become the gateway's refusals; the phone number stays masked in every error and log line. No
 * database.
 */
import { SmsRefusedError } from '../../server/auth/sms-gateway'
import type { SmsGateway, SmsMessage, SmsNotice, SmsRefusal } from '../../server/auth/sms-gateway'
import { createTencentSms } from '../../server/auth/tencent-sms'
import type { TencentSmsSettings } from '../../server/auth/tencent-sms'
import { freePort } from './support/ports'
import {
  STANDIN_REGION,
  STANDIN_SDK_APP_ID,
  STANDIN_SECRET_KEY,
  STANDIN_SIGN_NAME,
  STANDIN_TEMPLATES,
  startTencentSmsStandIn,
} from './support/tencent-sms-standin'
import type { TencentSmsStandIn } from './support/tencent-sms-standin'
import { recordingLog } from './support/recording-log'
import { rejectionOf } from './support/rejection'

const PHONE = '13812345678'
const MASKED_PHONE = '138****5678'
/** Not shaped like a mainland mobile, so only the adapter's own masking can hide it. */
const ODD_PHONE = '12012345678'
const MASKED_ODD_PHONE = '120****5678'
const CODE = '482913'
const PLATE = '粤B12345'
const SENT_AT = new Date('2025-06-01T08:00:00.000Z')
const SHORT_TIMEOUT_MS = 300
const LATE_ANSWER_MS = 1_000
/** More than Tencent's five minutes of tolerance. */
const STALE_MS = 6 * 60 * 1_000

let standIn: TencentSmsStandIn
let gateway: SmsGateway

beforeAll(async () => {
  standIn = await startTencentSmsStandIn()
  gateway = createTencentSms(standIn.settings())
})
afterAll(() => standIn.close())

const quiet = () => recordingLog().log
const codeMessage = (phone = PHONE): SmsMessage => ({ phone, code: CODE, sentAt: SENT_AT })
const plateNotice = (phone = PHONE): SmsNotice => ({ kind: 'plateReleased', phone, plateNumber: PLATE, sentAt: SENT_AT })
const lastSent = () => standIn.sent[standIn.sent.length - 1]
const gatewayWith = (overrides: Partial<TencentSmsSettings>) => createTencentSms(standIn.settings(overrides))

/** The SmsRefusedError a send ended in (the test fails when it succeeded or threw something else). */
const refusalOf = (call: Promise<void>): Promise<SmsRefusedError> => rejectionOf(call, SmsRefusedError)

describe('sending', () => {
  it('sends a verification code with the code template, the app, the signature and the +86 number', async () => {
    const { log, lines } = recordingLog()
    await gateway.sender.send(codeMessage(), log)

    expect(lastSent()).toEqual({
      phoneNumber: `+86${PHONE}`,
      templateId: STANDIN_TEMPLATES.code,
      params: [CODE],
      signName: STANDIN_SIGN_NAME,
      sdkAppId: STANDIN_SDK_APP_ID,
      region: STANDIN_REGION,
      code: 'Ok',
    })
    expect(lines.join('\n')).toContain(MASKED_PHONE)
    expect(lines.join('\n')).not.toContain(PHONE)
    expect(gateway.outbox).toBeUndefined()
    expect(gateway.simulated).toBeFalsy()
  })

  it('sends a plate-freed notice with the notice template and the plate as its one parameter', async () => {
    await gateway.sender.notify(plateNotice(), quiet())

    expect(lastSent()).toMatchObject({ phoneNumber: `+86${PHONE}`, templateId: STANDIN_TEMPLATES.plateReleased, params: [PLATE], signName: STANDIN_SIGN_NAME, code: 'Ok' })
  })

  it('calls the configured region', async () => {
    await gatewayWith({ region: 'ap-beijing' }).sender.send(codeMessage(), quiet())

    expect(lastSent()).toMatchObject({ region: 'ap-beijing', code: 'Ok' })
  })
})

describe('the signature Tencent checks', () => {
  it('refuses a client with a wrong secret key (SignatureFailure: unavailable), and nothing is sent', async () => {
    const before = standIn.sent.length
    const error = await refusalOf(gatewayWith({ secretKey: `x${STANDIN_SECRET_KEY.slice(1)}` }).sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal: 'unavailable', providerCode: 'AuthFailure.SignatureFailure' })
    expect(standIn.sent).toHaveLength(before)
  })

  it('refuses an unknown SecretId', async () => {
    const error = await refusalOf(gatewayWith({ secretId: 'AKIDunknown' }).sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal: 'unavailable', providerCode: 'AuthFailure.SecretIdNotFound' })
  })

  it('refuses a signature from a clock more than five minutes slow', async () => {
    standIn.clockAhead(STALE_MS)
    try {
      const error = await refusalOf(gateway.sender.send(codeMessage(), quiet()))
      expect(error).toMatchObject({ refusal: 'unavailable', providerCode: 'AuthFailure.SignatureExpire' })
    } finally {
      standIn.clockAhead(0)
    }
  })

  it('cannot be made for a host that is not sms.…: such an endpoint is refused when the gateway is built', () => {
    expect(() => gatewayWith({ endpoint: '127.0.0.1:8080' })).toThrow(/sms\./)
  })
})

describe("Tencent's refusals", () => {
  const REFUSALS: ReadonlyArray<readonly [string, SmsRefusal]> = [
    ['LimitExceeded.PhoneNumberThirtySecondLimit', 'frequency'],
    ['LimitExceeded.PhoneNumberOneHourLimit', 'frequency'],
    ['LimitExceeded.PhoneNumberDailyLimit', 'frequency'],
    ['LimitExceeded.PhoneNumberSameContentDailyLimit', 'frequency'],
    ['LimitExceeded.DeliveryFrequencyLimit', 'frequency'],
    ['LimitExceeded.AppDailyLimit', 'frequency'],
    ['LimitExceeded.DailyLimit', 'frequency'],
    ['FailedOperation.PhoneNumberInBlacklist', 'blocked'],
    ['FailedOperation.PhoneNumberOnBlacklist', 'blocked'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'invalid'],
    ['UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber', 'invalid'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', 'unavailable'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
    ['UnauthorizedOperation.SerivceSuspendDueToArrears', 'unavailable'],
    ['InternalError.Timeout', 'unavailable'],
  ]
  const CASES = REFUSALS.flatMap(([code, refusal]) => [
    [code, 'for the call', refusal, false] as const,
    [code, 'for the number', refusal, true] as const,
  ])

  it.each(CASES)('%s %s is %s', async (code, _level, refusal, perNumber) => {
    standIn.failNext({ code, message: `refused: ${code}`, perNumber })
    const error = await refusalOf(gateway.sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal, providerCode: code })
    expect(error.message).toContain(code)
    expect(error.message).not.toContain(PHONE)
    expect(lastSent().code).toBe(code)
  })

  it('refuses a notice the same way', async () => {
    standIn.failNext({ code: 'FailedOperation.PhoneNumberInBlacklist', message: 'the number is on the blacklist', perNumber: true })
    const error = await refusalOf(gateway.sender.notify(plateNotice(), quiet()))

    expect(error).toMatchObject({ refusal: 'blocked', providerCode: 'FailedOperation.PhoneNumberInBlacklist' })
  })

  it('refuses a number that is not a mainland mobile, for that number', async () => {
    const error = await refusalOf(gateway.sender.send(codeMessage('2345678'), quiet()))

    expect(error).toMatchObject({ refusal: 'invalid', providerCode: 'InvalidParameterValue.IncorrectPhoneNumber' })
    expect(lastSent()).toMatchObject({ phoneNumber: '+862345678', code: 'InvalidParameterValue.IncorrectPhoneNumber' })
  })

  it.each([
    ['an unapproved template', { templates: { ...STANDIN_TEMPLATES, code: '1869999' } }, 'FailedOperation.TemplateIncorrectOrUnapproved'],
    ['an unapproved signature', { signName: '别的签名' }, 'FailedOperation.SignatureIncorrectOrUnapproved'],
    ["another account's app", { sdkAppId: '1400000001' }, 'UnauthorizedOperation.SmsSdkAppIdVerifyFail'],
  ])('answers %s as unavailable', async (_what, overrides: Partial<TencentSmsSettings>, code) => {
    const error = await refusalOf(gatewayWith(overrides).sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal: 'unavailable', providerCode: code })
  })

  it('masks the number in the error when Tencent echoes it, whatever its shape', async () => {
    for (const [phone, masked] of [
      [PHONE, MASKED_PHONE],
      [ODD_PHONE, MASKED_ODD_PHONE],
    ]) {
      standIn.failNext({ code: 'InvalidParameterValue.IncorrectPhoneNumber', message: `incorrect phone number: +86${phone}` })
      const error = await refusalOf(gateway.sender.send(codeMessage(phone), quiet()))

      expect(error.message).toContain(masked)
      expect(error.message).not.toContain(phone)
    }
  })
})

describe('a slow or unreachable service', () => {
  it('gives up after timeoutMs: unavailable (TIMEOUT), though Tencent may still deliver', async () => {
    standIn.delayNext(LATE_ANSWER_MS)
    const error = await refusalOf(gatewayWith({ timeoutMs: SHORT_TIMEOUT_MS }).sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal: 'unavailable', providerCode: 'TIMEOUT' })
    expect(error.message).not.toContain(PHONE)
    expect(lastSent()).toMatchObject({ phoneNumber: `+86${PHONE}`, code: 'Ok' })
  })

  it('reports a service it cannot reach as unavailable (NETWORK_ERROR)', async () => {
    const nowhere = gatewayWith({ proxy: `http://127.0.0.1:${await freePort()}` })
    const error = await refusalOf(nowhere.sender.send(codeMessage(), quiet()))

    expect(error).toMatchObject({ refusal: 'unavailable', providerCode: 'NETWORK_ERROR' })
    expect(error.message).not.toContain(PHONE)
  })
})
