/**
 * Wires the lazy-page watcher to the H5 router: the router announces a navigation before it
 * fetches the page's chunk and again once the page is shown; a chunk that fails to load surfaces
 * as an unhandled promise rejection.
 */
import { eventCenter } from '@tarojs/taro'
import { createDomPageLoadView } from './page-load-view'
import { createPageLoadWatch, isChunkLoadError } from './page-load-watch'

const ROUTER_CHANGE = '__taroRouterChange'
const ROUTER_CHANGED = '__afterTaroRouterChange'
const ROUTER_NOT_FOUND = '__taroRouterNotFound'

export function installPageLoadWatch(): void {
  const view = createDomPageLoadView(document, () => window.location.reload())
  const watch = createPageLoadWatch(view, {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  })
  eventCenter.on(ROUTER_CHANGE, () => watch.start())
  eventCenter.on(ROUTER_CHANGED, () => watch.done())
  eventCenter.on(ROUTER_NOT_FOUND, () => watch.done())
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return
    event.preventDefault()
    watch.fail()
  })
}
