/**
 * When the simulated hosts (wx, my) answer: as on a phone, after a delay, random but repeatable:
 * 0 to MINI_MAX_DELAY_MS ms (20 unless set) drawn from a generator seeded with MINI_SEED (1 unless
 * set), so a run that failed can be replayed with its seed. CI runs the suites under several seeds.
 * With MINI_REQUEST_LATENCY_MS set (the benchmark sets the phone's round trip), the calls that
 * cross the network instead answer that long after they were made.
 */

export const MINI_SEED = Number(process.env.MINI_SEED ?? 1)
const MAX_DELAY_MS = Number(process.env.MINI_MAX_DELAY_MS ?? 20)
const REQUEST_LATENCY_MS = process.env.MINI_REQUEST_LATENCY_MS === undefined ? undefined : Number(process.env.MINI_REQUEST_LATENCY_MS)
/** Host calls that cross the network: the app's requests and uploads, and wx.login (a call to WeChat's servers). */
const NETWORK_APIS: ReadonlySet<string> = new Set(['request', 'uploadFile', 'login'])

/** The fixed round trip of a network call when one is set; undefined: the host's random delay. */
export function networkLatency(api: string): number | undefined {
  return NETWORK_APIS.has(api) ? REQUEST_LATENCY_MS : undefined
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const nextDelay = seeded(MINI_SEED)
let pending = 0

/** How many host answers are still to come (settle.ts waits for none). */
export function pendingAnswers(): number {
  return pending
}

/** Runs the host's answer after its delay (or `delayMs`); `run` may be asynchronous (it counts as pending until done). */
export function later(run: () => unknown, delayMs = Math.floor(nextDelay() * (MAX_DELAY_MS + 1))): void {
  pending += 1
  setTimeout(
    () =>
      void Promise.resolve()
        .then(run)
        .finally(() => {
          pending -= 1
        }),
    delayMs,
  )
}
