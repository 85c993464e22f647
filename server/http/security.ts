/**
 * Security headers (@fastify/helmet) and per-IP rate limits (@fastify/rate-limit, in Redis when
 * one is given so every server process counts together).
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
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { ApiError } from './envelope'

export const RATE_LIMIT_WINDOW_MS = 60_000

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

export interface RateLimitOptions {
  perMinute: number
  redis: Redis | undefined
}

export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    ...(options.redis ? { redis: options.redis, nameSpace: 'etc-apply:rate:' } : {}),
    errorResponseBuilder: () => ApiError.tooManyRequests(),
  })
}
