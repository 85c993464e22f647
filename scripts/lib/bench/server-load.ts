/**
 * The server half of `npm run bench`: starts the real server as `npm run server` does (its own
 * process: migrations, seed, the configured number of processes) on a database of its own, logs
 * a simulated user in through the API, and loads two calls with autocannon from this process:
 * the plate check the entry page makes and the order search of the orders page.
 *
 * - The database is never someone's: the embedded one lives in a new temporary DATA_DIR, and on
 *   a PostgreSQL server a new database is created for the run and dropped after it.
 * - The per-IP limit is raised for the run (RATE_LIMIT_PER_MINUTE): one client on loopback would
 *   otherwise measure 429s. Everything else stays as configured by default (logs at warn).
 * - Every response must be the success seen before the run, byte for byte (HTTP 200, envelope
 *   code 200): a non-2xx status, a different body, an error or a timeout counts as a failure.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { Client } from 'pg'
import type { ApplyPayload, ApplyResponse } from '../../../types/api/apply'
import type { TokenGrant, SmsTestLatestResponse } from '../../../types/api/auth'
import type { Envelope } from '../../../types/api/envelope'
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import { ACTIVITY_TYPE, APPLY_STEP, PLATE_COLOR } from '../../../src/domain/enums'
import { UNIQUE_CHECK_VEHICLE_TYPE } from '../../../src/domain/plate'
import { APP_ENV } from '../../../server/config'
import { seal } from '../../../server/crypto/sealed-box'
import { LISTENING_LINE } from '../../../server/listening'
import { SEED_CHANNELS } from '../../../server/seed/placeholder-ids'

const REPO_ROOT = path.resolve(__dirname, '../../..')
const SERVER_ENTRY = path.join(REPO_ROOT, 'server/main.ts')

/** The figures were measured with 4 connections: the same here unless asked otherwise. */
export const DEFAULT_CONNECTIONS = 4
export const DEFAULT_DURATION_SECONDS = 10
/** Load before each measured run, so JIT, pools and caches are warm. */
export const DEFAULT_WARMUP_SECONDS = 2
/** The highest per-IP limit the configuration accepts (server/config.ts). */
const RAISED_RATE_LIMIT_PER_MINUTE = 1_000_000
/** A first start of the embedded database runs initdb (about 12 s here); migrations and seed follow. */
const SERVER_START_TIMEOUT_MS = 120_000
const SERVER_STOP_TIMEOUT_MS = 15_000
/** A response slower than this counts as a timeout (a failure). */
const REQUEST_TIMEOUT_SECONDS = 10

/** A simulated user of the bank channel, with orders of two plates for the search to list. */
const BENCH_USER = {
  phone: '13900139000',
  plates: ['桂A10001', '桂A10002'],
  /** The plate the check asks about: free, so the answer is the full check (no seeded shortcut). */
  checkedPlate: '桂B20001',
} as const
const BANK = SEED_CHANNELS[0]!
/** What the app's order list asks for (src/services/api/order-api.ts ORDER_PAGE_SIZE). */
const ORDER_PAGE = { pageNo: 1, pageSize: 100 } as const

/** publicCatalogue: the packages' public GET (issue 29), without a session, as a browser without the answer cached asks it. */
export type ServerLoadCall = 'plateUnique' | 'searchOrders' | 'publicCatalogue'
export const SERVER_LOAD_CALLS: readonly ServerLoadCall[] = ['plateUnique', 'searchOrders', 'publicCatalogue']

export type ServerLoadDatabase =
  /** The embedded database, in a new temporary DATA_DIR. */
  | { readonly driver: 'pglite' }
  /** A PostgreSQL server (URL with a user allowed to create databases): a new database on it. */
  | { readonly driver: 'pg'; readonly url: string }

export interface ServerLoadOptions {
  readonly database: ServerLoadDatabase
  /** SERVER_PROCESSES: a number, or 'auto' for one per core; 1 by default. More than one needs `pg` and `redisUrl`. */
  readonly processes?: number | 'auto'
  /**
   * REDIS_URL for the server (several processes share their limits there); unset: none. The run
   * only adds rate-limit counters, which expire after a minute.
   */
  readonly redisUrl?: string
  readonly connections?: number
  readonly durationSeconds?: number
  readonly warmupSeconds?: number
  readonly calls?: readonly ServerLoadCall[]
  /** Progress lines (what is starting, measuring); silent when absent. */
  readonly progress?: (line: string) => void
  /** Extra node flags for the server process, e.g. `--cpu-prof` to see where a request's time goes. */
  readonly serverNodeFlags?: readonly string[]
}

export interface ServerLoadRow {
  readonly call: ServerLoadCall
  readonly database: 'PGlite' | 'PostgreSQL'
  /** Server processes (the resolved count for 'auto'). */
  readonly processes: number
  readonly connections: number
  readonly durationSeconds: number
  /** Successful responses per second, averaged over the measured run. */
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Requests answered, successful or not. */
  readonly requests: number
  /** Errors, timeouts, non-2xx responses and bodies other than the expected success. */
  readonly failures: number
  /**
   * CPU time the server's processes spent per request during the measured run: steadier than
   * requests/s on a machine shared with other work. Undefined where /proc is not available.
   */
  readonly serverCpuMsPerRequest: number | undefined
}

interface RunningBenchServer {
  readonly url: string
  /** CPU milliseconds the server's processes (the one started and its workers) have used so far. */
  cpuMs(): number | undefined
  stop(): Promise<void>
}

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const PROC_TICKS_PER_SECOND = 100
/** utime and stime: the 14th and 15th fields of /proc/<pid>/stat, counted after the command's closing parenthesis. */
const PROC_STAT_TIMES = { utime: 11, stime: 12 } as const

function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[PROC_STAT_TIMES.utime]) + Number(fields[PROC_STAT_TIMES.stime])) * 1000) / PROC_TICKS_PER_SECOND
}

/** The process and its children (the cluster's workers), from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  )
  return [pid, ...children]
}

function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined
  try {
    return processTree(pid).reduce((sum, member) => sum + processCpuMs(member), 0)
  } catch {
    // A kernel without /proc/<pid>/task/<tid>/children, or a process gone meanwhile.
    return undefined
  }
}

interface BenchDatabase {
  /** DATABASE_URL for the server, or undefined for the embedded database. */
  readonly url: string | undefined
  drop(): Promise<void>
}

/** Fresh PostgreSQL database named `etc_bench_<random>` on the server of `url`, dropped by `drop`. */
async function createBenchDatabase(url: string): Promise<BenchDatabase> {
  const name = `etc_bench_${randomBytes(6).toString('hex')}`
  const admin = new Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    drop: async () => {
      const client = new Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      resolve()
    }, timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/** `npm run server` in a process of its own, resolved once it prints its address. */
async function startBenchServer(env: NodeJS.ProcessEnv, nodeFlags: readonly string[]): Promise<RunningBenchServer> {
  // node with tsx's loader, as `npm run server` (tsx server/main.ts) without tsx's own parent process.
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${SERVER_START_TIMEOUT_MS} ms:\n${output}`)), SERVER_START_TIMEOUT_MS)
    const read = (chunk: Buffer): void => {
      output += chunk.toString()
      const listening = LISTENING_LINE.exec(output)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (${code}) before listening:\n${output}`))
    })
  })
  return {
    url,
    cpuMs: () => treeCpuMs(child.pid),
    stop: async () => {
      child.kill('SIGTERM')
      await waitForExit(child, SERVER_STOP_TIMEOUT_MS)
    },
  }
}

async function call<T>(url: string, init: { method: 'GET' | 'POST'; body?: unknown; token?: string }): Promise<{ status: number; text: string; envelope: Envelope<T> }> {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  return { status: response.status, text, envelope: JSON.parse(text) as Envelope<T> }
}

async function succeed<T>(what: string, url: string, init: Parameters<typeof call>[1]): Promise<{ text: string; data: T }> {
  const answer = await call<T>(url, init)
  if (answer.status !== 200 || answer.envelope.code !== 200) throw new Error(`${what} failed: HTTP ${answer.status} ${answer.text}`)
  return { text: answer.text, data: answer.envelope.data }
}

const filled = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''))

/** The bench user logged in as the app does it (SMS code, read from the simulator's test call), with its orders. */
async function prepareUser(baseUrl: string, payloadKeyHex: string): Promise<string> {
  const mobile = BENCH_USER.phone
  await succeed('Sending the SMS code', `${baseUrl}${API.sendCode.path}?mobile=${mobile}`, { method: 'GET' })
  const sent = await succeed<SmsTestLatestResponse>('Reading the SMS code', `${baseUrl}${API.smsTestLatest.path}?mobile=${mobile}`, { method: 'GET' })
  const tokenParamSJ = seal(payloadKeyHex, SEALED_FIELD.token, JSON.stringify({ mobileNo: mobile, verifyCode: sent.data.code }))
  const login = await succeed<TokenGrant>('Logging in', `${baseUrl}${filled(API.token.path, { channel: BANK.channelId })}`, {
    method: 'POST',
    body: { grantType: 'smsCode', tokenParamSJ },
  })
  const token = login.data.accessToken
  for (const plateNumber of BENCH_USER.plates) {
    const payload: ApplyPayload = {
      stepId: APPLY_STEP.CREATE,
      channelSource: BANK.key,
      sourceChannel: BANK.sourceChannel,
      activitySource: ACTIVITY_TYPE.BANK_APP_H5,
      promotionChannelId: BANK.promotionChannelId,
      partnerId: BANK.partnerId,
      promoterId: BANK.promoterId,
      plateNumber,
      plateColor: PLATE_COLOR.BLUE,
    }
    await succeed<ApplyResponse>('Opening an order', `${baseUrl}${filled(API.apply.path, { channel: BANK.channelId })}`, {
      method: 'POST',
      token,
      body: { encryptUsersVehicleApplyVoStr: seal(payloadKeyHex, SEALED_FIELD.apply, JSON.stringify(payload)) },
    })
  }
  return token
}

interface LoadTarget {
  readonly url: string
  readonly method: 'GET' | 'POST'
  /** POST only. */
  readonly body: string | undefined
  /** Absent: a visitor's call. */
  readonly token: string | undefined
  /** The success answer every response must repeat. */
  readonly expected: string
}

async function loadTarget(baseUrl: string, token: string, which: ServerLoadCall): Promise<LoadTarget> {
  if (which === 'publicCatalogue') {
    const url = `${baseUrl}${filled(API.catalogueCommodities.path, { id: BANK.promotionChannelId })}`
    const sample = await succeed(which, url, { method: 'GET' })
    return { url, method: 'GET', token: undefined, body: undefined, expected: sample.text }
  }
  const [endpoint, body] =
    which === 'plateUnique'
      ? [API.plateUnique, { plateNumber: BENCH_USER.checkedPlate, plateColor: PLATE_COLOR.BLUE, vehicleType: UNIQUE_CHECK_VEHICLE_TYPE }]
      : [API.searchOrders, ORDER_PAGE]
  const url = `${baseUrl}${endpoint.path}`
  const sample = await succeed(which, url, { method: 'POST', token, body })
  return { url, method: 'POST', token, body: JSON.stringify(body), expected: sample.text }
}

interface Measured {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  failures: number
}

async function load(target: LoadTarget, connections: number, durationSeconds: number): Promise<Measured> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: {
      ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(target.token === undefined ? {} : { authorization: `Bearer ${target.token}` }),
    },
    ...(target.body === undefined ? {} : { body: target.body }),
    connections,
    duration: durationSeconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    expectBody: target.expected,
  })
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches
  const succeeded = result.requests.total - result.non2xx - result.mismatches
  return {
    requestsPerSecond: Math.round(succeeded / durationSeconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures,
  }
}

const round2 = (value: number): number => Math.round(value * 100) / 100

function resolvedProcesses(processes: number | 'auto'): number {
  return processes === 'auto' ? os.availableParallelism() : processes
}

/**
 * Starts the server on the given database, loads each call (a warm-up, then the measured run)
 * and answers one row per call. The server is stopped and its database removed in every case.
 */
export async function runServerLoad(options: ServerLoadOptions): Promise<ServerLoadRow[]> {
  const processes = options.processes ?? 1
  const connections = options.connections ?? DEFAULT_CONNECTIONS
  const durationSeconds = options.durationSeconds ?? DEFAULT_DURATION_SECONDS
  const warmupSeconds = options.warmupSeconds ?? DEFAULT_WARMUP_SECONDS
  const progress = options.progress ?? ((): void => {})
  const databaseName = options.database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-bench-'))
  const database: BenchDatabase = options.database.driver === 'pg' ? await createBenchDatabase(options.database.url) : { url: undefined, drop: async () => {} }
  const payloadKeyHex = randomBytes(32).toString('hex')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: APP_ENV.development,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    UPLOAD_DIR: '',
    DATABASE_URL: database.url ?? '',
    REDIS_URL: options.redisUrl ?? '',
    PAYLOAD_KEY_HEX: payloadKeyHex,
    DATA_KEY_HEX: randomBytes(32).toString('hex'),
    SMS_SIMULATOR: 'true',
    SIM_AUTO_ADVANCE_SECONDS: '0',
    SIM_OPERATOR_SECRET: '',
    PUBLIC_BASE_URL: '',
    TRUST_PROXY: 'false',
    RATE_LIMIT_PER_MINUTE: String(RAISED_RATE_LIMIT_PER_MINUTE),
    LOG_LEVEL: 'warn',
    SERVER_PROCESSES: String(processes),
  }
  let server: RunningBenchServer | undefined
  try {
    progress(`server load: starting the server on ${databaseName} (${processes} process${processes === 1 ? '' : 'es'})`)
    server = await startBenchServer(env, options.serverNodeFlags ?? [])
    const token = await prepareUser(server.url, payloadKeyHex)
    const rows: ServerLoadRow[] = []
    for (const which of options.calls ?? SERVER_LOAD_CALLS) {
      const target = await loadTarget(server.url, token, which)
      progress(`server load: ${which} on ${databaseName}, ${connections} connections: ${warmupSeconds} s warm-up, ${durationSeconds} s measured`)
      if (warmupSeconds > 0) await load(target, connections, warmupSeconds)
      const cpuBefore = server.cpuMs()
      const measured = await load(target, connections, durationSeconds)
      const cpuAfter = server.cpuMs()
      const serverCpuMsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined || measured.requests === 0 ? undefined : round2((cpuAfter - cpuBefore) / measured.requests)
      rows.push({ call: which, database: databaseName, processes: resolvedProcesses(processes), connections, durationSeconds, ...measured, serverCpuMsPerRequest })
    }
    return rows
  } finally {
    await server?.stop()
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
