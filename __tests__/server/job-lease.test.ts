/**
 * Periodic jobs are leased (server/jobs/job-lease.ts): servers sharing one database run each
 * round once between them; the holder's next round finds its lease over, and a holder that stops
 * frees the job within an interval.
 */
import type { FastifyBaseLogger } from 'fastify'
import { JOB_LEASE_SHARE_OF_INTERVAL, claimJobRound } from '../../server/jobs/job-lease'
import { startPeriodic } from '../../server/runtime/periodic'
import { FakeClock } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'

const INTERVAL_MS = 60_000
const JOB = 'test-job'

describeDb('job leases', () => {
  const database = databasePerFile()
  const clock = new FakeClock()
  const context = () => ({ db: database.db, clock })

  it('gives one round to one of several servers asking at once', async () => {
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => claimJobRound(context(), JOB, holder, INTERVAL_MS)))
    expect(claims.filter(Boolean)).toHaveLength(1)
  })

  it('lets the holder run its next round and keeps the others out until the lease is over', async () => {
    expect(await claimJobRound(context(), JOB, 'a', INTERVAL_MS)).toBe(true)
    clock.advance(INTERVAL_MS / 2)
    expect(await claimJobRound(context(), JOB, 'b', INTERVAL_MS)).toBe(false)
    clock.advance(INTERVAL_MS / 2)
    expect(await claimJobRound(context(), JOB, 'a', INTERVAL_MS)).toBe(true)
    // The holder stopped: another server takes over once the lease is over.
    clock.advance(INTERVAL_MS * JOB_LEASE_SHARE_OF_INTERVAL)
    expect(await claimJobRound(context(), JOB, 'b', INTERVAL_MS)).toBe(true)
  })

  it('leases each job on its own', async () => {
    expect(await claimJobRound(context(), JOB, 'a', INTERVAL_MS)).toBe(true)
    expect(await claimJobRound(context(), 'another-job', 'b', INTERVAL_MS)).toBe(true)
  })
})

describe('a periodic job with a claim', () => {
  const log = { error: jest.fn() } as unknown as FastifyBaseLogger

  it('runs a round only when it is claimed', async () => {
    const runs: string[] = []
    const answers = [false, true]
    const job = startPeriodic(async () => void runs.push('ran'), { intervalMs: 10, log, failureMessage: 'failed', runAtStart: true, claim: async () => answers.shift() ?? false })
    // Both answers asked for, then one more round refused.
    while (answers.length > 0 || runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    await new Promise((resolve) => setTimeout(resolve, 30))
    await job.stop()
    expect(runs).toEqual(['ran'])
  })
})
