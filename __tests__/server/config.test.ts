/** The server configuration: safe local defaults, every variable read, clear startup errors. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { APP_ENV, ConfigError, DEFAULTS, UNSET_APP_ENV_HINT, loadConfig } from '../../server/config'
import { DEV_PAYLOAD_KEY_HEX } from '../../types/api/sealed'
import { VOUCHER_GUESS_LIMITS } from '../../server/catalogue/voucher-guesses'
import { configProblems } from './support/config-problems'

const CWD = '/srv/etc'
const KEY = 'ab'.repeat(32)
const DATA_KEY = 'cd'.repeat(32)
/** What `npm start` and the tests say; every other environment is production. */
const DEVELOPMENT = { APP_ENV: APP_ENV.development } as const
const PRODUCTION = { APP_ENV: APP_ENV.production } as const

const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig({ ...DEVELOPMENT, ...env }, CWD))

describe('server configuration', () => {
  it('defaults to a local development setup', () => {
    const config = loadConfig(DEVELOPMENT, CWD)
    expect(config).toEqual({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(CWD, '.data'),
      uploadDir: path.join(CWD, '.data/uploads'),
      database: { driver: 'pglite', dataDir: path.join(CWD, '.data/pglite') },
      redisUrl: undefined,
      tokenTtlSeconds: 7200,
      payloadKeyHex: DEV_PAYLOAD_KEY_HEX,
      dataKeyHex: undefined,
      previousDataKeyHex: undefined,
      smsSimulator: true,
      outsideParties: { identity: 'simulated', phoneNumbers: 'simulated', cashier: 'simulated', risk: 'simulated', issuer: 'simulated', wechatPlatform: 'simulated', ocr: 'simulated' },
      publicBaseUrl: 'http://127.0.0.1:3000',
      appOrigins: ['http://127.0.0.1:3000'],
      simOperatorSecret: undefined,
      simAutoAdvanceSeconds: 0,
      trustProxy: false,
      rateLimitPerMinute: DEFAULTS.rateLimitPerMinute,
      authRateLimitPerMinute: { login: DEFAULTS.loginRateLimitPerMinute, sendCode: DEFAULTS.sendCodeRateLimitPerMinute },
      hourlyRateLimit: { orderCreate: DEFAULTS.orderCreateRateLimitPerHour, upload: DEFAULTS.uploadRateLimitPerHour },
      orderLimits: { unpaidHoldMinutes: DEFAULTS.unpaidHoldMinutes, maxUnpaidOrders: DEFAULTS.maxUnpaidOrders, ordersPerDay: DEFAULTS.ordersPerUserPerDay },
      tracking: { batchesPerMinute: DEFAULTS.trackingRateLimitPerMinute, visitsPerMinute: DEFAULTS.trackingVisitRateLimitPerMinute, retentionDays: DEFAULTS.trackingRetentionDays },
      voucherGuessLimits: VOUCHER_GUESS_LIMITS,
      logLevel: 'info',
      processes: 1,
      loadShedEventLoopDelayMs: 0,
      metricsToken: undefined,
      payments: undefined,
      sms: undefined,
    })
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        APP_ENV: 'Development',
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://app@db.internal:5432/etc',
        DATA_DIR: 'var',
        UPLOAD_DIR: '/mnt/uploads',
        REDIS_URL: 'redis://cache:6379',
        TOKEN_TTL_SECONDS: '3600',
        PAYLOAD_KEY_HEX: KEY.toUpperCase(),
        DATA_KEY_HEX: DATA_KEY.toUpperCase(),
        DATA_KEY_PREVIOUS_HEX: KEY,
        SMS_SIMULATOR: 'on',
        IDENTITY_PROVIDERS: 'simulated',
        PHONE_NUMBER_PROVIDER: 'SIMULATED',
        CASHIER_PROVIDER: 'simulated',
        ISSUER_PROVIDER: 'simulated',
        WECHAT_PLATFORM_PROVIDER: 'simulated',
        PUBLIC_BASE_URL: 'https://etc.example.com/',
        APP_ORIGINS: 'https://h5.bank.example.cn/, https://etc.example.com',
        SIM_OPERATOR_SECRET: 'x'.repeat(40),
        SIM_AUTO_ADVANCE_SECONDS: '30',
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
        RATE_LIMIT_PER_MINUTE: '50',
        LOGIN_RATE_LIMIT_PER_MINUTE: '20',
        SEND_CODE_RATE_LIMIT_PER_MINUTE: '5',
        ORDER_CREATE_RATE_LIMIT_PER_HOUR: '40',
        UPLOAD_RATE_LIMIT_PER_HOUR: '200',
        UNPAID_HOLD_MINUTES: '15',
        MAX_UNPAID_ORDERS: '1',
        ORDERS_PER_USER_PER_DAY: '5',
        TRACKING_RATE_LIMIT_PER_MINUTE: '12',
        TRACKING_VISIT_RATE_LIMIT_PER_MINUTE: '6',
        TRACKING_RETENTION_DAYS: '30',
        VOUCHER_GUESSES_PER_ADDRESS_PER_HOUR: '10',
        VOUCHER_GUESSES_PER_PREFIX_PER_HOUR: '500',
        LOG_LEVEL: 'WARN',
        SERVER_PROCESSES: '3',
        METRICS_TOKEN: 'metrics-token-0123456789',
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '250',
      },
      CWD,
    )
    expect(config).toEqual({
      production: false,
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(CWD, 'var'),
      uploadDir: '/mnt/uploads',
      database: { driver: 'pg', url: 'postgres://app@db.internal:5432/etc' },
      redisUrl: 'redis://cache:6379',
      tokenTtlSeconds: 3600,
      payloadKeyHex: KEY,
      dataKeyHex: DATA_KEY,
      previousDataKeyHex: KEY,
      smsSimulator: true,
      outsideParties: { identity: 'simulated', phoneNumbers: 'simulated', cashier: 'simulated', risk: 'simulated', issuer: 'simulated', wechatPlatform: 'simulated', ocr: 'simulated' },
      publicBaseUrl: 'https://etc.example.com',
      // PUBLIC_BASE_URL's origin first; each origin once.
      appOrigins: ['https://etc.example.com', 'https://h5.bank.example.cn'],
      simOperatorSecret: 'x'.repeat(40),
      simAutoAdvanceSeconds: 30,
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      rateLimitPerMinute: 50,
      authRateLimitPerMinute: { login: 20, sendCode: 5 },
      hourlyRateLimit: { orderCreate: 40, upload: 200 },
      orderLimits: { unpaidHoldMinutes: 15, maxUnpaidOrders: 1, ordersPerDay: 5 },
      tracking: { batchesPerMinute: 12, visitsPerMinute: 6, retentionDays: 30 },
      voucherGuessLimits: {
        perAddress: { ...VOUCHER_GUESS_LIMITS.perAddress, max: 10 },
        perPrefix: { ...VOUCHER_GUESS_LIMITS.perPrefix, max: 500 },
      },
      logLevel: 'warn',
      processes: 3,
      loadShedEventLoopDelayMs: 250,
      metricsToken: 'metrics-token-0123456789',
      payments: undefined,
      sms: undefined,
    })
  })

  it('turns the SMS simulator off in production, and refuses it there when asked for', () => {
    const production = { ...PRODUCTION, PAYLOAD_KEY_HEX: KEY, DATA_KEY_HEX: DATA_KEY }
    expect(problemsOf(production).filter((problem) => problem.startsWith('SMS_SIMULATOR'))).toEqual([])
    expect(problemsOf({ ...production, SMS_SIMULATOR: 'on' })).toContain(
      'SMS_SIMULATOR is refused in production: it reveals every code (sendTest); a real deployment implements SmsSender (server/auth/sms-gateway.ts)',
    )
    expect(loadConfig({ ...DEVELOPMENT,  SMS_SIMULATOR: 'false' }, CWD).smsSimulator).toBe(false)
  })

  it.each([
    ['true', true],
    ['2', 2],
    ['off', false],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ ...DEVELOPMENT,  TRUST_PROXY: value }, CWD).trustProxy).toEqual(expected)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ TOKEN_TTL_SECONDS: '5' }, 'TOKEN_TTL_SECONDS must be a whole number from 60 to 2592000 (got "5")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL (unset it to keep limits in memory)'],
    [{ PAYLOAD_KEY_HEX: 'abc' }, 'PAYLOAD_KEY_HEX must be 64 hex characters (32 bytes)'],
    [{ SMS_SIMULATOR: 'maybe' }, 'SMS_SIMULATOR must be true/false, on/off, yes/no or 1/0 (got "maybe")'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be true/false, a hop count, or a comma list of proxy addresses/CIDRs'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SEND_CODE_RATE_LIMIT_PER_MINUTE: '0' }, 'SEND_CODE_RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")'],
    [{ UPLOAD_RATE_LIMIT_PER_HOUR: '0' }, 'UPLOAD_RATE_LIMIT_PER_HOUR must be a whole number from 1 to 1000000 (got "0")'],
    [{ UNPAID_HOLD_MINUTES: '1441' }, 'UNPAID_HOLD_MINUTES must be a whole number from 1 to 1440 (got "1441")'],
    [{ MAX_UNPAID_ORDERS: 'two' }, 'MAX_UNPAID_ORDERS must be a whole number from 1 to 1000000 (got "two")'],
    [{ TRACKING_RETENTION_DAYS: '0' }, 'TRACKING_RETENTION_DAYS must be a whole number from 1 to 3650 (got "0")'],
    [{ TRACKING_RATE_LIMIT_PER_MINUTE: '301' }, 'TRACKING_RATE_LIMIT_PER_MINUTE must not exceed RATE_LIMIT_PER_MINUTE (300): the tracking sink is limited more strictly'],
    [{ RATE_LIMIT_PER_MINUTE: '100', TRACKING_VISIT_RATE_LIMIT_PER_MINUTE: '101' }, 'TRACKING_VISIT_RATE_LIMIT_PER_MINUTE must not exceed RATE_LIMIT_PER_MINUTE (100): the tracking sink is limited more strictly'],
    [{ VOUCHER_GUESSES_PER_ADDRESS_PER_HOUR: '0' }, 'VOUCHER_GUESSES_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 1000000 (got "0")'],
    [{ VOUCHER_GUESSES_PER_PREFIX_PER_HOUR: 'many' }, 'VOUCHER_GUESSES_PER_PREFIX_PER_HOUR must be a whole number from 1 to 1000000 (got "many")'],
    [{ ...PRODUCTION, DATA_KEY_HEX: DATA_KEY }, "PAYLOAD_KEY_HEX must be set in production (64 hex characters, the app build's TARO_APP_PAYLOAD_KEY)"],
    [{ ...PRODUCTION, PAYLOAD_KEY_HEX: DEV_PAYLOAD_KEY_HEX, DATA_KEY_HEX: DATA_KEY }, 'PAYLOAD_KEY_HEX must not be the development placeholder in production'],
    [{ DATA_KEY_HEX: 'abc' }, 'DATA_KEY_HEX must be 64 hex characters (32 bytes)'],
    [{ APP_ORIGINS: 'https://h5.bank.example.cn/etc, ftp://x.example.cn' }, 'APP_ORIGINS must be a comma list of http(s) origins (scheme and host, no path): https://h5.bank.example.cn/etc, ftp://x.example.cn'],
  ])('refuses %j with a message naming the variable', (env, problem) => {
    // Production also refuses the simulated outside parties (production.test.ts).
    expect(problemsOf(env)).toEqual('APP_ENV' in env ? expect.arrayContaining([problem]) : [problem])
  })

  it('keeps the tracking limits unset within a lowered general limit', () => {
    expect(loadConfig({ ...DEVELOPMENT, RATE_LIMIT_PER_MINUTE: '10' }, CWD).tracking).toEqual({ batchesPerMinute: 10, visitsPerMinute: 10, retentionDays: DEFAULTS.trackingRetentionDays })
  })

  it('refuses production without its own data key; development generates one into DATA_DIR', () => {
    expect(problemsOf({ ...PRODUCTION, PAYLOAD_KEY_HEX: KEY })).toContain(
      'DATA_KEY_HEX must be set in production (64 hex characters, the key of personal data at rest)',
    )
    expect(loadConfig(DEVELOPMENT, CWD).dataKeyHex).toBeUndefined()
  })

  it('takes a previous data key only beside a different current one', () => {
    expect(problemsOf({ DATA_KEY_PREVIOUS_HEX: KEY })).toEqual(['DATA_KEY_PREVIOUS_HEX needs DATA_KEY_HEX: the key the data moves to'])
    expect(problemsOf({ DATA_KEY_HEX: KEY, DATA_KEY_PREVIOUS_HEX: KEY.toUpperCase() })).toEqual(['DATA_KEY_PREVIOUS_HEX must differ from DATA_KEY_HEX'])
    expect(problemsOf({ DATA_KEY_HEX: KEY, DATA_KEY_PREVIOUS_HEX: 'abc' })).toEqual(['DATA_KEY_PREVIOUS_HEX must be 64 hex characters (32 bytes)'])
  })

  describe('APP_ENV: production unless development is said', () => {
    const SIMULATOR_REFUSED = 'CASHIER_PROVIDER=simulated is refused in production: set CASHIER_PROVIDER=vendors'

    it.each([
      ['no APP_ENV', {}],
      ['NODE_ENV=prod', { NODE_ENV: 'prod' }],
      ['NODE_ENV= (empty)', { NODE_ENV: '' }],
      ['NODE_ENV=development without APP_ENV', { NODE_ENV: 'development' }],
      ['APP_ENV= (empty)', { APP_ENV: '' }],
    ])('refuses to start with a simulator given %s, saying how a development machine starts', (_what, env) => {
      let problems: readonly string[] = []
      try {
        loadConfig(env, CWD)
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems
      }
      expect(problems).toContain(SIMULATOR_REFUSED)
      expect(problems).toContain(UNSET_APP_ENV_HINT)
    })

    it('refuses an APP_ENV it does not know, and development beside NODE_ENV=production', () => {
      expect(problemsOf({ APP_ENV: 'prod' })).toEqual(expect.arrayContaining(['APP_ENV must be "development" or "production" (unset: production)', SIMULATOR_REFUSED]))
      expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['APP_ENV=development contradicts NODE_ENV=production'])
    })

    it('is development only when APP_ENV says so', () => {
      expect(loadConfig(DEVELOPMENT, CWD).production).toBe(false)
      expect(loadConfig({ APP_ENV: ' DEVELOPMENT ' }, CWD).production).toBe(false)
      expect(problemsOf(PRODUCTION)).toContain(SIMULATOR_REFUSED)
      expect(problemsOf(PRODUCTION)).not.toContain(UNSET_APP_ENV_HINT)
    })
  })

  describe('SERVER_PROCESSES', () => {
    const SHARED = { DATABASE_URL: 'postgres://app@db.internal:5432/etc', REDIS_URL: 'redis://cache:6379' }
    const CORES = 4

    it('is a count, or auto for one process per core', () => {
      expect(loadConfig({ ...DEVELOPMENT,  ...SHARED, SERVER_PROCESSES: '2' }, CWD, CORES).processes).toBe(2)
      expect(loadConfig({ ...DEVELOPMENT,  ...SHARED, SERVER_PROCESSES: 'auto' }, CWD, CORES).processes).toBe(CORES)
      expect(loadConfig({ ...DEVELOPMENT,  ...SHARED, SERVER_PROCESSES: 'AUTO' }, CWD, CORES).processes).toBe(CORES)
      expect(loadConfig({ ...DEVELOPMENT,  SERVER_PROCESSES: '1' }, CWD, CORES).processes).toBe(1)
    })

    it('refuses what is not a count from 1', () => {
      for (const value of ['0', '-2', 'two', '1.5', '257']) {
        expect(problemsOf({ ...SHARED, SERVER_PROCESSES: value })).toEqual([`SERVER_PROCESSES must be a whole number from 1 to 256 (got "${value}")`])
      }
    })

    it('refuses several processes on the embedded database, which belongs to one process', () => {
      expect(problemsOf({ REDIS_URL: SHARED.REDIS_URL, SERVER_PROCESSES: '2' })).toEqual([
        'SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process',
      ])
      // auto on a one-core machine is one process: nothing to refuse.
      expect(loadConfig({ ...DEVELOPMENT,  SERVER_PROCESSES: 'auto' }, CWD, 1).processes).toBe(1)
      expect(() => loadConfig({ ...DEVELOPMENT,  REDIS_URL: SHARED.REDIS_URL, SERVER_PROCESSES: 'auto' }, CWD, 2)).toThrow(/PGlite/)
    })

    it('refuses several processes without Redis, where each would count the limits on its own', () => {
      expect(problemsOf({ DATABASE_URL: SHARED.DATABASE_URL, SERVER_PROCESSES: '2' })).toEqual([
        'SERVER_PROCESSES above 1 needs REDIS_URL: without it every process would count the rate limits on its own',
      ])
    })
  })

  it('reads the keys and the servers\' addresses from mounted files (NAME_FILE)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'etc-config-'))
    try {
      const file = (name: string, content: string): string => {
        const target = path.join(dir, name)
        writeFileSync(target, `${content}\n`)
        return target
      }
      const config = loadConfig(
        {
          ...DEVELOPMENT,
          DATA_KEY_HEX: undefined,
          DATA_KEY_HEX_FILE: file('data-key', 'ab'.repeat(32)),
          PAYLOAD_KEY_HEX_FILE: file('payload-key', 'cd'.repeat(32)),
          DATABASE_URL_FILE: file('database-url', 'postgres://etc:secret@db.internal:5432/etc'),
          REDIS_URL_FILE: file('redis-url', 'redis://:secret@cache.internal:6379'),
        },
        CWD,
      )
      expect(config).toMatchObject({
        dataKeyHex: 'ab'.repeat(32),
        payloadKeyHex: 'cd'.repeat(32),
        database: { driver: 'pg', url: 'postgres://etc:secret@db.internal:5432/etc' },
        redisUrl: 'redis://:secret@cache.internal:6379',
      })
      expect(problemsOf({ DATA_KEY_HEX_FILE: path.join(dir, 'missing') })).toEqual(['DATA_KEY_HEX_FILE names a file that cannot be read'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y', REDIS_URL: 'z' })
    expect(problems).toHaveLength(3)
    expect(() => loadConfig({ ...DEVELOPMENT,  PORT: 'x', LOG_LEVEL: 'y' }, CWD)).toThrow(/Invalid server configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL/)
  })
})
