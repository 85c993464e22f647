/**
 * A job the server process runs on an interval (the maintenance sweep, the demo lifecycle timer):
 * a run never overlaps the previous one, a failure is logged and the next interval tries again,
 * the timer does not keep the process alive, and stopping waits for a run in progress. It lives
 * with the runtime (issue 30): the jobs, the maintenance sweep and the simulators all run on it,
 * and the jobs start the sweep.
 */
import type { FastifyBaseLogger } from 'fastify'

export interface PeriodicJob {
  stop(): Promise<void>
}

export interface PeriodicOptions {
  intervalMs: number
  log: FastifyBaseLogger
  /** Logged with the error when a run fails. */
  failureMessage: string
  /** Run once at start as well, not only after the first interval. */
  runAtStart?: boolean
  /** Asked before each round: false skips it (another server runs this one: server/jobs/job-lease.ts). */
  claim?: () => Promise<boolean>
}

export function startPeriodic(run: () => Promise<void>, options: PeriodicOptions): PeriodicJob {
  let running: Promise<void> | undefined
  const tick = (): void => {
    if (running) return
    const claim = options.claim ?? (async () => true)
    running = claim()
      .then((claimed) => (claimed ? run() : undefined))
      .catch((error: unknown) => options.log.error({ err: error }, options.failureMessage))
      .finally(() => {
        running = undefined
      })
  }
  if (options.runAtStart) tick()
  const timer = setInterval(tick, options.intervalMs)
  // The timer alone must not keep a process alive.
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
