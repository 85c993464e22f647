/** Installs the lazy-page watcher on H5: the DOM view, real timers, Taro's router events. */
import { eventCenter } from '@tarojs/taro'
import { connectPageLoadWatch } from './connect-page-load-watch'
import { createDomPageLoadView } from './page-load-view'
import { createPageLoadWatch } from './page-load-watch'
import type { PageLoadView } from './page-load-watch'

let installed: PageLoadView | undefined

export function installPageLoadWatch(): void {
  const view = createDomPageLoadView(document, () => window.location.reload())
  installed = view
  const watch = createPageLoadWatch(view, {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  })
  connectPageLoadWatch(watch, eventCenter, window)
}

/**
 * The app's own code (its services) could not be fetched: the same error view as a page that
 * failed to load, reloading on a tap. Taro's modal is not used for it: its code would then be
 * part of every first load.
 */
export function showAppLoadFailure(): void {
  installed?.showError()
}
