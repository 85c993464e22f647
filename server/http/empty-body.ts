/**
 * The app sends POST calls without data (e.g. getWeixinConfig, whose only parameter is in the
 * query) with its default JSON content type and no body; Fastify refuses an empty JSON body. This
 * onRequest hook (on every route) drops the content type of a request that carries no body at
 * all, so it reaches the handler with `body` undefined and the route's schema decides.
 */
import type { FastifyRequest } from 'fastify'

export async function ignoreEmptyBody(request: FastifyRequest): Promise<void> {
  const { headers } = request
  const empty = headers['content-length'] === '0' || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)
  if (empty) delete headers['content-type']
}
