/**
 * `npm run sim -- <orderId> <audit-pass|audit-reject|ship|activate> [reason]`: what the issuer
 * would tell the server about an order (its audit passed or rejected, the device shipped with a
 * simulated courier's waybill, the device activated), applied to the server's database (the same
 * configuration: DATABASE_URL, else the embedded database under DATA_DIR). Prints the order's
 * new status in Chinese; exits 1 with the Chinese reason when the step is refused or changes
 * nothing (already taken), 2 on a usage error.
 *
 * Every step goes through applyIssuerEvent (server/orders/issuer-events.ts), the function behind
 * the issuer's notifications, with their rules: a step ahead of the order takes the steps it
 * implies first (ship on an order awaiting its audit: audited, then shipped). The embedded
 * database belongs to one process at a time (two processes writing one PGlite directory lose each
 * other's writes), so with it the command sends a running server on HOST:PORT the simulated
 * issuer's signed notification (POST ISSUER_NOTIFY_PATH, signed with the operator secret:
 * server/simulators/issuer.ts) and opens the directory itself only when no server answers. A
 * PostgreSQL server is shared safely, so it is used directly.
 */
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { ORDER_STATUSES, statusLabel } from '../../src/domain/order'
import type { OrderStatus } from '../../src/domain/order'
import { localBaseUrl } from '../config'
import type { Config, DatabaseConfig } from '../config'
import { installFieldCipher } from '../crypto/field-cipher'
import { configuredFieldCipher } from '../crypto/configured-keys'
import { openDatabase } from '../db/database'
import type { Database } from '../db/database'
import { ISSUER_EVENT_OF, applyIssuerEvent } from '../orders/issuer-events'
import type { IssuerEventOutcome } from '../orders/issuer-events'
import { ISSUER_ANSWER_CODE } from '../orders/issuer-protocol'
import { isLifecycleAction, LIFECYCLE_ACTIONS } from '../orders/lifecycle'
import type { LifecycleAction } from '../orders/lifecycle'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { simulatedIssuerNotification } from './issuer'
import type { SimulatedIssuerEvent } from './issuer'
import { readOperatorSecret } from './operator-secret'
import { newTrackingNo } from './waybills'

export const SIM_EXIT = { ok: 0, refused: 1, usage: 2 } as const

export const SIM_MESSAGE = {
  usage: `用法：npm run sim -- <订单号> <${LIFECYCLE_ACTIONS.join('|')}> [原因]`,
  unknownAction: (action: string) => `未知的操作“${action}”`,
  noDatabase: (dir: string) => `找不到数据库目录 ${dir}，请先运行 npm start 创建数据库`,
  notThisServer: (url: string) => `${url} 上运行的不是本应用的服务器`,
  done: (orderId: string, status: OrderStatus) => `订单 ${orderId} 当前状态：${statusLabel(status)}`,
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

/** What became of the step: the order's status now, or why it did not move. */
type SimRun = { readonly ok: true; readonly status: OrderStatus } | { readonly ok: false; readonly reason: string }

/** The notification route's answer (IssuerCallbackAnswer): anything else is not this app's server. */
const CallbackAnswer = z.discriminatedUnion('code', [
  z.object({ code: z.literal(ISSUER_ANSWER_CODE.success), changed: z.boolean(), status: z.enum(ORDER_STATUSES), message: z.string().optional() }),
  z.object({ code: z.literal(ISSUER_ANSWER_CODE.fail), message: z.string() }),
])

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

/** A step that changed nothing was not taken: the command says why, as for a refusal. */
function runOf(result: IssuerEventOutcome): SimRun {
  return result.outcome === 'applied' ? { ok: true, status: result.status } : { ok: false, reason: result.reason }
}

/** The running server's answer, or undefined when nothing listens there. */
async function viaServer(deps: SimDeps, event: SimulatedIssuerEvent): Promise<SimRun | undefined> {
  const base = loopbackUrl(deps.config)
  const notification = simulatedIssuerNotification(readOperatorSecret(deps.config), event, {
    now: deps.clock.now(),
    random: deps.random,
    publicBaseUrl: deps.config.publicBaseUrl,
  })
  let response: Response
  try {
    response = await (deps.fetch ?? fetch)(`${base}${notification.path}`, { method: 'POST', headers: notification.headers, body: notification.body })
  } catch (error) {
    if (isConnectionRefused(error)) return undefined
    throw error
  }
  const answer = CallbackAnswer.safeParse(await response.json().catch(() => undefined))
  if (!answer.success) throw new Error(SIM_MESSAGE.notThisServer(base))
  const { data } = answer
  if (data.code === ISSUER_ANSWER_CODE.fail) return { ok: false, reason: data.message }
  return data.changed ? { ok: true, status: data.status } : { ok: false, reason: data.message ?? statusLabel(data.status) }
}

async function direct(deps: SimDeps, event: SimulatedIssuerEvent): Promise<SimRun> {
  const { database } = deps.config
  if (database.driver === 'pglite' && !existsSync(database.dataDir)) return { ok: false, reason: SIM_MESSAGE.noDatabase(database.dataDir) }
  // Orders hold encrypted columns: this process reads them with the server's data key.
  installFieldCipher(configuredFieldCipher(deps.config))
  const opened = await (deps.openDatabase ?? openDatabase)(database)
  try {
    const { orderId, action, reason, waybillNo } = event
    return runOf(await applyIssuerEvent({ db: opened.db, clock: deps.clock }, { orderId, type: ISSUER_EVENT_OF[action], reason, waybillNo }))
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
  const { orderId, action, reason } = parsed.args
  // The simulated courier's waybill, the same whichever way the step goes.
  const event: SimulatedIssuerEvent = { orderId, action, reason, waybillNo: action === 'ship' ? newTrackingNo(deps.random) : undefined }
  const run = (deps.config.database.driver === 'pglite' ? await viaServer(deps, event) : undefined) ?? (await direct(deps, event))
  if (!run.ok) {
    deps.err(run.reason)
    return SIM_EXIT.refused
  }
  deps.out(SIM_MESSAGE.done(orderId, run.status))
  return SIM_EXIT.ok
}
