/**
 * The server with a real SMS provider (SMS_PROVIDER=tencent): the configuration it is read from,
 * and login codes sent through the Tencent Cloud SMS adapter to its local stand-in (which checks
 * our TC3 signatures): a code that arrives logs the person in; the provider's refusals become the
 * spec's messages, and a code that never left does not hold the 60-second wait.
 */
import type { TokenGrant } from '../../types/api/auth'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { SEALED_FIELD } from '../../types/api/sealed'
import { SMS_MESSAGE } from '../../server/auth/sms-codes'
import { createTencentSms } from '../../server/auth/tencent-sms'
import { loadConfig } from '../../server/config'
import { envelope, sealFor, sendCode, tokenCall } from './support/api'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { TEST_DATA_KEY_HEX } from './support/test-keys'
import { describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'
import { startTencentSmsStandIn } from './support/tencent-sms-standin'
import type { TencentSmsStandIn } from './support/tencent-sms-standin'
import { configProblems } from './support/config-problems'

const PHONE = '13800138000'
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'secret-key',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: 'ETC申办',
  TENCENT_SMS_TEMPLATE_CODE: '100001',
  TENCENT_SMS_TEMPLATE_PLATE_RELEASED: '100002',
}

const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, '/tmp/etc-apply-test'))

describe('the SMS provider in the configuration', () => {
  it('reads the Tencent account, and the simulator is then off', () => {
    const config = loadConfig({ APP_ENV: 'development', ...TENCENT, TENCENT_SMS_REGION: 'ap-beijing' }, '/tmp/etc-apply-test')
    expect(config.smsSimulator).toBe(false)
    expect(config.sms).toEqual({
      secretId: 'AKIDexample',
      secretKey: 'secret-key',
      sdkAppId: '1400000001',
      signName: 'ETC申办',
      templates: { code: '100001', plateReleased: '100002' },
      region: 'ap-beijing',
      endpoint: undefined,
    })
  })

  it('names every missing setting, an unknown provider, and both the simulator and a provider', () => {
    expect(problemsOf({ APP_ENV: 'development', SMS_PROVIDER: 'tencent' })).toEqual(
      expect.arrayContaining([
        'TENCENT_SMS_SECRET_ID must be set',
        'TENCENT_SMS_SECRET_KEY must be set (or TENCENT_SMS_SECRET_KEY_FILE, a file holding it)',
        'TENCENT_SMS_SDK_APP_ID must be set',
        'TENCENT_SMS_SIGN_NAME must be set',
        'TENCENT_SMS_TEMPLATE_CODE must be set',
        'TENCENT_SMS_TEMPLATE_PLATE_RELEASED must be set',
      ]),
    )
    expect(problemsOf({ APP_ENV: 'development', SMS_PROVIDER: 'aliyun' })).toContain('SMS_PROVIDER must be "tencent" (unset: no real SMS provider)')
    expect(problemsOf({ APP_ENV: 'development', ...TENCENT, SMS_SIMULATOR: 'on' })).toContain(
      'SMS_SIMULATOR and SMS_PROVIDER are both set: the simulator would hide the provider; keep one',
    )
  })

  it('needs a provider in production, and takes one', () => {
    const production = { APP_ENV: 'production', DATA_KEY_HEX: TEST_DATA_KEY_HEX, PUBLIC_BASE_URL: 'https://etc.example.com' }
    const smsProblems = (env: Record<string, string>) => problemsOf(env).filter((problem) => problem.startsWith('SMS_'))
    expect(smsProblems(production)).toEqual(['SMS_PROVIDER must be set in production ("tencent", with its TENCENT_SMS_* settings): codes and notices need a real SMS provider'])
    expect(smsProblems({ ...production, ...TENCENT })).toEqual([])
  })
})

describeDb('login codes through Tencent Cloud SMS', () => {
  let standIn: TencentSmsStandIn
  let database: TestDatabase
  let test: TestApp
  beforeAll(async () => {
    ;[standIn, database] = await Promise.all([startTencentSmsStandIn(), openTestDatabase()])
  })
  afterAll(async () => Promise.all([standIn.close(), database.dispose()]))
  beforeEach(async () => {
    await database.reset()
    test = await createTestApp(database.db, { sms: createTencentSms(standIn.settings()), config: { smsSimulator: false } })
  })
  afterEach(async () => test.close())

  const lastCodeSent = (): string => {
    const message = standIn.sent.at(-1)
    if (!message || message.code !== 'Ok') throw new Error('no code went out')
    return message.params[0] ?? ''
  }

  it('sends the code with its template to the number, and the code logs the person in', async () => {
    expect(envelope(await sendCode(test, PHONE)).code).toBe(200)
    const message = standIn.sent.at(-1)
    expect(message).toMatchObject({ phoneNumber: `+86${PHONE}`, templateId: standIn.settings().templates.code, params: [expect.stringMatching(/^\d{6}$/)] })
    const tokenParamSJ = sealFor(test, SEALED_FIELD.token, { mobileNo: PHONE, verifyCode: lastCodeSent() })
    const grant = envelope<TokenGrant>(await tokenCall(test, { grantType: 'smsCode', tokenParamSJ }))
    expect(grant.code).toBe(200)
    expect(grant.data.accessToken).toEqual(expect.any(String))
  })

  it('says why the provider refused the number, and lets the person try again at once', async () => {
    const cases = [
      { code: 'LimitExceeded.PhoneNumberDailyLimit', answer: { code: BUSINESS_CODE.SMS_REJECTED, msg: SMS_MESSAGE.tooMany } },
      { code: 'FailedOperation.PhoneNumberInBlacklist', answer: { code: BUSINESS_CODE.SMS_REJECTED, msg: SMS_MESSAGE.blocked } },
      { code: 'InvalidParameterValue.IncorrectPhoneNumber', answer: { code: BUSINESS_CODE.SMS_REJECTED, msg: SMS_MESSAGE.invalidNumber } },
      { code: 'FailedOperation.InsufficientBalanceInSmsPackage', answer: { code: BUSINESS_CODE.UNAVAILABLE, msg: SMS_MESSAGE.sendFailed } },
    ]
    for (const { code, answer } of cases) {
      standIn.failNext({ code, message: 'refused', perNumber: true })
      expect(envelope(await sendCode(test, PHONE))).toMatchObject(answer)
    }
    // None of them held the wait: the next code goes out at once.
    expect(envelope(await sendCode(test, PHONE)).code).toBe(200)
    expect(standIn.sent.at(-1)?.code).toBe('Ok')
  })
})
