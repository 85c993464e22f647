/**
 * What the app is built from (`buildApp(deps)`). Everything with an outside effect or a source of
 * change (time, randomness, SMS, files, identity providers, Redis) comes in here, so tests swap in
 * fakes and a deployment swaps in real services without touching the routes.
 */
import type { Redis } from 'ioredis'
import type { IdentityProviders } from './auth/identity-providers'
import type { Cashier } from './payments/cashier'
import type { IssuerGateway } from './orders/issuer-gateway'
import type { PhoneNumberProvider } from './platform/phone-numbers'
import type { WechatPlatform } from './platform/wechat'
import type { RiskReviewer } from './catalogue/risk-review'
import type { SmsGateway } from './auth/sms-gateway'
import type { DocumentReader } from './recognition/document-reader'
import type { Config } from './config'
import type { LogOptions } from './http/logging'
import type { AppMetrics } from './http/metrics'
import type { KeyProvider } from './crypto/key-provider'
import type { Db } from './db/database'
import type { FileStorage } from './storage/file-storage'
import type { Clock } from './runtime/clock'
import type { RandomSource } from './runtime/random'

export interface AppDeps {
  readonly config: Config
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
  readonly log: LogOptions
  readonly sms: SmsGateway
  /** Reads the text of ID card and driving licence photos for the form (OCR). */
  readonly ocr: DocumentReader
  /** Stored bytes; buildApp encrypts every file with the data key before it reaches them. */
  readonly storage: FileStorage
  /** Keys of data at rest (a KMS); derived from DATA_KEY_HEX when absent. */
  readonly keys?: KeyProvider
  readonly identity: IdentityProviders
  /** Phone numbers behind mini-program authorisation codes. */
  readonly phoneNumbers: PhoneNumberProvider
  /** Where a payment is made (the cashier page's address). */
  readonly cashier: Cashier
  /** The risk-control service that reviews a new application (requiredRisk). */
  readonly risk: RiskReviewer
  /** The card issuers, who take submitted orders (apply/push and the issuer outbox). */
  readonly issuer: IssuerGateway
  /** WeChat's JS-SDK config (getWeixinConfig) and the mini-program's URL links (getWeChat/urlLink). */
  readonly wechatPlatform: WechatPlatform
  /** Shared rate-limit counters for several server processes; in-process counters when absent. */
  readonly redis?: Redis
  /** Where the app counts what it does (GET /metrics); a registry of its own when absent. */
  readonly metrics?: AppMetrics
  /** The schema of drizzle's migration journal (/readyz); DEFAULT_MIGRATIONS_SCHEMA when absent. */
  readonly migrationsSchema?: string
  /** The built H5 app to serve at `/` next to the API (dist/h5); nothing is served when absent. */
  readonly staticRoot?: string
}
