/**
 * What every route group receives: the app's deps plus what buildApp derives from them once.
 * A route group is a Fastify plugin in server/routes/<area>.ts that registers the contract's
 * endpoints with the typed `route` (server/http/endpoint.ts explains the spec):
 *
 *   export const orderRoutes: RouteGroup = async (app, { context }) => {
 *     const route = contractRoutes(app, context)
 *     route(API.searchOrders, {
 *       body: SearchBody,
 *       handler: async ({ user, body }) => ok(await searchOrders(context.db, user.id, body, context.clock.now())),
 *     })
 *   }
 *
 * and is listed in ROUTE_GROUPS (server/routes/index.ts).
 */
import type { FastifyPluginAsync } from 'fastify'
import type { AppDeps } from '../deps'
import type { CounterStore } from '../limits/counters'

export interface RouteContext extends AppDeps {
  /** Fixed-window counters (memory, or Redis when configured) for per-key limits. */
  readonly counters: CounterStore
}

export type RouteGroup = FastifyPluginAsync<{ context: RouteContext }>
