/** Waiting for the compiled app: React commits, setData and the server's answers are asynchronous. */

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Lets pending timers, promises and renders run: a few turns of the event loop. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await tick()
}

/** Polls until `check` answers true (or returns without throwing); fails with `what` after the timeout. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await tick(10)
  }
}
