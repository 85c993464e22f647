/** Ending a session (server/auth/logout.ts): any logged-in session, the channel login included. */
import { z } from 'zod'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { logout } from '../auth/logout'
import { requireUser } from '../http/auth-hook'
import { endpoint } from '../http/endpoint'
import { ok } from '../http/envelope'
import { parseInput } from '../http/validation'
import type { RouteGroup } from './context'

const EmptyBody = z.strictObject({}).optional()

export const sessionRoutes: RouteGroup = async (app, { context }) => {
  app.route({
    ...endpoint(API.logout),
    handler: async (request): Promise<Envelope<null>> => {
      const user = requireUser(request)
      parseInput(EmptyBody, request.body)
      await logout(context.db, user)
      return ok(null)
    },
  })
}
