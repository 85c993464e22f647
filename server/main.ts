/**
 * The server process: configuration, database (migrated and seeded), the app with the built H5
 * app at `/`, listening on HOST:PORT; SIGINT/SIGTERM close it gracefully (in-flight requests
 * finish, then the database and Redis connections close). `npm start` builds the H5 app first
 * (scripts/start.ts); `npm run server` starts the server alone.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, installDataCipher } from './app'
import { createSimulatedIdentityProviders } from './auth/identity-providers'
import { createSmsSimulator, createUnavailableSms } from './auth/sms-gateway'
import { ConfigError, loadConfig, localBaseUrl } from './config'
import type { Config } from './config'
import { openDatabase } from './db/database'
import type { Database } from './db/database'
import { encryptExistingData } from './db/encrypt-at-rest'
import { verifyDataKey } from './db/data-key-check'
import { migrate } from './db/migrate'
import { systemClock } from './runtime/clock'
import { cryptoRandom } from './runtime/random'
import { startMaintenance } from './maintenance/sweep'
import type { Maintenance } from './maintenance/sweep'
import { closeRedis, createRedisClient } from './limits/redis-client'
import { createSimulatedCashier } from './payments/cashier'
import { createSimulatedPhoneNumbers } from './platform/phone-numbers'
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
  let maintenance: Maintenance | undefined
  try {
    await migrate(database)
    // Seeds write encrypted columns too: the cipher is installed before them.
    const cipher = installDataCipher({ config })
    await verifyDataKey(database.db, cipher)
    const seeded = await seed(database.db)
    app = await buildApp({
      config,
      db: database.db,
      clock: systemClock,
      random: cryptoRandom,
      log: { level: config.logLevel },
      sms: config.smsSimulator ? createSmsSimulator() : createUnavailableSms(),
      storage,
      identity: createSimulatedIdentityProviders(),
      phoneNumbers: createSimulatedPhoneNumbers(),
      cashier: createSimulatedCashier(() => publicBaseUrl),
      redis,
      staticRoot: existsSync(path.join(staticRoot, 'index.html')) ? staticRoot : undefined,
    })
    await encryptExistingData(database.db, cipher, storage, app.log)
    maintenance = startMaintenance({ db: database.db, clock: systemClock, storage, log: app.log })
    const address = await app.listen({ port: config.port, host: config.host })
    // PORT=0 lets the OS choose: the default address (HOST:0) becomes the one actually listening.
    if (config.port === 0 && publicBaseUrl === localBaseUrl(config.host, config.port)) publicBaseUrl = address
    app.log.info(
      { database: describeDatabase(config), seeded, smsSimulator: config.smsSimulator, sharedLimits: Boolean(redis) },
      'server started',
    )
    const running = app
    return {
      url: address,
      app: running,
      close: async () => {
        await maintenance?.stop()
        await running.close()
        await database.close()
        if (redis) await closeRedis(redis)
      },
    }
  } catch (error) {
    await maintenance?.stop()
    await app?.close()
    await database.close()
    if (redis) await closeRedis(redis)
    throw error
  }
}

/** Closes once on the first SIGINT/SIGTERM; a second signal exits at once. */
export function closeOnSignals(server: RunningServer): void {
  let closing = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) process.exit(1)
    closing = true
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

/** Startup failures: a configuration error is printed as its list, anything else with its message. */
export function reportStartupFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : `Server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

if (require.main === module) {
  startServer()
    .then((server) => {
      console.log(`ETC apply app and API running at ${server.url}/`)
      closeOnSignals(server)
    })
    .catch(reportStartupFailure)
}
