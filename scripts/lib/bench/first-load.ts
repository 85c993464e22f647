/**
 * One load of a page on the throttled phone: first contentful paint, largest contentful paint,
 * the moment the page is usable (as the target's probe decides, checked on every frame), what was
 * transferred until then, and the API calls the page waited for.
 */
import type { Page } from 'playwright-core'

export interface LoadTarget {
  readonly name: string
  readonly url: string
  /**
   * The source of a function `(state) => boolean` run on every animation frame from the start of
   * the load: true once the page is usable. It may act (tap a key) and keep notes in `state`;
   * `state.shownAt`, when it sets it, is when the page's controls first showed.
   * A string, so no transpiler helper ends up in code the page runs.
   */
  readonly usableProbe: string
}

export interface LoadSample {
  readonly fcpMs: number
  readonly lcpMs: number
  readonly usableMs: number
  /** When the controls showed (before they answered), where the probe tells. */
  readonly shownMs?: number
  /** Bytes over the wire (headers and compressed bodies) of everything finished by `usableMs`. */
  readonly transferredBytes: number
  /** API calls (fetch / XHR) answered before the page was usable. */
  readonly apiCalls: number
  /** How many of those came one after another (calls in flight together count once). */
  readonly apiRoundTrips: number
}

const STATE = '__benchLoad'
/** LCP keeps updating while the page paints larger content: read it once the page has settled. */
const LCP_SETTLE_MS = 1_000
const USABLE_TIMEOUT_MS = 60_000

const recorder = (probe: string): string => `(() => {
  const state = (window[${JSON.stringify(STATE)}] = { lcp: 0, usableAt: undefined, probe: {} })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.renderTime || entry.loadTime || entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const usable = ${probe}
  const frame = (time) => {
    if (usable(state.probe)) state.usableAt = time
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

interface PageNumbers {
  fcp: number
  lcp: number
  usableAt: number
  shownAt?: number
  transferred: number
  api: { start: number; end: number }[]
}

/** Pages that run the recorder already: a second one would tap the keys twice. */
const recording = new WeakSet<Page>()

/** Loads `target` in `page` (already throttled) and measures it; a page can load it again. */
export async function measureLoad(page: Page, target: LoadTarget): Promise<LoadSample> {
  if (!recording.has(page)) {
    await page.addInitScript({ content: recorder(target.usableProbe) })
    recording.add(page)
  }
  await page.goto(target.url)
  await page.waitForFunction((key) => (window as unknown as Record<string, { usableAt?: number }>)[key]?.usableAt !== undefined, STATE, {
    timeout: USABLE_TIMEOUT_MS,
  })
  await page.waitForTimeout(LCP_SETTLE_MS)
  const numbers = await page.evaluate((key): PageNumbers => {
    const state = (window as unknown as Record<string, { lcp: number; usableAt: number; probe: { shownAt?: number } }>)[key]!
    const usableAt = state.usableAt
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.responseEnd <= usableAt)
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: state.lcp,
      usableAt,
      shownAt: state.probe.shownAt,
      transferred: (navigation?.transferSize ?? 0) + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
      api: resources
        .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
        .map((entry) => ({ start: entry.startTime, end: entry.responseEnd })),
    }
  }, STATE)
  return {
    fcpMs: numbers.fcp,
    lcpMs: numbers.lcp,
    usableMs: numbers.usableAt,
    shownMs: numbers.shownAt,
    transferredBytes: numbers.transferred,
    apiCalls: numbers.api.length,
    apiRoundTrips: roundTrips(numbers.api),
  }
}

/** Calls one after another: a call starting after every earlier one ended begins a new trip. */
function roundTrips(calls: readonly { start: number; end: number }[]): number {
  let trips = 0
  let tripEnd = -Infinity
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= tripEnd) trips += 1
    tripEnd = call.start >= tripEnd ? call.end : Math.max(tripEnd, call.end)
  }
  return trips
}
