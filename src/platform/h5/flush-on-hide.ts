/**
 * On H5 a page can disappear without the app being told in time: the host app's web view goes to
 * the background, the tab is switched or closed. The browser says so with `visibilitychange`
 * (hidden) and `pagehide`, the last moments queued work (the tracker's events) can still be sent.
 */

interface VisibilitySource {
  readonly visibilityState: string
  addEventListener(type: 'visibilitychange', listener: () => void): void
}

interface PageHideSource {
  addEventListener(type: 'pagehide', listener: () => void): void
}

export function flushWhenPageHides(doc: VisibilitySource, win: PageHideSource, flush: () => void): void {
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') flush()
  })
  win.addEventListener('pagehide', flush)
}
