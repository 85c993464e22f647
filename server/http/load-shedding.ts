/**
 * Shedding load before falling over (@fastify/under-pressure): when the event loop lags more than
 * the configured delay, requests are answered at once with 503 服务器繁忙，请稍后重试 and a
 * Retry-After, instead of queueing until every client times out. The probes answer all the same:
 * a load balancer should see a busy process as alive and ready, not restart it.
 * Off when the delay is 0 (the default outside production, so a loaded test machine never sheds).
 */
import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import { ApiError } from './envelope'

/** Seconds a shed client is told to wait. */
export const SHED_RETRY_AFTER_S = 5
/** How often the event loop's delay is sampled. */
const DEFAULT_SAMPLE_INTERVAL_MS = 1000

export interface LoadSheddingOptions {
  /** The event loop delay above which requests are shed; 0 = off. */
  readonly maxEventLoopDelayMs: number
  /** Paths never shed (the probes). */
  readonly exempt: readonly string[]
  readonly sampleIntervalMs?: number
}

export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): Promise<void> {
  if (options.maxEventLoopDelayMs === 0) return
  const exempt = new Set(options.exempt)
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS,
    retryAfter: SHED_RETRY_AFTER_S,
    exposeStatusRoute: false,
    // Nothing thrown lets the request through (the probes); a rejection is answered by the error handler.
    pressureHandler: async (request, reply, type, value) => {
      if (exempt.has(request.url.split('?')[0] ?? '')) return
      request.log.warn({ pressure: type, value }, 'request shed under load')
      void reply.header('retry-after', String(SHED_RETRY_AFTER_S))
      throw ApiError.busy()
    },
  })
}
