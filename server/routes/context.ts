/**
 * What every route group receives: the app's deps plus what buildApp derives from them once.
 * A route group is a Fastify plugin in server/routes/<area>.ts:
 *
 *   export const ordersRoutes: RouteGroup = async (app, { context }) => {
 *     app.route({
 *       ...endpoint(API.searchOrders),
 *       handler: async (request): Promise<Envelope<Page<OrderSummary>>> => {
 *         const user = requireUser(request)
 *         const body = parseInput(SearchBody, request.body)
 *         return ok(await searchOrders(context.db, user.id, body))
 *       },
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
