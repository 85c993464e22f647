import { APP_SHELL_WORKER_FILE } from './app-shell'
import { whenIdle } from './when-idle'

/**
 * Registers the app-shell service worker (app-shell.ts) once the browser is idle, in production
 * builds (the development server's document changes with every edit). A browser or host without
 * service workers (some apps' web views) loads the document from the server each time, as before.
 */
export function registerAppShellWhenIdle(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
  const register = () => {
    // A refused registration (a host that disables workers, an insecure origin) leaves the app
    // working as without one: there is nothing to tell the person or to retry.
    navigator.serviceWorker.register(`./${APP_SHELL_WORKER_FILE}`).catch(() => undefined)
  }
  whenIdle(register)
}
