/**
 * `npm run sim -- <orderId> <audit-pass|audit-reject|ship|activate> [reason]`: what the issuer,
 * the logistics partner and the user would do to an order, applied to the server's database (the
 * same configuration: DATABASE_URL, else the embedded database under DATA_DIR). Prints the
 * order's new status in Chinese; exits 1 with the Chinese reason when the step is not allowed,
 * 2 on a usage error.
 *
 * The embedded database belongs to one process at a time (two processes writing one PGlite
 * directory lose each other's writes), so with it the command first asks a running server on
 * HOST:PORT to apply the step (its loopback-only simulator call) and opens the directory itself
 * only when no server answers. A PostgreSQL server is shared safely, so it is used directly.
 */
import { existsSync } from 'node:fs'
import { z } from 'zod'
import type { Envelope } from '../../types/api/envelope'
import { ORDER_STATUSES } from '../../src/domain/order'
import { localBaseUrl } from '../config'
import type { Config, DatabaseConfig } from '../config'
import { installFieldCipher } from '../crypto/field-cipher'
import { configuredFieldCipher } from '../crypto/configured-keys'
import { openDatabase } from '../db/database'
import type { Database } from '../db/database'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { isLifecycleAction, LIFECYCLE_ACTIONS } from './lifecycle'
import { readOperatorSecret, SIM_OPERATOR_HEADER } from './operator-secret'
import type { LifecycleAction } from './lifecycle'
import { runLifecycleAction } from './lifecycle-runner'
import type { LifecycleRun } from './lifecycle-runner'

/** The running server's simulator call (not part of the app's contract; loopback and operator secret only, not in production). */
export const LIFECYCLE_SIM_PATH = '/sim/lifecycle/{orderId}'

export const SIM_EXIT = { ok: 0, refused: 1, usage: 2 } as const

export const SIM_MESSAGE = {
  usage: `用法：npm run sim -- <订单号> <${LIFECYCLE_ACTIONS.join('|')}> [原因]`,
  unknownAction: (action: string) => `未知的操作“${action}”`,
  noDatabase: (dir: string) => `找不到数据库目录 ${dir}，请先运行 npm start 创建数据库`,
  notThisServer: (url: string) => `${url} 上运行的不是本应用的服务器`,
  done: (run: Extract<LifecycleRun, { ok: true }>) => `订单 ${run.orderId} 当前状态：${run.statusLabel}`,
} as const

export interface SimArgs {
  orderId: string
  action: LifecycleAction
  reason?: string
}

export type ParsedArgs = { ok: true; args: SimArgs } | { ok: false; message: string }

export function parseSimArgs(argv: readonly string[]): ParsedArgs {
  const [orderId, action, ...rest] = argv
  if (!orderId || !action) return { ok: false, message: SIM_MESSAGE.usage }
  if (!isLifecycleAction(action)) return { ok: false, message: `${SIM_MESSAGE.unknownAction(action)}\n${SIM_MESSAGE.usage}` }
  const reason = rest.join(' ').trim()
  return { ok: true, args: { orderId, action, ...(reason ? { reason } : {}) } }
}

export interface SimDeps {
  readonly config: Config
  readonly clock: Clock
  readonly random: RandomSource
  out(line: string): void
  err(line: string): void
  /** For tests: the global fetch and the real database otherwise. */
  readonly fetch?: typeof fetch
  readonly openDatabase?: (config: DatabaseConfig) => Promise<Pick<Database, 'db' | 'close'>>
}

const RunData = z.object({
  orderId: z.string(),
  action: z.enum(LIFECYCLE_ACTIONS),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
})

/** Where a client on this machine reaches the server listening on `host`. */
export function loopbackUrl(config: Pick<Config, 'host' | 'port'>): string {
  return localBaseUrl(config.host, config.port)
}

function isConnectionRefused(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL') return true
  }
  return false
}

/** The running server's answer, or undefined when nothing listens there. */
async function viaServer(deps: SimDeps, args: SimArgs): Promise<LifecycleRun | undefined> {
  const base = loopbackUrl(deps.config)
  const url = `${base}${LIFECYCLE_SIM_PATH.replace('{orderId}', encodeURIComponent(args.orderId))}`
  const secret = readOperatorSecret(deps.config)
  let response: Response
  try {
    response = await (deps.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret !== undefined ? { [SIM_OPERATOR_HEADER]: secret } : {}) },
      body: JSON.stringify({ action: args.action, ...(args.reason ? { reason: args.reason } : {}) }),
    })
  } catch (error) {
    if (isConnectionRefused(error)) return undefined
    throw error
  }
  const body = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined
  if (!body || typeof body.code !== 'number' || typeof body.msg !== 'string') throw new Error(SIM_MESSAGE.notThisServer(base))
  if (body.code !== 200) return { ok: false, orderId: args.orderId, reason: body.msg }
  const data = RunData.safeParse(body.data)
  if (!data.success) throw new Error(SIM_MESSAGE.notThisServer(base))
  return { ok: true, ...data.data }
}

async function direct(deps: SimDeps, args: SimArgs): Promise<LifecycleRun> {
  const { database } = deps.config
  if (database.driver === 'pglite' && !existsSync(database.dataDir)) {
    return { ok: false, orderId: args.orderId, reason: SIM_MESSAGE.noDatabase(database.dataDir) }
  }
  // Orders hold encrypted columns: this process reads them with the server's data key.
  installFieldCipher(configuredFieldCipher(deps.config))
  const opened = await (deps.openDatabase ?? openDatabase)(database)
  try {
    return await runLifecycleAction({ db: opened.db, clock: deps.clock, random: deps.random }, args.orderId, args.action, args.reason)
  } finally {
    await opened.close()
  }
}

/** Runs the command; returns the exit code. */
export async function simulate(argv: readonly string[], deps: SimDeps): Promise<number> {
  const parsed = parseSimArgs(argv)
  if (!parsed.ok) {
    deps.err(parsed.message)
    return SIM_EXIT.usage
  }
  const run = (deps.config.database.driver === 'pglite' ? await viaServer(deps, parsed.args) : undefined) ?? (await direct(deps, parsed.args))
  if (!run.ok) {
    deps.err(run.reason)
    return SIM_EXIT.refused
  }
  deps.out(SIM_MESSAGE.done(run))
  return SIM_EXIT.ok
}
