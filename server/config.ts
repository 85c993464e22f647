/**
 * The server's configuration, read once from the environment with safe local defaults (see
 * .env.example for every variable). An invalid value stops the server at startup with a message
 * naming the variable, instead of surfacing later as a strange failure.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_PAYLOAD_KEY_HEX } from '../types/api/sealed'
import { VOUCHER_GUESS_LIMITS } from './catalogue/voucher-guesses'
import type { VoucherGuessLimits } from './catalogue/voucher-guesses'
import { readIdentityAccounts, readWechatMiniAccount } from './auth/identity-config'
import type { IdentityAccounts, WechatMiniAccount } from './auth/identity-config'
import { readSmsProvider } from './auth/sms-config'
import { readOcrAccount } from './recognition/ocr-config'
import type { TencentOcrAccount } from './recognition/ocr-config'
import type { TencentSmsAccount } from './auth/sms-config'
import { readPaymentAccounts } from './payments/payment-config'
import type { PaymentAccounts } from './payments/payment-config'
import type { IssuerAccount } from './orders/http-issuer'
import { readIssuerAccount } from './orders/issuer-config'
import { readRiskAccount } from './catalogue/risk-config'
import type { PartnerAccount } from './partners/signed-call'
import { readWechatOfficialAccount } from './platform/wechat-config'
import type { WechatOfficialAccount } from './platform/wechat-config'

export const DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: '.data',
  /** Below DATA_DIR unless UPLOAD_DIR is set. */
  uploadSubdir: 'uploads',
  /** Below DATA_DIR: the embedded database used when DATABASE_URL is unset. */
  pgliteSubdir: 'pglite',
  tokenTtlSeconds: 7200,
  simAutoAdvanceSeconds: 0,
  rateLimitPerMinute: 300,
  /** Stricter per-IP limits of the login calls and of the calls that send an SMS code. */
  loginRateLimitPerMinute: 30,
  sendCodeRateLimitPerMinute: 10,
  /** Per-IP limits of the tracking sink (its batches, its visits), and how long events are kept. */
  trackingRateLimitPerMinute: 30,
  trackingVisitRateLimitPerMinute: 20,
  trackingRetentionDays: 90,
  /** Per client IP per hour: new orders, and photo uploads (a household behind one address stays well below). */
  orderCreateRateLimitPerHour: 60,
  uploadRateLimitPerHour: 300,
  /** How long a submitted, unpaid order holds its plate; unpaid orders per user at once; new orders per user per 24 h. */
  unpaidHoldMinutes: 30,
  maxUnpaidOrders: 2,
  ordersPerUserPerDay: 10,
  logLevel: 'info',
  processes: 1,
} as const

/** SERVER_PROCESSES=auto: one server process per core. */
export const AUTO_PROCESSES = 'auto'
/** More processes than this is a typo rather than a machine. */
const MAX_PROCESSES = 256

/**
 * APP_ENV: the server runs as production unless told, explicitly, that this is a development
 * machine. `npm start` and the tests say so; anything else (unset, `prod`, a typo) is production,
 * which refuses simulators and development keys, so a mistyped environment fails closed.
 */
export const APP_ENV = { development: 'development', production: 'production' } as const
export type AppEnv = (typeof APP_ENV)[keyof typeof APP_ENV]

/**
 * `npm start` and `npm run sim` are the development commands: there (and in the server processes
 * they fork) an unset APP_ENV means development; `npm run server` and every other entry keep the
 * production default.
 */
export function defaultToDevelopment(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.APP_ENV?.trim()) env.APP_ENV = APP_ENV.development
}

/** Added to a refusal when APP_ENV is unset: the likeliest cause is a development machine that did not say so. */
export const UNSET_APP_ENV_HINT = 'APP_ENV is unset, so this is production; a development machine sets APP_ENV=development (npm start does)'

/**
 * The stand-ins for outside parties. Outside production they are the default; production refuses
 * them, so it starts only with the real integrations chosen (REAL_CHOICES).
 */
export const SIMULATED = 'simulated'
/** The real implementation of each outside party, by its variable's value. */
export const REAL_CHOICES = { cashier: 'vendors', identity: 'real', phoneNumbers: 'wechat', wechatPlatform: 'wechat', issuer: 'http', risk: 'http', ocr: 'tencent' } as const satisfies Record<OutsideParty, string>
export type OutsidePartyChoice = typeof SIMULATED | (typeof REAL_CHOICES)[keyof typeof REAL_CHOICES]

/**
 * The variable choosing each outside party, and what a real implementation provides. Each
 * simulated implementation carries `simulated: true`; buildApp checks the built parts as well
 * (server/production-guard.ts).
 */
export const OUTSIDE_PARTIES = {
  identity: { variable: 'IDENTITY_PROVIDERS', implements: 'IdentityProvider (server/auth/identity-providers.ts)' },
  phoneNumbers: { variable: 'PHONE_NUMBER_PROVIDER', implements: 'PhoneNumberProvider (server/platform/phone-numbers.ts)' },
  cashier: { variable: 'CASHIER_PROVIDER', implements: 'Cashier (server/payments/cashier.ts)' },
  risk: { variable: 'RISK_PROVIDER', implements: 'RiskReviewer (server/catalogue/risk-review.ts)' },
  issuer: { variable: 'ISSUER_PROVIDER', implements: 'IssuerGateway (server/orders/issuer-gateway.ts)' },
  wechatPlatform: { variable: 'WECHAT_PLATFORM_PROVIDER', implements: 'WechatPlatform (server/platform/wechat.ts)' },
  ocr: { variable: 'OCR_PROVIDER', implements: 'DocumentReader (server/recognition/document-reader.ts)' },
} as const
export type OutsideParty = keyof typeof OUTSIDE_PARTIES

/** A configured SIM_OPERATOR_SECRET is at least this long. */
export const MIN_SIM_OPERATOR_SECRET_LENGTH = 32

/** An unpaid order holds its plate at most a day (UNPAID_HOLD_MINUTES). */
const MAX_UNPAID_HOLD_MINUTES = 24 * 60

/** The per-user limits on orders (server/orders/order-limits.ts, server/orders/unpaid-orders.ts). */
export interface OrderLimits {
  /** Minutes a submitted order with something to pay holds its plate unpaid before it is cancelled. */
  readonly unpaidHoldMinutes: number
  /** Submitted, unpaid orders one user may hold at once. */
  readonly maxUnpaidOrders: number
  /** Orders one user may open in 24 hours. */
  readonly ordersPerDay: number
}

/** Production sheds load when the event loop lags a second behind; development never does. */
const DEFAULT_LOAD_SHED_DELAY_MS = 1000
const MAX_LOAD_SHED_DELAY_MS = 60_000

/** The largest TCP port number. */
const MAX_PORT = 65535
/** A token lives at least a minute and at most 30 days. */
const TOKEN_TTL_RANGE = { min: 60, max: 30 * 24 * 3600 } as const
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type DatabaseConfig =
  /** Embedded PostgreSQL (PGlite): a data directory, or `memory://` for a throwaway database. */
  | { readonly driver: 'pglite'; readonly dataDir: string }
  /** A PostgreSQL server through `pg`. */
  | { readonly driver: 'pg'; readonly url: string }

/** Fastify's trustProxy: off, on (any proxy), a hop count, or trusted addresses/CIDRs. */
export type TrustProxy = boolean | number | string[]

export interface Config {
  /** Every APP_ENV but `development`: real outside parties and configured keys only. */
  readonly production: boolean
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly uploadDir: string
  readonly database: DatabaseConfig
  /** Unset: rate limits are held in this process's memory. */
  readonly redisUrl: string | undefined
  readonly tokenTtlSeconds: number
  readonly payloadKeyHex: string
  /**
   * The key of personal data at rest (server/crypto/key-provider.ts): 64 hex characters. Unset
   * only in development, where one is generated into DATA_DIR (server/crypto/development-key.ts).
   */
  readonly dataKeyHex: string | undefined
  /** The key being rotated away from: still opens data while it is re-encrypted (server/db/rotate-data-key.ts). */
  readonly previousDataKeyHex: string | undefined
  /** The SMS simulator logs codes and answers the spec's test calls (sendTest). */
  readonly smsSimulator: boolean
  /** The real SMS provider (SMS_PROVIDER, server/auth/sms-config.ts); undefined without one. */
  readonly sms: TencentSmsAccount | undefined
  /** Which implementation of each outside party to build; production refuses `simulated`. */
  readonly outsideParties: Readonly<Record<OutsideParty, OutsidePartyChoice>>
  /** Event loop delay above which requests are shed with 503 (server/http/load-shedding.ts); 0 = off. */
  readonly loadShedEventLoopDelayMs: number
  /** The bearer token of GET /metrics; unset: only this machine's loopback may read it. */
  readonly metricsToken: string | undefined
  /** The identity providers of IDENTITY_PROVIDERS=real (server/auth/identity-config.ts); undefined with the simulated ones. */
  readonly identity: IdentityAccounts | undefined
  /** The WeChat mini-program's server credentials, when its login, its phone button or its URL links are real. */
  readonly wechatMini: WechatMiniAccount | undefined
  /** The official account of WECHAT_PLATFORM_PROVIDER=wechat, whose jsapi_ticket signs the JS-SDK config; undefined with the simulated platform. */
  readonly wechatOfficial: WechatOfficialAccount | undefined
  /** Tencent Cloud OCR's account of OCR_PROVIDER=tencent (server/recognition/ocr-config.ts); undefined with the simulator. */
  readonly ocrAccount: TencentOcrAccount | undefined
  /** The merchant accounts of CASHIER_PROVIDER=vendors (server/payments/payment-config.ts); undefined with the simulator. */
  readonly payments: PaymentAccounts | undefined
  /** The issuer's account of ISSUER_PROVIDER=http (server/orders/issuer-config.ts); undefined with the simulated issuer. */
  readonly issuerAccount: IssuerAccount | undefined
  /** The risk-control service of RISK_PROVIDER=http (server/catalogue/risk-config.ts); undefined with the simulated reviewer. */
  readonly riskAccount: PartnerAccount | undefined
  /** Where browsers reach this server (scheme, host, optional path): the cashier's address starts here. */
  readonly publicBaseUrl: string
  /**
   * The origins the app's own pages are served from: PUBLIC_BASE_URL's, and APP_ORIGINS (a comma
   * list) where hosts embed the H5 build elsewhere. getWeixinConfig signs addresses on these only.
   */
  readonly appOrigins: readonly string[]
  /**
   * The local operator's key: the simulated issuer's notifications (`npm run sim`) are signed with it, and the
   * simulator calls carry it; unset: generated per process (server/simulators/operator-secret.ts).
   */
  readonly simOperatorSecret: string | undefined
  /** 0 = off; otherwise paid orders advance one lifecycle step after this many seconds. */
  readonly simAutoAdvanceSeconds: number
  readonly trustProxy: TrustProxy
  /** Requests per minute per client IP, over all routes. */
  readonly rateLimitPerMinute: number
  /** Per client IP per minute: the login calls, and the calls that send an SMS code (stricter). */
  readonly authRateLimitPerMinute: { readonly login: number; readonly sendCode: number }
  /**
   * The tracking sink: batches and visits per client IP per minute (stricter than the general
   * limit), and the days an event is kept before the maintenance sweep deletes it.
   */
  readonly tracking: { readonly batchesPerMinute: number; readonly visitsPerMinute: number; readonly retentionDays: number }
  /** Failed write-off code guesses per client address and per code prefix (server/catalogue/voucher-guesses.ts). */
  readonly voucherGuessLimits: VoucherGuessLimits
  /** Per client IP per hour: orders opened, photos uploaded. */
  readonly hourlyRateLimit: { readonly orderCreate: number; readonly upload: number }
  /** Per user: how long an unpaid order holds its plate, unpaid orders at once, new orders per 24 h. */
  readonly orderLimits: OrderLimits
  readonly logLevel: LogLevel
  /**
   * Server processes sharing the port (node:cluster, server/cluster.ts); 1 serves from this
   * process alone. More than one needs a PostgreSQL server and Redis.
   */
  readonly processes: number
}

/** Every invalid variable at once, one line each. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'

  constructor(readonly problems: readonly string[]) {
    super(`Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

type Env = Readonly<Record<string, string | undefined>>

/** Reads variables, collecting problems instead of stopping at the first one. */
class EnvReader {
  readonly problems: string[] = []

  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name)
    if (value === undefined) return fallback
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`)
      return fallback
    }
    return Number(value)
  }

  /** NAME, or the content of the file NAME_FILE names (a mounted secret); both set is a problem. */
  secret(name: string): string | undefined {
    const value = this.raw(name)
    const file = this.raw(`${name}_FILE`)
    if (file === undefined) return value
    if (value !== undefined) {
      this.problems.push(`${name} and ${name}_FILE are both set: keep one`)
      return value
    }
    try {
      const content = readFileSync(file, 'utf8').trim()
      return content === '' ? undefined : content
    } catch {
      this.problems.push(`${name}_FILE names a file that cannot be read`)
      return undefined
    }
  }

  flag(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase()
    if (value === undefined) return fallback
    if (['1', 'true', 'on', 'yes'].includes(value)) return true
    if (['0', 'false', 'off', 'no'].includes(value)) return false
    this.problems.push(`${name} must be true/false, on/off, yes/no or 1/0 (got "${value}")`)
    return fallback
  }
}

function readDatabase(reader: EnvReader, dataDir: string): DatabaseConfig {
  const url = reader.secret('DATABASE_URL')
  if (url === undefined) return { driver: 'pglite', dataDir: path.join(dataDir, DEFAULTS.pgliteSubdir) }
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url)) {
    reader.problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)')
  }
  return { driver: 'pg', url }
}

function readRedisUrl(reader: EnvReader): string | undefined {
  const url = reader.secret('REDIS_URL')
  if (url !== undefined && !/^rediss?:\/\/[^\s]+$/.test(url)) {
    reader.problems.push('REDIS_URL must be a redis:// or rediss:// URL (unset it to keep limits in memory)')
  }
  return url
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/

/**
 * PAYLOAD_KEY_HEX seals API parameters between the app and the server. The app build carries it
 * (TARO_APP_PAYLOAD_KEY), so it protects no stored data; development uses the documented
 * placeholder, which production must not.
 */
function readPayloadKey(reader: EnvReader, production: boolean): string {
  const key = reader.secret('PAYLOAD_KEY_HEX')
  if (key === undefined) {
    if (production) reader.problems.push("PAYLOAD_KEY_HEX must be set in production (64 hex characters, the app build's TARO_APP_PAYLOAD_KEY)")
    return DEV_PAYLOAD_KEY_HEX
  }
  if (!HEX_KEY.test(key)) reader.problems.push('PAYLOAD_KEY_HEX must be 64 hex characters (32 bytes)')
  else if (production && key.toLowerCase() === DEV_PAYLOAD_KEY_HEX) reader.problems.push('PAYLOAD_KEY_HEX must not be the development placeholder in production')
  return key.toLowerCase()
}

/**
 * DATA_KEY_HEX opens the personal data at rest, so no value of it lives in the repository:
 * production must set it; development without it generates one into DATA_DIR on first start.
 * DATA_KEY_PREVIOUS_HEX is the key a rotation moves away from (server/db/rotate-data-key.ts).
 */
function readDataKeys(reader: EnvReader, production: boolean): { dataKeyHex: string | undefined; previousDataKeyHex: string | undefined } {
  const read = (name: string): string | undefined => {
    const key = reader.secret(name)
    if (key !== undefined && !HEX_KEY.test(key)) reader.problems.push(`${name} must be 64 hex characters (32 bytes)`)
    return key?.toLowerCase()
  }
  const dataKeyHex = read('DATA_KEY_HEX')
  const previousDataKeyHex = read('DATA_KEY_PREVIOUS_HEX')
  if (dataKeyHex === undefined && production) {
    reader.problems.push('DATA_KEY_HEX must be set in production (64 hex characters, the key of personal data at rest)')
  }
  if (previousDataKeyHex !== undefined && dataKeyHex === undefined) reader.problems.push('DATA_KEY_PREVIOUS_HEX needs DATA_KEY_HEX: the key the data moves to')
  if (previousDataKeyHex !== undefined && previousDataKeyHex === dataKeyHex) reader.problems.push('DATA_KEY_PREVIOUS_HEX must differ from DATA_KEY_HEX')
  return { dataKeyHex, previousDataKeyHex }
}

/**
 * Production unless APP_ENV says development; NODE_ENV=production beside APP_ENV=development is a
 * contradiction, refused rather than guessed.
 */
function readProduction(reader: EnvReader): boolean {
  const value = reader.raw('APP_ENV')?.toLowerCase()
  if (value !== undefined && value !== APP_ENV.development && value !== APP_ENV.production) {
    reader.problems.push(`APP_ENV must be "${APP_ENV.development}" or "${APP_ENV.production}" (unset: production)`)
  }
  const development = value === APP_ENV.development
  if (development && reader.raw('NODE_ENV') === 'production') reader.problems.push('APP_ENV=development contradicts NODE_ENV=production')
  return !development
}

/** Where a client reaches a server listening on `host` (every interface: this machine's loopback). */
export function localBaseUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

function readOutsideParties(reader: EnvReader, production: boolean): Record<OutsideParty, OutsidePartyChoice> {
  const choose = (party: OutsideParty): OutsidePartyChoice => {
    const { variable } = OUTSIDE_PARTIES[party]
    const real = REAL_CHOICES[party]
    const value = reader.raw(variable)?.toLowerCase() ?? SIMULATED
    if (value === real) return real
    if (value !== SIMULATED) reader.problems.push(`${variable} must be "${SIMULATED}" or "${real}"`)
    else if (production) reader.problems.push(`${variable}=${SIMULATED} is refused in production: set ${variable}=${real}`)
    return SIMULATED
  }
  return {
    identity: choose('identity'),
    phoneNumbers: choose('phoneNumbers'),
    cashier: choose('cashier'),
    risk: choose('risk'),
    issuer: choose('issuer'),
    wechatPlatform: choose('wechatPlatform'),
    ocr: choose('ocr'),
  }
}

/** The mini-program's credentials serve its login, its phone button and its URL links. */
function needsWechatMini(parties: Readonly<Record<OutsideParty, OutsidePartyChoice>>): boolean {
  return (
    parties.identity === REAL_CHOICES.identity || parties.phoneNumbers === REAL_CHOICES.phoneNumbers || parties.wechatPlatform === REAL_CHOICES.wechatPlatform
  )
}

function readPublicBaseUrl(reader: EnvReader, production: boolean, host: string, port: number): string {
  const value = reader.raw('PUBLIC_BASE_URL')
  if (value === undefined) {
    if (production) reader.problems.push('PUBLIC_BASE_URL must be set in production (where browsers reach this server, e.g. https://etc.example.com)')
    return localBaseUrl(host, port)
  }
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value)) {
    reader.problems.push('PUBLIC_BASE_URL must be an http:// or https:// URL without query or fragment')
  }
  return value.replace(/\/+$/, '')
}

const ORIGIN = /^https?:\/\/[^\s/?#]+$/

/** An address's origin; undefined for what is no address (reported by its own check). */
function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}

function readAppOrigins(reader: EnvReader, publicBaseUrl: string): string[] {
  const entries = (reader.raw('APP_ORIGINS') ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter(Boolean)
  const malformed = entries.filter((entry) => !ORIGIN.test(entry))
  const listed = entries.filter((entry) => ORIGIN.test(entry))
  if (malformed.length) reader.problems.push(`APP_ORIGINS must be a comma list of http(s) origins (scheme and host, no path): ${malformed.join(', ')}`)
  const origins = [publicBaseUrl, ...listed].map(originOf).filter((origin): origin is string => origin !== undefined)
  return [...new Set(origins)]
}

function readSimOperatorSecret(reader: EnvReader): string | undefined {
  const value = reader.raw('SIM_OPERATOR_SECRET')
  if (value !== undefined && value.length < MIN_SIM_OPERATOR_SECRET_LENGTH) {
    reader.problems.push(`SIM_OPERATOR_SECRET must be at least ${MIN_SIM_OPERATOR_SECRET_LENGTH} characters (unset it to generate one per process)`)
  }
  return value
}

function readSimulatorSwitches(reader: EnvReader, production: boolean, smsProvider: boolean): { smsSimulator: boolean; simAutoAdvanceSeconds: number } {
  const smsSimulator = reader.flag('SMS_SIMULATOR', !production && !smsProvider)
  if (smsSimulator && smsProvider) reader.problems.push('SMS_SIMULATOR and SMS_PROVIDER are both set: the simulator would hide the provider; keep one')
  if (production && !smsProvider) reader.problems.push('SMS_PROVIDER must be set in production ("tencent", with its TENCENT_SMS_* settings): codes and notices need a real SMS provider')
  const simAutoAdvanceSeconds = reader.integer('SIM_AUTO_ADVANCE_SECONDS', DEFAULTS.simAutoAdvanceSeconds, 0, 24 * 3600)
  if (production && smsSimulator) {
    reader.problems.push('SMS_SIMULATOR is refused in production: it reveals every code (sendTest); a real deployment implements SmsSender (server/auth/sms-gateway.ts)')
  }
  if (production && simAutoAdvanceSeconds > 0) reader.problems.push('SIM_AUTO_ADVANCE_SECONDS must be 0 in production (the lifecycle simulator)')
  return { smsSimulator, simAutoAdvanceSeconds }
}

function readTrustProxy(reader: EnvReader): TrustProxy {
  const value = reader.raw('TRUST_PROXY')
  if (value === undefined) return false
  const lower = value.toLowerCase()
  if (['true', 'on', 'yes'].includes(lower)) return true
  if (['false', 'off', 'no'].includes(lower)) return false
  if (/^\d+$/.test(value)) return Number(value)
  const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean)
  if (addresses.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) return addresses
  reader.problems.push('TRUST_PROXY must be true/false, a hop count, or a comma list of proxy addresses/CIDRs')
  return false
}

/** Events are kept at least a day and at most ten years. */
const TRACKING_RETENTION_RANGE = { min: 1, max: 3650 } as const

/**
 * The tracking sink's limits. A route's limit replaces the general one for that route, so neither
 * may exceed it; unset, they follow a general limit lowered below their defaults.
 */
function readTracking(reader: EnvReader, generalPerMinute: number): Config['tracking'] {
  const perMinute = (name: string, fallback: number): number => {
    const value = reader.integer(name, Math.min(fallback, generalPerMinute), 1, 1_000_000)
    if (value > generalPerMinute) reader.problems.push(`${name} must not exceed RATE_LIMIT_PER_MINUTE (${generalPerMinute}): the tracking sink is limited more strictly`)
    return value
  }
  return {
    batchesPerMinute: perMinute('TRACKING_RATE_LIMIT_PER_MINUTE', DEFAULTS.trackingRateLimitPerMinute),
    visitsPerMinute: perMinute('TRACKING_VISIT_RATE_LIMIT_PER_MINUTE', DEFAULTS.trackingVisitRateLimitPerMinute),
    retentionDays: reader.integer('TRACKING_RETENTION_DAYS', DEFAULTS.trackingRetentionDays, TRACKING_RETENTION_RANGE.min, TRACKING_RETENTION_RANGE.max),
  }
}

function readLogLevel(reader: EnvReader): LogLevel {
  const value = reader.raw('LOG_LEVEL')
  if (value === undefined) return DEFAULTS.logLevel
  const level = LOG_LEVELS.find((candidate) => candidate === value.toLowerCase())
  if (level === undefined) reader.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  return level ?? DEFAULTS.logLevel
}

/** How many failed write-off code guesses an hour an address and a prefix get; windows and back-off are VOUCHER_GUESS_LIMITS'. */
function readVoucherGuessLimits(reader: EnvReader): VoucherGuessLimits {
  const { perAddress, perPrefix } = VOUCHER_GUESS_LIMITS
  return {
    perAddress: { ...perAddress, max: reader.integer('VOUCHER_GUESSES_PER_ADDRESS_PER_HOUR', perAddress.max, 1, 1_000_000) },
    perPrefix: { ...perPrefix, max: reader.integer('VOUCHER_GUESSES_PER_PREFIX_PER_HOUR', perPrefix.max, 1, 1_000_000) },
  }
}

/**
 * SERVER_PROCESSES: a count or `auto` (one per core). Several processes need what they share
 * outside any one of them: a PostgreSQL server (PGlite lives inside one process) and Redis (the
 * per-IP and per-phone limits would otherwise count per process, each allowing the full limit).
 */
function readProcesses(reader: EnvReader, database: DatabaseConfig, redisUrl: string | undefined, cores: number): number {
  const value = reader.raw('SERVER_PROCESSES')
  const processes = value?.toLowerCase() === AUTO_PROCESSES ? cores : reader.integer('SERVER_PROCESSES', DEFAULTS.processes, 1, MAX_PROCESSES)
  if (processes > 1 && database.driver === 'pglite') {
    reader.problems.push('SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process')
  }
  if (processes > 1 && redisUrl === undefined) {
    reader.problems.push('SERVER_PROCESSES above 1 needs REDIS_URL: without it every process would count the rate limits on its own')
  }
  return processes
}

/**
 * The configuration from `env`; relative directories are taken from `cwd` (the repository root
 * under `npm start`), SERVER_PROCESSES=auto from `cores`. Throws a ConfigError listing every
 * invalid variable.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd(), cores: number = os.availableParallelism()): Config {
  const reader = new EnvReader(env)
  const production = readProduction(reader)
  const dataDir = path.resolve(cwd, reader.raw('DATA_DIR') ?? DEFAULTS.dataDir)
  const uploadDir = path.resolve(cwd, reader.raw('UPLOAD_DIR') ?? path.join(dataDir, DEFAULTS.uploadSubdir))
  const port = reader.integer('PORT', DEFAULTS.port, 0, MAX_PORT)
  const host = reader.raw('HOST') ?? DEFAULTS.host
  const database = readDatabase(reader, dataDir)
  const redisUrl = readRedisUrl(reader)
  const publicBaseUrl = readPublicBaseUrl(reader, production, host, port)
  const rateLimitPerMinute = reader.integer('RATE_LIMIT_PER_MINUTE', DEFAULTS.rateLimitPerMinute, 1, 1_000_000)
  const outsideParties = readOutsideParties(reader, production)
  const sms = readSmsProvider(reader)
  const config: Config = {
    production,
    port,
    host,
    dataDir,
    uploadDir,
    database,
    redisUrl,
    tokenTtlSeconds: reader.integer('TOKEN_TTL_SECONDS', DEFAULTS.tokenTtlSeconds, TOKEN_TTL_RANGE.min, TOKEN_TTL_RANGE.max),
    payloadKeyHex: readPayloadKey(reader, production),
    ...readDataKeys(reader, production),
    ...readSimulatorSwitches(reader, production, sms !== undefined),
    sms,
    outsideParties,
    payments: outsideParties.cashier === REAL_CHOICES.cashier ? readPaymentAccounts(reader) : undefined,
    issuerAccount: outsideParties.issuer === REAL_CHOICES.issuer ? readIssuerAccount(reader, production) : undefined,
    riskAccount: outsideParties.risk === REAL_CHOICES.risk ? readRiskAccount(reader, production) : undefined,
    identity: outsideParties.identity === REAL_CHOICES.identity ? readIdentityAccounts(reader) : undefined,
    wechatMini: needsWechatMini(outsideParties) ? readWechatMiniAccount(reader) : undefined,
    wechatOfficial: outsideParties.wechatPlatform === REAL_CHOICES.wechatPlatform ? readWechatOfficialAccount(reader) : undefined,
    ocrAccount: outsideParties.ocr === REAL_CHOICES.ocr ? readOcrAccount(reader) : undefined,
    metricsToken: reader.secret('METRICS_TOKEN'),
    loadShedEventLoopDelayMs: reader.integer('LOAD_SHED_EVENT_LOOP_DELAY_MS', production ? DEFAULT_LOAD_SHED_DELAY_MS : 0, 0, MAX_LOAD_SHED_DELAY_MS),
    publicBaseUrl,
    appOrigins: readAppOrigins(reader, publicBaseUrl),
    simOperatorSecret: readSimOperatorSecret(reader),
    trustProxy: readTrustProxy(reader),
    rateLimitPerMinute,
    authRateLimitPerMinute: {
      login: reader.integer('LOGIN_RATE_LIMIT_PER_MINUTE', DEFAULTS.loginRateLimitPerMinute, 1, 1_000_000),
      sendCode: reader.integer('SEND_CODE_RATE_LIMIT_PER_MINUTE', DEFAULTS.sendCodeRateLimitPerMinute, 1, 1_000_000),
    },
    voucherGuessLimits: readVoucherGuessLimits(reader),
    tracking: readTracking(reader, rateLimitPerMinute),
    hourlyRateLimit: {
      orderCreate: reader.integer('ORDER_CREATE_RATE_LIMIT_PER_HOUR', DEFAULTS.orderCreateRateLimitPerHour, 1, 1_000_000),
      upload: reader.integer('UPLOAD_RATE_LIMIT_PER_HOUR', DEFAULTS.uploadRateLimitPerHour, 1, 1_000_000),
    },
    orderLimits: {
      unpaidHoldMinutes: reader.integer('UNPAID_HOLD_MINUTES', DEFAULTS.unpaidHoldMinutes, 1, MAX_UNPAID_HOLD_MINUTES),
      maxUnpaidOrders: reader.integer('MAX_UNPAID_ORDERS', DEFAULTS.maxUnpaidOrders, 1, 1_000_000),
      ordersPerDay: reader.integer('ORDERS_PER_USER_PER_DAY', DEFAULTS.ordersPerUserPerDay, 1, 1_000_000),
    },
    logLevel: readLogLevel(reader),
    processes: readProcesses(reader, database, redisUrl, cores),
  }
  if (reader.problems.length && reader.raw('APP_ENV') === undefined) reader.problems.push(UNSET_APP_ENV_HINT)
  if (reader.problems.length) throw new ConfigError(reader.problems)
  return config
}
