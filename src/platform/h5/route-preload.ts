/**
 * The first script of index.html (bundled inline at build time: config/preload-page-chunks.ts).
 * Opened at an address other than the entry page's and the landing pages' (a shared link to an
 * order, a reload mid-journey), the app would find what that page needs a chunk at a time: the
 * page's chunks once its scripts have run, the services once the page has painted, the request
 * transport with the first call; four round trips on a slow link before the page can ask for its
 * data. This asks for all of them at once, with the app's own scripts. The entry page's come with
 * index.html's own tags; the landing pages lead to it.
 */
import { ROUTE_PRELOADED_KEY } from '../../config/first-screens'
import { addressOf } from './hash-address'

export interface RoutePreloadPlan {
  /** Script and style addresses, as the app's chunk loaders ask for them. */
  readonly files: readonly string[]
  /** Each hash address (without its query): what its page needs, as indexes into `files`. */
  readonly routes: Readonly<Record<string, readonly number[]>>
}

type PreloadedWindow = { [ROUTE_PRELOADED_KEY]?: boolean }

export function preloadRouteChunks(doc: Document, win: Window, plan: RoutePreloadPlan): void {
  const files = plan.routes[addressOf(win.location.hash)]
  if (!files) return
  ;(win as PreloadedWindow)[ROUTE_PRELOADED_KEY] = true
  for (const index of files) {
    const href = plan.files[index]
    if (href === undefined) continue
    const link = doc.createElement('link')
    // A style goes in as the stylesheet its chunk loader looks for (by href), so it is not asked
    // for twice; inserted by script, it does not hold the first paint back.
    if (href.endsWith('.css')) link.rel = 'stylesheet'
    else {
      link.rel = 'preload'
      link.setAttribute('as', 'script')
    }
    // After the app's own scripts (deferred: low), which must run first whatever else comes.
    link.setAttribute('fetchpriority', 'low')
    link.setAttribute('href', href)
    doc.head.appendChild(link)
  }
}

/** Whether index.html asked for the services with the page at this address: the app then runs them as soon as they are here. */
export function routeChunksPreloaded(win: object = window): boolean {
  return (win as PreloadedWindow)[ROUTE_PRELOADED_KEY] === true
}
