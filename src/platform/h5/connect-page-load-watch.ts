/**
 * Connects a page-load watch to the H5 router's events (a navigation is announced before its
 * chunk is fetched and again once the page is shown, both with the page's path) and to chunk-load
 * failures, which surface as unhandled promise rejections. Free of Taro so tests can drive it.
 */
import { isChunkLoadError } from './page-load-watch'
import type { PageLoadWatch } from './page-load-watch'

export const ROUTER_EVENTS = {
  change: '__taroRouterChange',
  changed: '__afterTaroRouterChange',
  notFound: '__taroRouterNotFound',
} as const

interface RouterEvent {
  toLocation?: { path?: string }
  path?: string
}

interface EventSource {
  on(event: string, listener: (payload?: RouterEvent) => void): unknown
}

interface RejectionSource {
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void
}

const pathOf = (payload?: RouterEvent): string => payload?.toLocation?.path ?? payload?.path ?? ''

export function connectPageLoadWatch(watch: PageLoadWatch, events: EventSource, rejections: RejectionSource): void {
  events.on(ROUTER_EVENTS.change, (payload) => watch.start(pathOf(payload)))
  events.on(ROUTER_EVENTS.changed, (payload) => watch.done(pathOf(payload)))
  events.on(ROUTER_EVENTS.notFound, (payload) => watch.done(pathOf(payload)))
  rejections.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return
    event.preventDefault()
    watch.fail()
  })
}

