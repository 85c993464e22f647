/**
 * The typed `route` every route group registers its contract routes with (server/http/endpoint.ts
 * explains the spec). A path with the state parameter `{channel}` is checked first, for every
 * route alike: an unknown channel answers 404 "渠道不存在" before anything else is read.
 */
import type { FastifyInstance } from 'fastify'
import type { ContractRoute } from '../http/endpoint'
import { contractRoute } from '../http/endpoint'
import type { RouteContext } from './context'
import { knownChannel } from './route-params'

const CHANNEL_PARAM = '{channel}'

export function contractRoutes(app: FastifyInstance, context: Pick<RouteContext, 'db'>): ContractRoute {
  return contractRoute(app, (contract) =>
    contract.path.includes(CHANNEL_PARAM) ? (request) => knownChannel(context.db, request.params) : undefined,
  )
}
