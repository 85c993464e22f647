/** Waiting for the compiled app: React commits, setData and the host's answers are asynchronous. */
import { pendingAnswers } from './host-delay'

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The longest a settle waits for the host's answers. */
const SETTLE_TIMEOUT_MS = 10_000

/**
 * Lets pending timers, promises and renders run: a few turns of the event loop, and again after
 * every host call still to be answered (they come after a random delay) has been answered.
 */
export async function settle(turns = 5): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  do {
    for (let i = 0; i < turns; i++) await tick()
    while (pendingAnswers() > 0 && Date.now() < deadline) await tick(5)
    for (let i = 0; i < turns; i++) await tick()
  } while (pendingAnswers() > 0 && Date.now() < deadline)
}

/** Polls until `check` answers true (or returns without throwing); fails with `what` after the timeout. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await tick(10)
  }
}
