/**
 * Answers anyone may keep: the public catalogue's GETs (types/api/paths.ts, issue 29). A route
 * opts in with `config: { publicCache: true }`; its successful envelope then carries
 * `Cache-Control: public` with a short max-age and stale-while-revalidate, and a strong ETag of
 * its bytes, and a request naming that ETag (If-None-Match) is answered 304 without a body.
 * Anything else (an error, a business refusal) keeps the API's no-store. The answers carry no
 * personal data; what a person pays is decided by the server at the final commit, whatever list a
 * cache showed.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public answer browsers and CDNs may keep (registerPublicCache). */
    publicCache?: boolean
  }
}

/**
 * A minute fresh, then served stale for two more while a cache asks again in the background: a
 * change to the catalogue reaches every browser and CDN within about three minutes (what is
 * charged is decided at the final commit in any case).
 */
export const PUBLIC_CACHE = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 120 } as const
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_CACHE.maxAgeSeconds}, stale-while-revalidate=${PUBLIC_CACHE.staleWhileRevalidateSeconds}`

/** The headers @fastify/rate-limit adds to an answer. */
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const
const HTTP_OK = 200
const HTTP_NOT_MODIFIED = 304
/** A successful envelope: ok() writes its code first (server/http/envelope.ts). */
const SUCCESS_ENVELOPE = /^\{"code":200,/

/** The strong ETag of an answer's bytes. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`
}

/** Whether If-None-Match names `tag` (a list, or *). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)
}

export function registerPublicCache(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.publicCache !== true || reply.statusCode !== HTTP_OK || typeof payload !== 'string' || !SUCCESS_ENVELOPE.test(payload)) {
      return payload
    }
    const tag = entityTag(payload)
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', tag)
    // One client's rate-limit counts are not for a shared cache to hand to others.
    for (const name of RATE_LIMIT_HEADERS) reply.removeHeader(name)
    if (!matches(request.headers['if-none-match'], tag)) return payload
    reply.code(HTTP_NOT_MODIFIED).removeHeader('content-type').removeHeader('content-length')
    return ''
  })
}
