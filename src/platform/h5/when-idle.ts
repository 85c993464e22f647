import { PREFETCH_FALLBACK_DELAY_MS } from '../../domain/constants'

/** Runs `work` once the browser is idle (after a short delay where it cannot say); answers a function that cancels it if it has not started. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work)
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, PREFETCH_FALLBACK_DELAY_MS)
  return () => clearTimeout(timer)
}
