/**
 * Production is real or refuses to start: the configuration refuses every simulated outside
 * party, buildApp refuses simulated parts it is given, startServer fails with the list, and a
 * production app registers no /sim/* route and takes no simulated issuer's notification.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { APP_ENV, ConfigError, loadConfig } from '../../server/config'
import { cryptoRandom } from '../../server/runtime/random'
import { MEMORY_DATA_DIR } from '../../server/db/database'
import { startServer } from '../../server/main'
import { createSimulatedCashier } from '../../server/payments/cashier'
import { SIMULATED_PART_WARNING, simulatedParts } from '../../server/production-guard'
import { DEVELOPMENT_DATA_KEY_FILE, dataKeyOf } from '../../server/crypto/configured-keys'
import { DATA_KEY_MISMATCH } from '../../server/db/data-key-check'
import { simulatedIssuerNotification } from '../../server/simulators/issuer'
import { issueOperatorSecret, readOperatorSecret, SIM_OPERATOR_SECRET_FILE } from '../../server/simulators/operator-secret'
import { SIMULATOR_PATHS } from '../../types/api/paths'
import { pathOf } from './support/api'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import { createTestApp, TEST_SIM_OPERATOR_SECRET, testConfig } from './support/test-app'
import { databasePerFile, describeDb, testDriver } from './support/test-database'
import { configProblems } from './support/config-problems'

const KEY = 'ab'.repeat(32)
const OTHER_KEY = 'cd'.repeat(32)
/** pino's number of the warn level. */
const WARN_LEVEL = 40
/** Everything a production deployment sets besides the outside parties. */
const PRODUCTION_ENV = { APP_ENV: APP_ENV.production, PAYLOAD_KEY_HEX: KEY, DATA_KEY_HEX: OTHER_KEY, PUBLIC_BASE_URL: 'https://etc.example.com' }

const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, '/srv/etc'))

describe('production configuration', () => {
  it('refuses every simulated outside party, naming the real choice or the interface a real one implements', () => {
    expect(problemsOf(PRODUCTION_ENV)).toEqual([
      'IDENTITY_PROVIDERS=simulated is refused in production: set IDENTITY_PROVIDERS=real',
      'PHONE_NUMBER_PROVIDER=simulated is refused in production: set PHONE_NUMBER_PROVIDER=wechat',
      'CASHIER_PROVIDER=simulated is refused in production: set CASHIER_PROVIDER=vendors',
      'RISK_PROVIDER=simulated is refused in production: set RISK_PROVIDER=http',
      'ISSUER_PROVIDER=simulated is refused in production: set ISSUER_PROVIDER=http',
      'WECHAT_PLATFORM_PROVIDER=simulated is refused in production: set WECHAT_PLATFORM_PROVIDER=wechat',
      'OCR_PROVIDER=simulated is refused in production: set OCR_PROVIDER=tencent',
      'SMS_PROVIDER must be set in production ("tencent", with its TENCENT_SMS_* settings): codes and notices need a real SMS provider',
    ])
  })

  it('refuses the SMS simulator and the lifecycle timer in production', () => {
    const problems = problemsOf({ ...PRODUCTION_ENV, SMS_SIMULATOR: 'true', SIM_AUTO_ADVANCE_SECONDS: '30' })
    expect(problems).toContain('SMS_SIMULATOR is refused in production: it reveals every code (sendTest); a real deployment implements SmsSender (server/auth/sms-gateway.ts)')
    expect(problems).toContain('SIM_AUTO_ADVANCE_SECONDS must be 0 in production (the lifecycle simulator)')
  })

  it('needs PUBLIC_BASE_URL in production', () => {
    const { PUBLIC_BASE_URL: _unset, ...env } = PRODUCTION_ENV
    expect(problemsOf(env)).toContain('PUBLIC_BASE_URL must be set in production (where browsers reach this server, e.g. https://etc.example.com)')
  })

  it('knows the simulator and the real choices written so far, and no other', () => {
    expect(problemsOf({ APP_ENV: APP_ENV.development, CASHIER_PROVIDER: 'alipay' })).toEqual(['CASHIER_PROVIDER must be "simulated" or "vendors"'])
    expect(problemsOf({ APP_ENV: APP_ENV.development, ISSUER_PROVIDER: 'soap' })).toEqual(['ISSUER_PROVIDER must be "simulated" or "http"'])
  })

  it('keeps the simulators on outside production, and takes the public address and operator secret', () => {
    const config = loadConfig({ APP_ENV: APP_ENV.development, HOST: '0.0.0.0', PORT: '8080', SIM_OPERATOR_SECRET: TEST_SIM_OPERATOR_SECRET }, '/srv/etc')
    expect(config).toMatchObject({
      outsideParties: { identity: 'simulated', phoneNumbers: 'simulated', cashier: 'simulated', risk: 'simulated', issuer: 'simulated', wechatPlatform: 'simulated', ocr: 'simulated' },
      smsSimulator: true,
      publicBaseUrl: 'http://127.0.0.1:8080',
      simOperatorSecret: TEST_SIM_OPERATOR_SECRET,
    })
    expect(loadConfig({ APP_ENV: APP_ENV.development, PUBLIC_BASE_URL: 'https://etc.example.com/app/' }, '/srv/etc').publicBaseUrl).toBe('https://etc.example.com/app')
    expect(problemsOf({ APP_ENV: APP_ENV.development, PUBLIC_BASE_URL: 'etc.example.com' })).toEqual(['PUBLIC_BASE_URL must be an http:// or https:// URL without query or fragment'])
    expect(problemsOf({ APP_ENV: APP_ENV.development, SIM_OPERATOR_SECRET: 'short' })).toEqual(['SIM_OPERATOR_SECRET must be at least 32 characters (unset it to generate one per process)'])
  })
})

describeDb('a production app', () => {
  const database = databasePerFile()

  const production = testConfig({ production: true, smsSimulator: false })

  it('refuses to build with simulated parts, naming each', async () => {
    await expect(createTestApp(database.db, { config: production })).rejects.toThrow(ConfigError)
    await expect(createTestApp(database.db, { config: production })).rejects.toMatchObject({
      problems: [
        'the identity provider bank is simulated: production needs a real implementation',
        'the identity provider map is simulated: production needs a real implementation',
        'the identity provider wechat is simulated: production needs a real implementation',
        'the identity provider alipay is simulated: production needs a real implementation',
        'the SMS gateway is simulated: production needs a real implementation',
        'the phone number provider is simulated: production needs a real implementation',
        'the cashier is simulated: production needs a real implementation',
        'the risk reviewer is simulated: production needs a real implementation',
        'the issuer gateway is simulated: production needs a real implementation',
        'the WeChat platform is simulated: production needs a real implementation',
        'the OCR provider is simulated: production needs a real implementation',
      ],
    })
  })

  it('refuses one simulated part among real ones', async () => {
    const deps = { ...realOutsidePartyStubs(), cashier: createSimulatedCashier(() => 'https://etc.example.com') }
    expect(simulatedParts(deps)).toEqual(['cashier'])
    await expect(createTestApp(database.db, { config: production, ...deps })).rejects.toMatchObject({
      problems: ['the cashier is simulated: production needs a real implementation'],
    })
  })

  it('refuses the SMS simulator switch even with a real gateway', async () => {
    await expect(createTestApp(database.db, { config: { ...production, smsSimulator: true }, ...realOutsidePartyStubs() })).rejects.toMatchObject({
      problems: ['SMS_SIMULATOR is on: production never answers the SMS test calls'],
    })
  })

  it('registers no /sim/* route', async () => {
    const app = await createTestApp(database.db, { config: production, ...realOutsidePartyStubs() })
    try {
      const paymentId = 'P000000000000000000000000'
      const page = await app.inject({ method: 'GET', url: `${pathOf(SIMULATOR_PATHS.cashier, { paymentId })}?token=x` })
      const settle = await app.inject({ method: 'POST', url: pathOf(SIMULATOR_PATHS.cashierResult, { paymentId }), payload: { token: 'x', outcome: 'success' } })
      // Nor does the simulated issuer's notification move an order: without a real issuer the route is not there.
      const notification = simulatedIssuerNotification(TEST_SIM_OPERATOR_SECRET, { orderId: 'O000000000000000000000000', action: 'audit-pass' }, {
        now: app.clock.now(),
        random: cryptoRandom,
        publicBaseUrl: app.config.publicBaseUrl,
      })
      const issuer = await app.inject({ method: 'POST', url: notification.path, headers: notification.headers, payload: notification.body, remoteAddress: '127.0.0.1' })
      expect([page.statusCode, settle.statusCode, issuer.statusCode]).toEqual([404, 404, 404])
      expect(app.app.printRoutes()).not.toContain('sim')
    } finally {
      await app.close()
    }
  })
})

describe('the operator secret of the lifecycle simulator', () => {
  it('is generated per process when unset and written, owner-only, where `npm run sim` reads it', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-sim-secret-'))
    try {
      const config = { dataDir, simOperatorSecret: undefined }
      expect(readOperatorSecret(config)).toBeUndefined()
      const secret = issueOperatorSecret(config, cryptoRandom)
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(readOperatorSecret(config)).toBe(secret)
      expect(statSync(path.join(dataDir, SIM_OPERATOR_SECRET_FILE)).mode & 0o777).toBe(0o600)
      expect(issueOperatorSecret(config, cryptoRandom)).not.toBe(secret)
      expect(issueOperatorSecret({ dataDir, simOperatorSecret: TEST_SIM_OPERATOR_SECRET }, cryptoRandom)).toBe(TEST_SIM_OPERATOR_SECRET)
      expect(readOperatorSecret({ dataDir, simOperatorSecret: TEST_SIM_OPERATOR_SECRET })).toBe(TEST_SIM_OPERATOR_SECRET)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the data key of a development machine', () => {
  it('is generated once into DATA_DIR, owner-only, and read by every later start; production must configure one', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-dev-key-'))
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'etc-dev-key-'))
    try {
      const development = { production: false, dataDir, dataKeyHex: undefined }
      const key = dataKeyOf(development)
      expect(key).toMatch(/^[0-9a-f]{64}$/)
      expect(statSync(path.join(dataDir, DEVELOPMENT_DATA_KEY_FILE)).mode & 0o777).toBe(0o600)
      expect(dataKeyOf(development)).toBe(key)
      expect(dataKeyOf({ ...development, dataDir: otherDir })).not.toBe(key)
      expect(dataKeyOf({ ...development, dataKeyHex: KEY })).toBe(KEY)
      expect(() => dataKeyOf({ ...development, production: true })).toThrow(ConfigError)
      writeFileSync(path.join(otherDir, DEVELOPMENT_DATA_KEY_FILE), 'not a key')
      expect(() => dataKeyOf({ ...development, dataDir: otherDir })).toThrow(/is not a data key/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(otherDir, { recursive: true, force: true })
    }
  })
})

describeDb('a development app', () => {
  const database = databasePerFile()

  it('warns once per simulated part it runs with', async () => {
    const app = await createTestApp(database.db, { config: { simAutoAdvanceSeconds: 5, dataKeyHex: undefined, dataDir: mkdtempSync(path.join(os.tmpdir(), 'etc-dev-warn-')) } })
    try {
      const warned = app.logs
        .entries()
        .filter((entry) => entry.level === WARN_LEVEL && entry.msg === SIMULATED_PART_WARNING)
        .map((entry) => entry.part)
      expect(warned).toEqual([
        ...['bank', 'map', 'wechat', 'alipay'].map((name) => `identity provider ${name}`),
        'SMS gateway',
        'phone number provider',
        'cashier',
        'risk reviewer',
        'issuer gateway',
        'WeChat platform',
        'OCR provider',
        'SMS test calls (sendTest)',
        'lifecycle timer (SIM_AUTO_ADVANCE_SECONDS)',
        'data key generated into DATA_DIR (DATA_KEY_HEX unset)',
      ])
    } finally {
      await app.close()
      rmSync(app.config.dataDir, { recursive: true, force: true })
    }
  })
})

const describeEmbedded = testDriver() === 'pglite' ? describe : describe.skip

describeEmbedded('startServer in production', () => {
  it('refuses to start with the simulators, with every problem listed', async () => {
    const config = testConfig({ production: true, smsSimulator: false, port: 0, logLevel: 'silent', database: { driver: 'pglite', dataDir: MEMORY_DATA_DIR } })
    await expect(startServer({ config, staticRoot: '/nonexistent' })).rejects.toThrow(/Invalid server configuration:\n {2}- the identity provider bank is simulated/)
  })
})

describeEmbedded('startServer on a development machine without DATA_KEY_HEX', () => {
  it('starts again on the data it wrote, with the key it generated', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-dev-restart-'))
    const config = testConfig({
      dataKeyHex: undefined,
      dataDir,
      uploadDir: path.join(dataDir, 'uploads'),
      database: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      port: 0,
      logLevel: 'silent',
    })
    try {
      await (await startServer({ config, staticRoot: '/nonexistent' })).close()
      const key = readFileSync(path.join(dataDir, DEVELOPMENT_DATA_KEY_FILE), 'utf8')
      await (await startServer({ config, staticRoot: '/nonexistent' })).close()
      expect(readFileSync(path.join(dataDir, DEVELOPMENT_DATA_KEY_FILE), 'utf8')).toBe(key)
      // Another key cannot open what the first one wrote.
      await expect(startServer({ config: { ...config, dataKeyHex: OTHER_KEY }, staticRoot: '/nonexistent' })).rejects.toThrow(DATA_KEY_MISMATCH)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
