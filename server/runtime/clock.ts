/**
 * Where the server reads the time. Every module takes a Clock instead of calling `new Date()`, so
 * tests move time on (a fake clock) and expiry, limits and the timeline follow.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
