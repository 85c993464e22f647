/**
 * The Redis client of a server process. Redis only shares limits between processes, so losing it
 * must not take requests down: the client never blocks startup (it connects in the background and
 * keeps reconnecting), a command while Redis is away fails at once instead of queueing, and a
 * command to a hung Redis fails after a short timeout. The counters then fall back to this
 * process's memory (server/limits/counters.ts).
 */
import { Redis } from 'ioredis'

export const REDIS_CLIENT = {
  /** A command Redis has not answered by then fails (the request goes on with local limits). */
  commandTimeoutMs: 500,
  /** Reconnect delays grow by this much per attempt... */
  reconnectStepMs: 200,
  /** ...up to this, and reconnecting never stops. */
  maxReconnectDelayMs: 2000,
  /** A command caught by a dropped connection is retried this often before it fails. */
  maxRetriesPerRequest: 1,
} as const

export function createRedisClient(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_CLIENT.commandTimeoutMs,
    maxRetriesPerRequest: REDIS_CLIENT.maxRetriesPerRequest,
    retryStrategy: (attempt) => Math.min(attempt * REDIS_CLIENT.reconnectStepMs, REDIS_CLIENT.maxReconnectDelayMs),
  })
  // Without a listener ioredis prints every failed reconnect; the failover counters report an
  // outage once, in the app's log.
  redis.on('error', () => undefined)
  return redis
}

/** Closes politely when connected, at once otherwise (quit would wait for a Redis that is gone). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
  else redis.disconnect()
}
