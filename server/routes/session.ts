/** Ending a session (server/auth/logout.ts): any logged-in session, the channel login included. */
import { API } from '../../types/api/paths'
import { logout } from '../auth/logout'
import { ok } from '../http/envelope'
import { EmptyBody } from '../validation/fields'
import type { RouteGroup } from './context'
import { contractRoutes } from './contract-route'

export const sessionRoutes: RouteGroup = async (app, { context }) => {
  const route = contractRoutes(app, context)

  route(API.logout, {
    body: EmptyBody,
    handler: async ({ user }) => {
      await logout(context.db, user)
      return ok(null)
    },
  })
}
