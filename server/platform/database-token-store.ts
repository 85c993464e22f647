/**
 * WeChat's credentials kept in the database (shared_credentials), for servers that share no Redis:
 * every process of every machine on the database reads what one of them fetched, and the refresh
 * lock is a lease in the same row (claimed only while free or expired, freed only by its holder).
 * The value is encrypted at rest like personal data: it opens WeChat's API in our name.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Db } from '../db/database'
import { sharedCredentials } from '../db/schema'
import { systemClock } from '../runtime/clock'
import type { Clock } from '../runtime/clock'
import { cryptoRandom } from '../runtime/random'
import { createMemoryTokenStore, createRedisTokenStore } from './wechat-api'
import type { SharedTokenStore } from './wechat-api'

const LEASE_BYTES = 16

export function createDatabaseTokenStore(db: Db, prefix: string, clock: Clock = systemClock): SharedTokenStore {
  return {
    async get(key) {
      const now = clock.now()
      const [row] = await db
        .select({ value: sharedCredentials.value, expiresAt: sharedCredentials.expiresAt })
        .from(sharedCredentials)
        .where(and(eq(sharedCredentials.key, prefix + key), gt(sharedCredentials.expiresAt, now)))
      return row?.value && row.expiresAt ? { value: row.value, expiresAt: row.expiresAt.getTime() } : undefined
    },
    async set(key, value, expiresAt) {
      const ends = new Date(expiresAt)
      await db
        .insert(sharedCredentials)
        .values({ key: prefix + key, value, expiresAt: ends })
        .onConflictDoUpdate({ target: sharedCredentials.key, set: { value, expiresAt: ends } })
    },
    async lock(key, ttlMs) {
      const now = clock.now()
      const lease = cryptoRandom.bytes(LEASE_BYTES).toString('hex')
      const lockedUntil = new Date(now.getTime() + ttlMs)
      const taken = await db
        .insert(sharedCredentials)
        .values({ key: prefix + key, lockLease: lease, lockedUntil })
        .onConflictDoUpdate({
          target: sharedCredentials.key,
          set: { lockLease: sql`excluded.lock_lease`, lockedUntil: sql`excluded.locked_until` },
          setWhere: or(isNull(sharedCredentials.lockedUntil), lte(sharedCredentials.lockedUntil, now)),
        })
        .returning({ key: sharedCredentials.key })
      return taken.length > 0 ? lease : undefined
    },
    async unlock(key, lease) {
      await db
        .update(sharedCredentials)
        .set({ lockLease: null, lockedUntil: null })
        .where(and(eq(sharedCredentials.key, prefix + key), eq(sharedCredentials.lockLease, lease)))
    },
  }
}

/** Where a server keeps WeChat's credentials: Redis when it has it, else the database, else (tests) this process. */
export interface TokenPlace {
  readonly redis?: Redis
  readonly db?: Db
}

export function sharedTokenStore(place: TokenPlace, prefix: string): SharedTokenStore {
  if (place.redis) return createRedisTokenStore(place.redis, prefix)
  if (place.db) return createDatabaseTokenStore(place.db, prefix)
  return createMemoryTokenStore()
}
