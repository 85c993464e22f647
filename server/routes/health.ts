/**
 * Probes for load balancers and process managers:
 * - GET /healthz (alive): the process serves and its database answers;
 * - GET /readyz (ready for traffic): the database answers and has every migration of this build;
 *   Redis is reported but does not make the process unready: its counters fall back to memory
 *   while it is away (server/limits), and taking every process out of the load balancer during a
 *   Redis outage would turn a degraded service into none. 503 with what is missing otherwise.
 */
import { sql } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { Envelope } from '../../types/api/envelope'
import { DEFAULT_MIGRATIONS_SCHEMA } from '../db/database'
import { pendingMigrations } from '../db/migration-state'
import { ok } from '../http/envelope'
import type { RouteGroup } from './context'

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'
/** How long /readyz waits for Redis's answer. */
const REDIS_PING_TIMEOUT_MS = 500

export interface Readiness {
  ready: boolean
  database: 'ok' | 'unreachable'
  /** Migrations of this build the database lacks. */
  pendingMigrations: string[]
  redis: 'ok' | 'unreachable' | 'not configured'
}

export const healthRoutes: RouteGroup = async (app, { context }) => {
  const probe = { config: { public: true, rateLimit: false as const } }

  app.get(HEALTH_PATH, probe, async (): Promise<Envelope<{ status: 'ok' }>> => {
    await context.db.execute(sql`select 1`)
    return ok({ status: 'ok' })
  })

  const redisState = async (): Promise<Readiness['redis']> => {
    const { redis } = context
    if (!redis) return 'not configured'
    const timeout = new Promise<'unreachable'>((resolve) => setTimeout(() => resolve('unreachable'), REDIS_PING_TIMEOUT_MS).unref())
    const ping = redis.ping().then(
      (answer) => (answer === 'PONG' ? ('ok' as const) : ('unreachable' as const)),
      () => 'unreachable' as const,
    )
    return Promise.race([ping, timeout])
  }

  app.get(READY_PATH, probe, async (_request, reply: FastifyReply): Promise<Envelope<Readiness>> => {
    const [pending, redis] = await Promise.all([
      pendingMigrations(context.db, context.migrationsSchema ?? DEFAULT_MIGRATIONS_SCHEMA).then(
        (tags) => ({ database: 'ok' as const, tags }),
        () => ({ database: 'unreachable' as const, tags: [] }),
      ),
      redisState(),
    ])
    const readiness: Readiness = { ready: pending.database === 'ok' && pending.tags.length === 0, database: pending.database, pendingMigrations: pending.tags, redis }
    if (!readiness.ready) reply.code(503)
    return ok(readiness)
  })
}
