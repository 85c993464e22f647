/**
 * Timing of the lazy-page indicator: nothing for the first PAGE_LOAD_DELAY_MS (fast loads never
 * flash a spinner), then a loading indicator, then the error view at PAGE_LOAD_TIMEOUT_MS or as
 * soon as loading fails. Each watch belongs to one navigation (its path): a page that finishes
 * or fails after the user has moved on does not touch the newer navigation's view. Pure logic
 * over injected timers, so it is testable with fake clocks.
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
  /** A navigation to `path` started. */
  start(path: string): void
  /** The page at `path` is on screen. */
  done(path: string): void
  /** Loading failed (a chunk could not be fetched); ignored when no navigation is in flight. */
  fail(): void
  readonly state: PageLoadState
}

export function createPageLoadWatch(view: PageLoadView, timers: Timers): PageLoadWatch {
  let state: PageLoadState = 'idle'
  let pendingPath: string | undefined
  let shownPath: string | undefined
  let handles: unknown[] = []

  const clear = (): void => {
    handles.forEach((handle) => timers.clearTimeout(handle))
    handles = []
  }

  const showError = (): void => {
    clear()
    state = 'error'
    view.showError()
  }

  return {
    start(path) {
      // The router re-announces the page already on screen (Safari's extra POP when returning
      // from another site); no page load follows, so there is nothing to watch.
      if (state === 'idle' && path === shownPath) return
      clear()
      if (state === 'loading' || state === 'error') view.hide()
      state = 'pending'
      pendingPath = path
      handles = [
        timers.setTimeout(() => {
          state = 'loading'
          view.showLoading()
        }, PAGE_LOAD_DELAY_MS),
        timers.setTimeout(showError, PAGE_LOAD_TIMEOUT_MS),
      ]
    },
    done(path) {
      shownPath = path
      if (state === 'idle' || path !== pendingPath) return
      clear()
      if (state === 'loading' || state === 'error') view.hide()
      state = 'idle'
      pendingPath = undefined
    },
    fail() {
      if (state === 'pending' || state === 'loading') showError()
    },
    get state() {
      return state
    },
  }
}

/** True for the errors webpack raises when a lazy chunk (script or stylesheet) cannot be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false
  return reason.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(reason.message)
}
