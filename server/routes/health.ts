/** GET /healthz: for load balancers and process managers; checks the database answers. */
import { sql } from 'drizzle-orm'
import type { Envelope } from '../../types/api/envelope'
import { ok } from '../http/envelope'
import type { RouteGroup } from './context'

export const HEALTH_PATH = '/healthz'

export const healthRoutes: RouteGroup = async (app, { context }) => {
  app.get(HEALTH_PATH, { config: { public: true, rateLimit: false } }, async (): Promise<Envelope<{ status: 'ok' }>> => {
    await context.db.execute(sql`select 1`)
    return ok({ status: 'ok' })
  })
}
