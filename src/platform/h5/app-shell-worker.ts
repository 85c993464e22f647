/**
 * The app-shell service worker (app-shell.ts says what it does and why), bundled by the H5 build
 * into its own file beside index.html (config/app-shell-worker-plugin.ts). Installing keeps the
 * document at once, so the next visit is answered from the device.
 */
import { APP_SHELL_CACHE, APP_SHELL_CACHE_PREFIX, answerVisit, isAppDocument, refreshDocument } from './app-shell'

/** What this file uses of the service worker's global scope (the DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
/** The static routing API (Chromium 123+): requests a route sends to the network never wake the worker. */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: { condition: { not: { requestMode: 'navigate' } }; source: 'network' }): Promise<void>
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface WorkerScope {
  readonly registration: { readonly scope: string }
  readonly clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

const worker = self as unknown as WorkerScope
const scope = worker.registration.scope
const fetchDocument = (request: Request | string): Promise<Response> => fetch(request)

worker.addEventListener('install', (event) => {
  // Only visits are the worker's: the app's scripts, styles and API calls skip it where the browser
  // can say so, rather than each waiting for it to wake and decline (a cost on a slow phone).
  // Where it cannot, or refuses the rule, the fetch handler declines them: nothing else changes.
  event.waitUntil(event.addRoutes?.({ condition: { not: { requestMode: 'navigate' } }, source: 'network' }).catch(() => undefined) ?? Promise.resolve())
  event.waitUntil(
    caches
      .open(APP_SHELL_CACHE)
      // `no-cache`: the HTTP cache's copy only once the server has confirmed it (index.html is revalidated anyway).
      .then((cache) => refreshDocument(new Request(scope, { cache: 'no-cache' }), scope, cache, fetchDocument))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(APP_SHELL_CACHE_PREFIX) && name !== APP_SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  )
})

worker.addEventListener('fetch', (event) => {
  if (!isAppDocument(event.request, scope)) return
  event.respondWith(caches.open(APP_SHELL_CACHE).then((cache) => answerVisit(event.request, scope, cache, fetchDocument, (work) => event.waitUntil(work))))
})
