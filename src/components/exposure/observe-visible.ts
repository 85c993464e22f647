/**
 * Whether an element of the current page has come into view, through the host's intersection
 * observer (Taro's createIntersectionObserver: IntersectionObserver on H5, the mini-programs'
 * own observer elsewhere).
 */
import Taro from '@tarojs/taro'

/**
 * Calls `onVisible` once, when the element matching `selector` first shows any part of itself in
 * the viewport. Answers a function that stops watching.
 */
export function observeVisible(selector: string, onVisible: () => void): () => void {
  let observer: Taro.IntersectionObserver | undefined
  let stopped = false
  const seen = (): void => {
    if (stopped) return
    stopped = true
    observer?.disconnect()
    onVisible()
  }
  const start = (): void => {
    if (stopped) return
    try {
      observer = Taro.createIntersectionObserver(Taro.getCurrentInstance().page ?? {}, { thresholds: [0] })
      observer.relativeToViewport().observe(selector, (result) => {
        if ((result.intersectionRatio ?? 0) > 0) seen()
      })
    } catch {
      // A host without an intersection observer (an old web view) cannot tell: the section was
      // rendered on the page, so it counts as seen.
      seen()
    }
  }
  // Mini-programs render the element into their own layer after React commits; H5 has it now.
  if (process.env.TARO_ENV === 'h5') start()
  else Taro.nextTick(start)
  return () => {
    stopped = true
    observer?.disconnect()
  }
}
