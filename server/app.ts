/**
 * buildApp(deps): the Fastify app (not listening; tests call `app.inject`, server/main.ts listens).
 *
 * Conventions every route group follows (details in server/README.md):
 * - Routes live in server/routes/<area>.ts as RouteGroup plugins listed in routes/index.ts, and
 *   are registered from the contract with the typed `route(API.x, { body, handler })`; their
 *   OpenAPI document is served at GET /openapi.json.
 * - Answers are envelopes `{ code, msg, data }`: `ok(data)` (code 200); business failures
 *   `fail(code, msg)` or `throw ApiError.business(code, msg)` in routes, `DomainError.business`
 *   in the modules that hold the rules (HTTP 200, Chinese msg); malformed input HTTP 400
 *   `{ code: 400, msg }` via `parseInput(zodSchema, value)`; missing/expired login HTTP 401;
 *   unknown path (or another user's resource: `notFound()`) HTTP 404; anything
 *   unexpected is logged and answers 500 "服务器繁忙，请稍后重试" without details.
 * - Every route needs a login unless its config has `public: true` (the contract's public flag);
 *   protected handlers get the user with `requireUser(request)`.
 * - Bodies: JSON and form-encoded up to 1 MB, multipart files up to 10 MB (one file per request).
 * - Security headers (CSP for the same-origin H5 app), per-IP rate limits (Redis when
 *   configured), no x-powered-by; logs mask phone and ID numbers and never contain bodies.
 */
import path from 'node:path'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { MAX_UPLOAD_BYTES } from '../types/api/apply'
import type { TrustProxy } from './config'
import { installFieldCipher } from './crypto/field-cipher'
import type { FieldCipher } from './crypto/field-cipher'
import { configuredFieldCipher } from './crypto/configured-keys'
import type { AppDeps } from './deps'
import { registerAuthHook } from './http/auth-hook'
import { ignoreEmptyBody } from './http/empty-body'
import { frameworkErrorHandler, registerErrorHandlers } from './http/errors'
import { registerOpenApi } from './http/openapi'
import { RequestLogController, loggerOptions } from './http/logging'
import { dropDocumentOnlyHeaders, registerNoStore, registerRateLimit, registerSecurityHeaders } from './http/security'
import { registerPublicCache } from './http/public-cache'
import { createFailoverCounters, createMemoryCounters, createRedisCounters } from './limits/counters'
import type { RouteContext } from './routes/context'
import { assertProductionReady, warnSimulatedParts } from './production-guard'
import { registerLoadShedding } from './http/load-shedding'
import { METRICS_PATH, createMetrics, registerMetrics } from './http/metrics'
import { HEALTH_PATH, READY_PATH } from './routes/health'
import { ROUTE_GROUPS } from './routes'
import { createEncryptedFileStorage } from './storage/encrypted-file-storage'

export const JSON_BODY_LIMIT = 1024 * 1024
/** Multipart: one file, a few small text fields (orderId, side, imageType). */
export const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } as const

/** A hop count as the function form Fastify's types accept: trust the first `hops` proxies. */
function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value
}

/** A year: the longest max-age caches honour, for files whose name changes with their content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** Everything else (index.html first) is revalidated on every use (ETag / Last-Modified). */
export const REVALIDATE_CACHE_CONTROL = 'no-cache'
/** The build's scripts and styles carry a content hash: `js/<name>.<hash8>.js`, `css/<name>.<hash8>.css` (config/index.ts). */
const HASHED_ASSET = /^(js\/[^/]+\.[0-9a-f]{8,}\.js|css\/[^/]+\.[0-9a-f]{8,}\.css)$/
/** The build's documents: they alone get the document-only security headers. */
const DOCUMENT = /\.html$/
/** The suffixes of the precompressed copies (scripts/lib/precompress.ts), which cache as their original. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/

/** The cache-control of a file of the static root, by its path relative to the root. */
function staticCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(COMPRESSED_SUFFIX, '')
  return HASHED_ASSET.test(file) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL
}

/**
 * Serves the built H5 app at `/`: its routes are public and outside the per-IP rate limit (the
 * app's own files; a missing file is the JSON 404, which is limited); the build's brotli or gzip
 * copy goes to a client that accepts it; hashed scripts and styles are cached for a year, the rest
 * revalidated; only documents carry the security headers that act on documents.
 */
async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  const staticRoot = path.resolve(root)
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true, rateLimit: false }
    })
    await scope.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      // An array: with preCompressed the plugin looks up a folder's index only in a list.
      index: ['index.html'],
      // A route per file of the build: any other path is the app's limited 404, not a static miss.
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const relative = path.relative(staticRoot, file)
        reply.header('cache-control', staticCacheControl(relative))
        if (!DOCUMENT.test(relative.replace(COMPRESSED_SUFFIX, ''))) dropDocumentOnlyHeaders(reply)
      },
    })
  })
}

/**
 * The field cipher of `deps` (its key provider, else one from DATA_KEY_HEX), installed for the
 * encrypted columns of this process (server/crypto/field-cipher.ts).
 */
export function installDataCipher(deps: Pick<AppDeps, 'config' | 'keys'>): FieldCipher {
  const cipher = configuredFieldCipher(deps.config, deps.keys)
  installFieldCipher(cipher)
  return cipher
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  assertProductionReady(deps)
  const cipher = installDataCipher(deps)
  const app = Fastify({
    logger: loggerOptions(deps.log),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: frameworkErrorHandler,
    return503OnClosing: true,
    logController: new RequestLogController(),
  })
  await registerSecurityHeaders(app, deps.staticRoot)
  await registerLoadShedding(app, { maxEventLoopDelayMs: deps.config.loadShedEventLoopDelayMs, exempt: [HEALTH_PATH, READY_PATH, METRICS_PATH] })
  warnSimulatedParts(deps, app.log)
  registerNoStore(app)
  registerPublicCache(app)
  const memoryCounters = createMemoryCounters(deps.clock)
  const counters = deps.redis ? createFailoverCounters(createRedisCounters(deps.redis), memoryCounters, app.log, deps.clock) : memoryCounters
  await registerRateLimit(app, { perMinute: deps.config.rateLimitPerMinute, counters })
  registerErrorHandlers(app)
  app.addHook('onRequest', ignoreEmptyBody)
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT })
  await app.register(multipart, { limits: MULTIPART_LIMITS })
  registerAuthHook(app, deps.db, deps.clock)
  registerMetrics(app, deps.metrics ?? createMetrics(), { db: deps.db, clock: deps.clock, token: deps.config.metricsToken })

  const context: RouteContext = {
    ...deps,
    storage: createEncryptedFileStorage(deps.storage, cipher),
    counters,
  }
  await registerOpenApi(app)
  for (const group of ROUTE_GROUPS) await app.register(group, { context })
  if (deps.staticRoot) await registerStaticApp(app, deps.staticRoot)
  return app
}
