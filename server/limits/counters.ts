/**
 * Fixed-window counters for limits the route layer enforces itself (e.g. SMS sends per phone).
 * In one process they live in memory; with REDIS_URL they live in Redis, so every server process
 * behind a load balancer counts together. (Per-IP request limits use @fastify/rate-limit, which
 * shares the same Redis client.)
 */
import type { Redis } from 'ioredis'
import type { Clock } from '../deps'

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number
  /** Milliseconds until the window ends. */
  resetInMs: number
}

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<CounterHit>
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
  }
}

export const REDIS_COUNTER_PREFIX = 'etc-apply:counter:'

export function createRedisCounters(redis: Redis): CounterStore {
  return {
    async hit(key, windowMs) {
      const name = `${REDIS_COUNTER_PREFIX}${key}`
      // The window starts with the first hit (SET NX PX); INCR keeps its expiry.
      const results = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec()
      if (!results) throw new Error('Redis transaction was discarded')
      const failure = results.find(([error]) => error)
      if (failure?.[0]) throw failure[0]
      const count = Number(results[1]?.[1])
      const ttl = Number(results[2]?.[1])
      return { count, resetInMs: ttl > 0 ? ttl : windowMs }
    },
  }
}
