/**
 * One server process, or several sharing the port (SERVER_PROCESSES, node:cluster): what
 * `npm run server` and `npm start` run.
 *
 * With several, the primary serves nothing. It prepares the database once (migrations, seed,
 * encryption of older rows), then forks the workers (server/worker.ts) and tells each its role;
 * the kernel hands connections to the workers. What one process would hold for itself is shared
 * or given to one of them:
 * - rate limits and per-phone SMS limits: Redis (config.ts refuses several processes without it);
 * - sessions, SMS codes, login tickets, orders: the PostgreSQL server (PGlite is refused);
 * - the SMS simulator's outbox (the test call reading the latest code): relayed by the primary
 *   to every worker;
 * - the simulator's operator secret: issued once by the primary, the same in every worker;
 * - the maintenance sweep, the issuer outbox, the plate release notices and the demo lifecycle timer: the first worker only.
 * SIGINT/SIGTERM to the primary closes every worker gracefully, then the primary; a worker that
 * dies on its own stops them all (a process manager restarts the whole).
 */
import cluster from 'node:cluster'
import type { Worker } from 'node:cluster'
import Fastify from 'fastify'
import type { FastifyBaseLogger } from 'fastify'
import type { SmsMessage } from './auth/sms-gateway'
import { loadConfig } from './config'
import type { Config } from './config'
import { loggerOptions } from './http/logging'
import type { RunningServer, StartOptions } from './main'
import { cryptoRandom } from './runtime/random'
import { issueOperatorSecret } from './simulators/operator-secret'

/** What a server process runs (server/main.ts SERVER_PROCESS); this module only arranges the processes. */
export interface ServerProcess {
  startServer(options: StartOptions): Promise<RunningServer>
  prepareDatabase(config: Config, log: FastifyBaseLogger): Promise<void>
  closeOnSignals(server: RunningServer): () => void
}

export interface RunOptions {
  readonly config: Config
  /** The built H5 app to serve (server/main.ts DEFAULT_STATIC_ROOT when absent). */
  readonly staticRoot?: string
  /** Told once every process listens. */
  readonly onListening: (url: string) => void
}

/** The messages between the primary and its workers. */
type ClusterMessage =
  /** The worker listens for its role (a message sent earlier would be lost). */
  | { readonly type: 'etc:ready' }
  | { readonly type: 'etc:start'; readonly staticRoot: string | undefined; readonly runsJobs: boolean; readonly simOperatorSecret: string | undefined }
  | { readonly type: 'etc:listening'; readonly url: string }
  | { readonly type: 'etc:sms'; readonly phone: string; readonly code: string; readonly sentAt: string }
  | { readonly type: 'etc:shutdown' }

const MESSAGE_TYPES: ReadonlySet<string> = new Set(['etc:ready', 'etc:start', 'etc:listening', 'etc:sms', 'etc:shutdown'])

function isClusterMessage(value: unknown): value is ClusterMessage {
  return typeof value === 'object' && value !== null && MESSAGE_TYPES.has(String((value as { type?: unknown }).type))
}

/** `npm run server` / `npm start`: this process serves, or forks config.processes workers. */
export async function runServer(serverProcess: ServerProcess, options: RunOptions): Promise<void> {
  if (options.config.processes === 1) {
    const server = await serverProcess.startServer({ config: options.config, staticRoot: options.staticRoot })
    options.onListening(server.url)
    serverProcess.closeOnSignals(server)
    return
  }
  await runPrimary(serverProcess, options)
}

async function runPrimary(serverProcess: ServerProcess, options: RunOptions): Promise<void> {
  const { config } = options
  // The primary logs like a server process does (masked lines), without being one.
  const logger = Fastify({ logger: loggerOptions({ level: config.logLevel }) })
  const log = logger.log
  await serverProcess.prepareDatabase(config, log)
  const simOperatorSecret = config.production ? undefined : issueOperatorSecret(config, cryptoRandom)
  cluster.setupPrimary({ exec: require.resolve('./worker') })
  const workers: Worker[] = []
  const listening = new Set<number>()
  let stopping = false

  const stopAll = (exitCode: number): void => {
    if (stopping) return
    stopping = true
    let alive = workers.filter((worker) => !worker.isDead()).length
    if (alive === 0) process.exit(exitCode)
    for (const worker of workers) {
      if (worker.isDead()) continue
      worker.once('exit', () => {
        alive -= 1
        if (alive === 0) process.exit(exitCode)
      })
      worker.send({ type: 'etc:shutdown' } satisfies ClusterMessage)
    }
  }

  for (let index = 0; index < config.processes; index += 1) {
    const worker = cluster.fork()
    workers.push(worker)
    worker.on('message', (message: unknown) => {
      if (!isClusterMessage(message)) return
      if (message.type === 'etc:ready') {
        worker.send({ type: 'etc:start', staticRoot: options.staticRoot, runsJobs: index === 0, simOperatorSecret } satisfies ClusterMessage)
      } else if (message.type === 'etc:sms') {
        for (const other of workers) if (other !== worker && !other.isDead()) other.send(message)
      } else if (message.type === 'etc:listening') {
        listening.add(worker.id)
        if (listening.size === config.processes) options.onListening(message.url)
      }
    })
    worker.once('exit', (code, signal) => {
      if (stopping) return
      log.error({ worker: worker.id, code, signal }, 'a server process stopped: stopping the others')
      stopAll(1)
    })
  }

  let signalled = false
  const onSignal = (signal: NodeJS.Signals): void => {
    // A second signal: stop at once.
    if (signalled) process.exit(1)
    signalled = true
    log.info({ signal }, 'shutting down: every process finishes its in-flight requests')
    stopAll(0)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

/** A worker's part (server/worker.ts): wait for the primary's role, serve, stop when told. */
export function runWorker(serverProcess: ServerProcess): void {
  // Only the role starts the worker: what comes before it (SMS codes relayed to every worker, sent
  // through one that started sooner) is passed over and never uses up the wait.
  const awaitRole = (message: unknown): void => {
    if (!isClusterMessage(message) || message.type !== 'etc:start') return
    process.off('message', awaitRole)
    startWorker(serverProcess, message).catch((error: unknown) => {
      console.error(`Server process failed to start: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    })
  }
  process.on('message', awaitRole)
  process.send?.({ type: 'etc:ready' } satisfies ClusterMessage)
}

async function startWorker(serverProcess: ServerProcess, role: Extract<ClusterMessage, { type: 'etc:start' }>): Promise<void> {
  const loaded = loadConfig()
  const config: Config = {
    ...loaded,
    simOperatorSecret: role.simOperatorSecret,
    // The demo lifecycle timer runs in one process only, like the sweep.
    simAutoAdvanceSeconds: role.runsJobs ? loaded.simAutoAdvanceSeconds : 0,
  }
  const receivers: ((message: SmsMessage) => void)[] = []
  process.on('message', (message: unknown) => {
    if (!isClusterMessage(message)) return
    if (message.type === 'etc:sms') {
      for (const receive of receivers) receive({ phone: message.phone, code: message.code, sentAt: new Date(message.sentAt) })
    }
  })
  const server: RunningServer = await serverProcess.startServer({
    config,
    staticRoot: role.staticRoot,
    worker: {
      databasePrepared: true,
      runsMaintenance: role.runsJobs,
      smsPeers: {
        publish: (message) =>
          process.send?.({ type: 'etc:sms', phone: message.phone, code: message.code, sentAt: message.sentAt.toISOString() } satisfies ClusterMessage),
        subscribe: (receive) => receivers.push(receive),
      },
    },
  })
  const stop = serverProcess.closeOnSignals(server)
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message) && message.type === 'etc:shutdown') stop()
  })
  // The primary is gone (killed): nobody will tell this process to stop.
  process.once('disconnect', stop)
  process.send?.({ type: 'etc:listening', url: server.url } satisfies ClusterMessage)
}
