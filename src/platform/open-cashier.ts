/**
 * Opening the cashier page the server answers a payment with. On H5 the cashier is a page of the
 * same origin that returns to the pay result page itself, so the app hands the whole window
 * over to it; mini-programs cannot leave their pages and show it in the web view page instead.
 */
import type { Navigator } from './navigator'

export interface CashierHost {
  /** Whether the app is a web page (H5). */
  readonly isWeb: boolean
  /** Replaces the document with `url` (H5 only). */
  assign(url: string): void
  /**
   * Calls `callback` when the browser shows this document again from its back-forward cache
   * (the user went back from the cashier); answers the function that stops listening.
   */
  onRestored(callback: () => void): () => void
}

const TARO_HOST: CashierHost = {
  isWeb: process.env.TARO_ENV === 'h5',
  assign: (url) => window.location.assign(url),
  onRestored(callback) {
    if (process.env.TARO_ENV !== 'h5') return () => undefined
    const listener = (event: PageTransitionEvent): void => {
      if (event.persisted) callback()
    }
    window.addEventListener('pageshow', listener)
    return () => window.removeEventListener('pageshow', listener)
  },
}

/** How long handing the window to the cashier waits for `beforeLeaving` (queued tracking events). */
export const LEAVE_WAIT_MS = 1000

/**
 * Opens the cashier. On H5 the document goes and its requests in flight with it, so
 * `beforeLeaving` (the tracker's flush: the pay tap and the visit's queued events) runs first, for
 * at most LEAVE_WAIT_MS.
 */
export async function openCashier(url: string, navigator: Navigator, beforeLeaving?: () => Promise<void>, host: CashierHost = TARO_HOST): Promise<unknown> {
  if (!host.isWeb) return navigator.open('webview', { src: url })
  if (beforeLeaving) await Promise.race([beforeLeaving(), new Promise((resolve) => setTimeout(resolve, LEAVE_WAIT_MS))])
  host.assign(url)
  return undefined
}

/**
 * Calls `callback` when the page that opened the cashier is on screen again in the same document
 * (H5's back-forward cache; on mini-programs the page's own show event says so).
 */
export function onBackFromCashier(callback: () => void, host: CashierHost = TARO_HOST): () => void {
  return host.onRestored(callback)
}
