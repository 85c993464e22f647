/**
 * Timing of the lazy-page indicator: nothing for the first PAGE_LOAD_DELAY_MS (fast loads never
 * flash a spinner), then a loading indicator, then the error view at PAGE_LOAD_TIMEOUT_MS or as
 * soon as loading fails. Pure logic over injected timers, so it is testable with fake clocks.
 */
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '../../domain/constants'

export type PageLoadState = 'idle' | 'pending' | 'loading' | 'error'

export interface PageLoadView {
  showLoading(): void
  showError(): void
  hide(): void
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface PageLoadWatch {
  /** A page started loading. */
  start(): void
  /** The page is on screen. */
  done(): void
  /** Loading failed (for example a chunk could not be fetched). */
  fail(): void
  readonly state: PageLoadState
}

export function createPageLoadWatch(view: PageLoadView, timers: Timers): PageLoadWatch {
  let state: PageLoadState = 'idle'
  let handles: unknown[] = []

  const clear = (): void => {
    handles.forEach((handle) => timers.clearTimeout(handle))
    handles = []
  }

  const fail = (): void => {
    clear()
    state = 'error'
    view.showError()
  }

  return {
    start() {
      clear()
      if (state !== 'idle') view.hide()
      state = 'pending'
      handles = [
        timers.setTimeout(() => {
          state = 'loading'
          view.showLoading()
        }, PAGE_LOAD_DELAY_MS),
        timers.setTimeout(fail, PAGE_LOAD_TIMEOUT_MS),
      ]
    },
    done() {
      clear()
      if (state === 'loading' || state === 'error') view.hide()
      state = 'idle'
    },
    fail,
    get state() {
      return state
    },
  }
}

/** True for the errors webpack raises when a lazy chunk (script or stylesheet) cannot be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false
  return (
    reason.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(reason.message)
  )
}
