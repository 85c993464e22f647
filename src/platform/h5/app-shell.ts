/**
 * The app's document kept on the device (H5, issue 29: a repeat visit usable within 0.6 s on a
 * slow link). index.html is revalidated on every load (`no-cache`), one round trip, 0.56 s on a
 * slow mobile link, before anything can show. The service worker (app-shell-worker.ts) answers a
 * visit with the document kept from the last one at once and refreshes it from the server behind
 * it, for the next visit (stale-while-revalidate). It answers nothing else: the API, the build's
 * hashed files (cached for a year by HTTP already), the cashier's pages and every other path go to
 * the network untouched.
 *
 * After a release, the first visit still runs the release before (its document, and its hashed
 * files from the HTTP cache); the next runs the new one. README "Going live" keeps the previous
 * release's files served for a day for that visit's pages not loaded yet.
 */

/** The names of this worker's caches: a new version's worker drops the older ones when it activates. */
export const APP_SHELL_CACHE_PREFIX = 'etc-app-shell-'
export const APP_SHELL_CACHE = `${APP_SHELL_CACHE_PREFIX}v1`

/** The worker's file, beside index.html (config/app-shell-worker-plugin.ts emits it). */
export const APP_SHELL_WORKER_FILE = 'app-shell-worker.js'

/** What the worker needs of the Cache API. */
export interface ShellCache {
  match(key: string): Promise<Response | undefined>
  put(key: string, response: Response): Promise<void>
}

/** Whether `request` is a visit to the app's document: a navigation to the scope's root or its index.html, any query. */
export function isAppDocument(request: Pick<Request, 'url' | 'method' | 'mode'>, scope: string): boolean {
  if (request.mode !== 'navigate' || request.method !== 'GET') return false
  const url = new URL(request.url)
  const root = new URL(scope)
  return url.origin === root.origin && (url.pathname === root.pathname || url.pathname === `${root.pathname}index.html`)
}

/** A response worth keeping as the document: the server's own 200, not a redirect or an error page. */
const keepable = (response: Response): boolean => response.status === 200 && !response.redirected && response.type === 'basic'

/**
 * Fetches the document and keeps it under `scope` (one document, whatever the visit's query).
 * Answers the response, kept or not.
 */
export async function refreshDocument(request: Request | string, scope: string, cache: ShellCache, fetchDocument: (request: Request | string) => Promise<Response>): Promise<Response> {
  const response = await fetchDocument(request)
  if (keepable(response)) await cache.put(scope, response.clone())
  return response
}

/**
 * A visit's answer: the kept document at once, refreshed behind it (`background` keeps the worker
 * alive for that); else the network's, kept for the next visit.
 */
export async function answerVisit(
  request: Request,
  scope: string,
  cache: ShellCache,
  fetchDocument: (request: Request | string) => Promise<Response>,
  background: (work: Promise<unknown>) => void,
): Promise<Response> {
  const kept = await cache.match(scope)
  if (!kept) return refreshDocument(request, scope, cache, fetchDocument)
  // A failed refresh (offline) keeps what is kept: the next visit tries again.
  background(refreshDocument(request, scope, cache, fetchDocument).catch(() => undefined))
  return kept
}
