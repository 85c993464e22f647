/**
 * Fixed-window counters for limits the route layer enforces itself (e.g. SMS sends per phone),
 * for the per-IP request limits (server/http/security.ts) and for the lock-outs with back-off
 * (server/limits/lockouts.ts). In one process they live in
 * memory; with REDIS_URL they live in Redis, so every server process behind a load balancer
 * counts together. When Redis cannot answer, the failover counters keep counting in this
 * process's memory (fail open, yet still limited) and log the outage once; they return to Redis
 * when it answers again.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import type { Clock } from '../runtime/clock'

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number
  /** Milliseconds until the window ends. */
  resetInMs: number
}

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<CounterHit>
  /** The key's current window without counting a hit; undefined when none is open. */
  peek(key: string): Promise<CounterHit | undefined>
}

/** Sweep expired windows once the map holds this many keys. */
const SWEEP_AT = 10_000

export function createMemoryCounters(clock: Clock): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>()
  const sweep = (now: number): void => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key)
  }
  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime()
      if (windows.size >= SWEEP_AT) sweep(now)
      const current = windows.get(key)
      const window = current && current.endsAt > now ? current : { count: 0, endsAt: now + windowMs }
      window.count += 1
      windows.set(key, window)
      return { count: window.count, resetInMs: window.endsAt - now }
    },
    async peek(key) {
      const now = clock.now().getTime()
      const window = windows.get(key)
      return window && window.endsAt > now ? { count: window.count, resetInMs: window.endsAt - now } : undefined
    },
  }
}

export const REDIS_COUNTER_PREFIX = 'etc-apply:counter:'

/** The replies of a Redis transaction; throws when it was discarded or a command failed. */
function replies(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error('Redis transaction was discarded')
  const failure = results.find(([error]) => error)
  if (failure?.[0]) throw failure[0]
  return results.map(([, reply]) => reply)
}

export function createRedisCounters(redis: Redis): CounterStore {
  return {
    async hit(key, windowMs) {
      const name = `${REDIS_COUNTER_PREFIX}${key}`
      // The window starts with the first hit (SET NX PX); INCR keeps its expiry.
      const [, count, ttl] = replies(await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec())
      return { count: Number(count), resetInMs: Number(ttl) > 0 ? Number(ttl) : windowMs }
    },
    async peek(key) {
      const name = `${REDIS_COUNTER_PREFIX}${key}`
      const [count, ttl] = replies(await redis.multi().get(name).pttl(name).exec())
      // Gone, or (never written so) without an expiry: no window is open.
      return count === null || Number(ttl) <= 0 ? undefined : { count: Number(count), resetInMs: Number(ttl) }
    },
  }
}

export const COUNTER_LOG = {
  outage: 'Redis unreachable: limits are counted in this process until it answers again',
  recovered: 'Redis answers again: limits are shared again',
} as const

/**
 * After a failure Redis is left alone this long: a Redis that hangs costs one command timeout
 * per period, not one per request.
 */
export const REDIS_RETRY_AFTER_MS = 5_000

/**
 * Redis counters that fall back to `fallback` (memory) while Redis fails; warns once per outage,
 * tries Redis again REDIS_RETRY_AFTER_MS after a failure, and notes the recovery.
 */
export function createFailoverCounters(primary: CounterStore, fallback: CounterStore, log: FastifyBaseLogger, clock: Clock): CounterStore {
  let down = false
  let retryAt = 0
  const ask = async <T>(call: (store: CounterStore) => Promise<T>): Promise<T> => {
    if (down && clock.now().getTime() < retryAt) return call(fallback)
    try {
      const result = await call(primary)
      if (down) {
        down = false
        log.info(COUNTER_LOG.recovered)
      }
      return result
    } catch (error) {
      if (!down) {
        down = true
        log.warn({ err: error }, COUNTER_LOG.outage)
      }
      retryAt = clock.now().getTime() + REDIS_RETRY_AFTER_MS
      return call(fallback)
    }
  }
  return {
    hit: (key, windowMs) => ask((store) => store.hit(key, windowMs)),
    peek: (key) => ask((store) => store.peek(key)),
  }
}
