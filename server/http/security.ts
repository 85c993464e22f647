/**
 * Security headers (@fastify/helmet) and per-IP rate limits (@fastify/rate-limit, counted by the
 * app's counters: in Redis when one is given so every server process counts together, in memory
 * while Redis is unreachable).
 *
 * The H5 app is served from the same origin, so the Content-Security-Policy allows the app's own
 * scripts, styles, images (plus data: and blob: images, e.g. photo previews) and API calls. The
 * built index.html carries an inline bootstrap script (Taro's rem setup): its SHA-256 is allowed
 * by hash rather than allowing inline scripts in general.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { CounterStore } from '../limits/counters'
import { ApiError } from './envelope'

/**
 * Helmet's headers that only a document (or what it frames and opens) acts on. A script, style
 * or image does not: sent with each of the app's files they cost about 0.7 KB of a slow link per
 * file, several times before the first page can paint. nosniff, the resource policy and HSTS stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const

/** Takes the document-only security headers off a reply that is not a document. */
export function dropDocumentOnlyHeaders(reply: FastifyReply): void {
  // Helmet writes them on the raw response, before any route runs.
  for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header)
}

export const RATE_LIMIT_WINDOW_MS = 60_000
/** Counter keys of the per-IP limits: this, then the route (for route limits), then the client key. */
export const RATE_LIMIT_KEY_PREFIX = 'rate:'

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** `'sha256-…'` sources for the inline scripts of the app's index.html. */
export function inlineScriptHashes(staticRoot: string | undefined): string[] {
  if (!staticRoot) return []
  const index = path.join(staticRoot, 'index.html')
  if (!existsSync(index)) return []
  const html = readFileSync(index, 'utf8')
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '')
    .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
}

export async function registerSecurityHeaders(app: FastifyInstance, staticRoot: string | undefined): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(staticRoot)],
        // Taro's runtime and NutUI set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Photos chosen on H5 are compressed into blob: URLs, which the upload reads back.
        connectSrc: ["'self'", 'blob:'],
        // The webview page embeds external https pages.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  })
}

/**
 * Every API answer (envelopes, errors, images, simulator pages) may carry personal data, so no
 * browser or proxy keeps it. Files of the H5 app set their own caching before this runs
 * (@fastify/static), and keep it.
 */
export const NO_STORE = 'no-store'

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE)
    return payload
  })
}

export interface RateLimitOptions {
  perMinute: number
  counters: CounterStore
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** @fastify/rate-limit's store interface over the app's counters, so the limits fail over with them. */
class CounterRateLimitStore {
  constructor(
    private readonly counters: CounterStore,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    this.counters.hit(`${this.prefix}${key}`, timeWindow).then(
      (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  child(routeOptions: object): CounterRateLimitStore {
    // The plugin passes its merged options with the route under `routeInfo`, not the RouteOptions
    // its types declare; a route's own limit counts apart from the global one.
    const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
    return new CounterRateLimitStore(this.counters, `${this.prefix}${String(route?.method)}${String(route?.url)}-`)
  }
}

export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { counters } = options
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    store: class extends CounterRateLimitStore {
      constructor() {
        super(counters, RATE_LIMIT_KEY_PREFIX)
      }
    },
    errorResponseBuilder: () => ApiError.tooManyRequests(),
    // A route that opts out with `config.rateLimit: false` from an onRoute hook of its own scope
    // (the H5 app's files, server/app.ts): such a hook runs after the plugin's, too late for it.
    allowList: (request) => request.routeOptions.config.rateLimit === false,
  })
}
