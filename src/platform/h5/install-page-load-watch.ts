/** Installs the lazy-page watcher on H5: the DOM view, real timers, Taro's router events. */
import { eventCenter } from '@tarojs/taro'
import { connectPageLoadWatch } from './connect-page-load-watch'
import { createDomPageLoadView } from './page-load-view'
import { createPageLoadWatch } from './page-load-watch'

export function installPageLoadWatch(): void {
  const view = createDomPageLoadView(document, () => window.location.reload())
  const watch = createPageLoadWatch(view, {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  })
  connectPageLoadWatch(watch, eventCenter, window)
}
