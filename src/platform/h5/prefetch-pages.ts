/**
 * Fetches pages' code ahead of the taps that open them (H5). The router keeps each page's loader
 * in Taro's app configuration on `window`; calling it fetches the page's chunks (scripts and
 * styles) into webpack's module cache, so the later navigation waits for no download.
 */
import { whenIdle } from './when-idle'

/** A page as Taro's H5 router keeps it: its path and the loader of its code. */
export interface TaroH5Route {
  readonly path: string
  readonly load?: () => unknown
}

/**
 * A prefetcher over the app's routes: it queues the pages (paths as in the route table) not
 * fetched yet, one at a time, so prefetches never compete with each other for a slow link. A
 * page whose fetch failed may be asked for again.
 */
export function createPagePrefetcher(routesOfApp: () => readonly TaroH5Route[]): (pages: readonly string[]) => void {
  const asked = new Set<string>()
  let queue: Promise<void> = Promise.resolve()

  const fetchPage = (path: string, load: () => unknown): Promise<void> =>
    Promise.resolve()
      // Taro's loader answers [promise of the module, …] (a bare promise in other versions).
      .then(() => {
        const result = load()
        return Array.isArray(result) ? result[0] : result
      })
      .then(
        () => undefined,
        // A failed prefetch (a loader that throws included) costs nothing and stops no other: the
        // navigation loads the page itself, and reports a failure.
        () => void asked.delete(path),
      )

  return (pages) => {
    const routes = routesOfApp()
    for (const page of pages) {
      const load = routes.find((route) => route.path === page)?.load
      if (!load || asked.has(page)) continue
      asked.add(page)
      queue = queue.then(() => fetchPage(page, load))
    }
  }
}

const prefetchPages = createPagePrefetcher(
  () => (window as { __taroAppConfig?: { routes?: readonly TaroH5Route[] } }).__taroAppConfig?.routes ?? [],
)

/** Prefetches `pages` once the browser is idle; answers a function that cancels it if it has not started. */
export function prefetchPagesWhenIdle(pages: readonly string[]): () => void {
  return whenIdle(() => prefetchPages(pages))
}
