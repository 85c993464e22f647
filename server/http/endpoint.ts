/**
 * Routes are registered from the contract's endpoints (types/api/paths.ts), so method, path and
 * "works without login" cannot drift between app and server:
 *
 *   app.route({ ...endpoint(API.promoterLogin), handler: async (request) => ok(...) })
 *
 * `{name}` placeholders become the router's `:name`; `config.public` and `config.channel` (a
 * channel-level session is enough) come from the contract.
 */
import type { FastifyContextConfig } from 'fastify'
import type { Endpoint, HttpMethod } from '../../types/api/paths'

export interface EndpointRoute {
  method: HttpMethod
  url: string
  config: FastifyContextConfig
}

export function routePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1')
}

/** Method, router path and config of an endpoint; `config` adds route options (e.g. rateLimit). */
export function endpoint(contract: Endpoint, config: FastifyContextConfig = {}): EndpointRoute {
  return {
    method: contract.method,
    url: routePath(contract.path),
    config: { ...config, public: contract.public === true, ...(contract.channel === true ? { channel: true } : {}) },
  }
}
