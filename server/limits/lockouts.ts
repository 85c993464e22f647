/**
 * Lock-outs with exponential back-off over the shared counters (memory, or Redis so that every
 * server process sees the same lock-out). A key's failures are counted in a fixed window; the
 * failure that reaches the window's allowance locks the key out, and so does every later failure
 * of that window once the lock-out has passed. Each lock-out lasts BACK_OFF_FACTOR times the one
 * before while the earlier ones are remembered, up to a cap: a patient guesser ends up with about
 * one try per cap, while someone who mistypes a few times never meets a lock-out.
 *
 * Two failures that reach the allowance at the same moment may both count a lock-out: the back-off
 * then grows a step early, never late.
 */
import type { CounterStore } from './counters'

export interface LockoutPolicy {
  /** Failures allowed in a window; the one that reaches this number locks the key out. */
  readonly max: number
  /** The fixed window failures are counted in. */
  readonly windowMs: number
  /** The first lock-out... */
  readonly firstLockMs: number
  /** ...each later one BACK_OFF_FACTOR times longer, but never longer than this. */
  readonly maxLockMs: number
  /** Lock-outs are remembered this long from the first one, each lengthening the next. */
  readonly memoryMs: number
}

/** Each lock-out lasts this many times the one before. */
export const BACK_OFF_FACTOR = 2

const counterKey = (key: string, part: 'failures' | 'locked' | 'strikes'): string => `lockout:${key}:${part}`

/** How long the `strike`-th remembered lock-out (counted from 1) lasts. */
export function lockoutMs(policy: LockoutPolicy, strike: number): number {
  return Math.min(policy.firstLockMs * BACK_OFF_FACTOR ** Math.max(strike - 1, 0), policy.maxLockMs)
}

/** Milliseconds left of the key's lock-out; 0 when it is not locked out. */
export async function lockedForMs(counters: CounterStore, key: string): Promise<number> {
  return (await counters.peek(counterKey(key, 'locked')))?.resetInMs ?? 0
}

/** Counts a failure of the key; at the allowance, locks it out. Answers the lock-out begun (ms), 0 for none. */
export async function recordFailure(counters: CounterStore, key: string, policy: LockoutPolicy): Promise<number> {
  const failures = await counters.hit(counterKey(key, 'failures'), policy.windowMs)
  if (failures.count < policy.max) return 0
  const strikes = await counters.hit(counterKey(key, 'strikes'), policy.memoryMs)
  const lockMs = lockoutMs(policy, strikes.count)
  // The window of the lock-out's counter is the lock-out itself.
  await counters.hit(counterKey(key, 'locked'), lockMs)
  return lockMs
}
