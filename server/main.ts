/**
 * The server process: configuration, database (migrated and seeded), the app with the built H5
 * app at `/`, listening on HOST:PORT; SIGINT/SIGTERM close it gracefully (in-flight requests
 * finish, then the database and Redis connections close). `npm start` builds the H5 app first
 * (scripts/start.ts); `npm run server` starts the server alone.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { buildApp, installDataCipher } from './app'
import { runServer } from './cluster'
import type { ServerProcess } from './cluster'
import { createConfiguredPeople, createWechatMiniProgram } from './platform/configured-identity'
import { createSmsSimulator, createUnavailableSms } from './auth/sms-gateway'
import type { OutboxPeers } from './auth/sms-gateway'
import { createConfiguredSms } from './auth/tencent-sms'
import { createConfiguredOcr } from './recognition/tencent-ocr'
import { createOcrSimulator } from './simulators/ocr-simulator'
import { ConfigError, loadConfig, localBaseUrl } from './config'
import type { Config } from './config'
import { openDatabase } from './db/database'
import type { Database } from './db/database'
import { encryptExistingData } from './db/encrypt-at-rest'
import type { FieldCipher } from './crypto/field-cipher'
import { verifyDataKey } from './db/data-key-check'
import { migrate } from './db/migrate'
import { rotateDataKey } from './db/rotate-data-key'
import { systemClock } from './runtime/clock'
import { announceListening } from './listening'
import { cryptoRandom } from './runtime/random'
import { closeRedis, createRedisClient } from './limits/redis-client'
import { createConfiguredCashier } from './payments/configured-cashier'
import { createConfiguredWechatPlatform } from './platform/configured-wechat'
import { createMetrics } from './http/metrics'
import { createConfiguredRiskReviewer } from './catalogue/configured-risk'
import type { PeriodicJob } from './runtime/periodic'
import { startServerJobs } from './jobs/server-jobs'
import { createHttpIssuer } from './orders/http-issuer'
import { createSimulatedIssuer } from './simulators/issuer'
import { seed } from './seed'
import { issueOperatorSecret } from './simulators/operator-secret'
import { createLocalFileStorage } from './storage/file-storage'

/** The built H5 app, relative to the repository root. */
export const DEFAULT_STATIC_ROOT = path.resolve(__dirname, '../dist/h5')

export interface RunningServer {
  readonly url: string
  readonly app: FastifyInstance
  /** Stops accepting requests, lets in-flight ones finish, then closes connections. */
  close(): Promise<void>
}

export interface StartOptions {
  config?: Config
  /** The built H5 app; served only when it exists. */
  staticRoot?: string
  /** A worker of several server processes (server/cluster.ts); absent: the only process. */
  worker?: WorkerRole
}

/** What one of several server processes does besides serving. */
export interface WorkerRole {
  /** The primary has migrated, seeded and encrypted the database before starting the workers. */
  readonly databasePrepared: true
  /** Runs the periodic jobs (server/jobs/server-jobs.ts): one process of a machine does; leases share them between machines. */
  readonly runsMaintenance: boolean
  /** The other processes' SMS simulators, which share their outboxes with this one's. */
  readonly smsPeers: OutboxPeers
}

/**
 * Brings the database to this version: migrations, the data key's check, the first run's seed.
 * Once per start, before any process serves. The cipher is installed first: seeds write
 * encrypted columns.
 */
async function prepareSchema(config: Config, database: Database): Promise<{ cipher: FieldCipher; seeded: string[] }> {
  await migrate(database)
  const cipher = installDataCipher({ config })
  await verifyDataKey(database.db, cipher)
  return { cipher, seeded: await seed(database.db) }
}

/**
 * The primary's share of a start with several processes (server/cluster.ts): the database
 * prepared as a lone process prepares it, rows written before encryption at rest encrypted, then
 * closed again; the workers only serve.
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger): Promise<void> {
  const database = await openDatabase(config.database)
  try {
    const { cipher, seeded } = await prepareSchema(config, database)
    const storage = createLocalFileStorage(config.uploadDir)
    await encryptExistingData(database.db, cipher, storage, log)
    await rotateDataKey(database.db, cipher, storage, log)
    log.info({ database: describeDatabase(config), seeded }, 'database prepared')
  } finally {
    await database.close()
  }
}

function describeDatabase(config: Config): string {
  return config.database.driver === 'pglite' ? `embedded PostgreSQL in ${config.database.dataDir}` : 'PostgreSQL server (DATABASE_URL)'
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const loaded = options.config ?? loadConfig()
  // Production has no simulator call, so no operator secret either.
  const config: Config = loaded.production ? loaded : { ...loaded, simOperatorSecret: issueOperatorSecret(loaded, cryptoRandom) }
  const staticRoot = options.staticRoot ?? DEFAULT_STATIC_ROOT
  const database: Database = await openDatabase(config.database)
  let publicBaseUrl = config.publicBaseUrl
  // Connects in the background: the server starts without Redis and picks it up when it answers.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined
  const storage = createLocalFileStorage(config.uploadDir)
  let app: FastifyInstance | undefined
  let jobs: PeriodicJob | undefined
  const metrics = createMetrics()
  const issuer = config.issuerAccount ? createHttpIssuer(config.issuerAccount, { clock: systemClock, random: cryptoRandom, metrics }) : createSimulatedIssuer()
  const cashier = createConfiguredCashier(config, () => publicBaseUrl, metrics)
  // One adapter per WeChat app in this process: the login, the phone button and the URL links share the mini-program's token.
  // WeChat's credentials: shared through Redis, else through the database.
  const tokens = { redis, db: database.db }
  const miniProgram = createWechatMiniProgram(config, tokens)
  const sms = config.smsSimulator ? createSmsSimulator(options.worker?.smsPeers) : config.sms ? createConfiguredSms(config.sms) : createUnavailableSms()
  try {
    const prepared = options.worker ? undefined : await prepareSchema(config, database)
    if (options.worker) await verifyDataKey(database.db, installDataCipher({ config }))
    app = await buildApp({
      config,
      db: database.db,
      clock: systemClock,
      random: cryptoRandom,
      log: { level: config.logLevel },
      sms,
      ocr: config.ocrAccount ? createConfiguredOcr(config.ocrAccount) : createOcrSimulator(),
      storage,
      ...createConfiguredPeople(config, tokens, miniProgram),
      cashier,
      risk: createConfiguredRiskReviewer(config, { clock: systemClock, random: cryptoRandom, metrics, log: { warn: (facts, message) => app?.log.warn(facts, message) } }),
      issuer,
      wechatPlatform: createConfiguredWechatPlatform(config, { tokens, miniProgram, clock: systemClock, random: cryptoRandom, baseUrl: () => publicBaseUrl }),
      redis,
      migrationsSchema: database.migrationsSchema,
      metrics,
      staticRoot: existsSync(path.join(staticRoot, 'index.html')) ? staticRoot : undefined,
    })
    if (prepared) {
      await encryptExistingData(database.db, prepared.cipher, storage, app.log)
      await rotateDataKey(database.db, prepared.cipher, storage, app.log)
    }
    if (options.worker?.runsMaintenance !== false) {
      const retention = config.tracking.retentionDays
      jobs = startServerJobs({ db: database.db, clock: systemClock, random: cryptoRandom, storage, log: app.log, trackingRetentionDays: retention, issuer, sms, cashier })
    }
    const address = await app.listen({ port: config.port, host: config.host })
    // PORT=0 lets the OS choose: the default address (HOST:0) becomes the one actually listening.
    if (config.port === 0 && publicBaseUrl === localBaseUrl(config.host, config.port)) publicBaseUrl = address
    app.log.info(
      { database: describeDatabase(config), seeded: prepared?.seeded ?? [], smsSimulator: config.smsSimulator, sharedLimits: Boolean(redis) },
      'server started',
    )
    const running = app
    return {
      url: address,
      app: running,
      close: async () => {
        await jobs?.stop()
        await running.close()
        await database.close()
        if (redis) await closeRedis(redis)
      },
    }
  } catch (error) {
    await jobs?.stop()
    await app?.close()
    await database.close()
    if (redis) await closeRedis(redis)
    throw error
  }
}

/**
 * Closes once on the first SIGINT/SIGTERM; a second signal exits at once. Answers the same
 * graceful close for other reasons to stop (server/cluster.ts: the primary says so), which a
 * close already under way ignores.
 */
export function closeOnSignals(server: RunningServer): () => void {
  let closing = false
  const close = (reason: string): void => {
    closing = true
    server.app.log.info({ reason }, 'shutting down: finishing in-flight requests')
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) process.exit(1)
    close(signal)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return () => {
    if (!closing) close('told to stop')
  }
}

/** Startup failures: a configuration error is printed as its list, anything else with its message. */
export function reportStartupFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : `Server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

/** What each server process runs, for server/cluster.ts. */
export const SERVER_PROCESS: ServerProcess = { startServer, prepareDatabase, closeOnSignals }

if (require.main === module) {
  Promise.resolve()
    .then(() => runServer(SERVER_PROCESS, { config: loadConfig(), onListening: announceListening }))
    .catch(reportStartupFailure)
}
