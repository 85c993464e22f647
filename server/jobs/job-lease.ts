/**
 * One round of a periodic job between every server sharing the database. Within one machine the
 * cluster already gives the jobs to its first worker (server/cluster.ts), but a deployment runs
 * several machines (or containers), each with its jobs: before a round, a process claims the
 * job's row in job_leases until shortly before its next round. Whoever holds an unexpired lease
 * runs the job; the others skip the round. A holder that dies frees the job within one interval.
 *
 * The rounds are idempotent in any case (row claims, conditional updates); the lease keeps the
 * outside parties from being asked the same thing by every server at once (one query per pending
 * payment, one close per abandoned trade, one send per outbox row).
 */
import { lte, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { jobLeases } from '../db/schema'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'

/** The share of the interval a lease lasts: the holder's next round finds it expired, another process's finds it held. */
export const JOB_LEASE_SHARE_OF_INTERVAL = 0.9
const HOLDER_BYTES = 8

export interface JobLeaseContext {
  readonly db: Db
  readonly clock: Clock
}

/** This process's name as a holder of leases. */
export function newLeaseHolder(random: RandomSource): string {
  return random.bytes(HOLDER_BYTES).toString('hex')
}

/** Whether `holder` may run `job` now: true once per lease, for one holder. */
export async function claimJobRound(context: JobLeaseContext, job: string, holder: string, intervalMs: number): Promise<boolean> {
  const now = context.clock.now()
  const leaseUntil = new Date(now.getTime() + Math.floor(intervalMs * JOB_LEASE_SHARE_OF_INTERVAL))
  const claimed = await context.db
    .insert(jobLeases)
    .values({ name: job, holder, leaseUntil })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder: sql`excluded.holder`, leaseUntil: sql`excluded.lease_until` },
      setWhere: lte(jobLeases.leaseUntil, now),
    })
    .returning({ name: jobLeases.name })
  return claimed.length > 0
}

/** The `claim` option of startPeriodic (server/runtime/periodic.ts) for `job`. */
export function leasedRounds(context: JobLeaseContext, job: string, holder: string, intervalMs: number): () => Promise<boolean> {
  return () => claimJobRound(context, job, holder, intervalMs)
}
