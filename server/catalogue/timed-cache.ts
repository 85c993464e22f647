/**
 * Answers kept for a few seconds in this process: the public catalogue's GETs (issue 29) are
 * read-mostly and asked by every visitor, so one database read serves them all for a while.
 * Concurrent misses share one load; a failed load (or one not worth keeping) is not kept beyond
 * the asks it was shared with; the oldest entries go first once
 * there are too many (the keys come from the request, so their number is bounded here).
 */
import type { Clock } from '../runtime/clock'

export interface TimedCache<T> {
  /** The value kept for `key`, or `load`'s, kept for the cache's time when `worthKeeping` says so (always, without it). */
  get(key: string, load: () => Promise<T>, worthKeeping?: (value: T) => boolean): Promise<T>
}

export function createTimedCache<T>(clock: Clock, ttlMs: number, maxEntries: number): TimedCache<T> {
  const entries = new Map<string, { readonly value: Promise<T>; readonly until: number }>()
  return {
    get(key, load, worthKeeping) {
      const now = clock.now().getTime()
      const kept = entries.get(key)
      if (kept && kept.until > now) return kept.value
      entries.delete(key)
      const value = load()
      entries.set(key, { value, until: now + ttlMs })
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key)
      }
      value.then((loaded) => {
        if (worthKeeping && !worthKeeping(loaded)) forget()
      }, forget)
      // A Map iterates in insertion order: the first key is the oldest.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      return value
    },
  }
}
