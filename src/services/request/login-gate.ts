/**
 * Login coordination for the request client. However many calls need a login at once, the
 * session logs in once (one shared promise); if that fails, every waiting call rejects and the
 * user is sent to the login page once. However many calls come back 401 at once, one dialog
 * shows, then one logout, one login and one page refresh.
 */
import { MESSAGES, RequestError } from './errors'
import type { RequestUi, Session } from './transport'

export interface LoginGate {
  /** Resolves once the user is logged in, logging in first if needed. */
  ensureLoggedIn(): Promise<void>
  /** A call came back 401: ask once, then log out, log in and refresh. */
  onUnauthorized(): void
  /** Forget the pending login (logout). */
  reset(): void
}

export function createLoginGate(session: Session, ui: RequestUi): LoginGate {
  let pendingLogin: Promise<void> | undefined
  let expiredEpisode: Promise<void> | undefined
  let sentToLogin = false

  const ensureLoggedIn = (): Promise<void> => {
    if (session.isLoggedIn()) return Promise.resolve()
    pendingLogin ??= session.login().then(
      () => {
        pendingLogin = undefined
        sentToLogin = false
      },
      (cause: unknown) => {
        pendingLogin = undefined
        if (!sentToLogin) {
          sentToLogin = true
          ui.goToLogin()
        }
        const error = new RequestError('loginRequired', MESSAGES.loginRequired)
        throw Object.assign(error, { cause })
      },
    )
    return pendingLogin
  }

  return {
    ensureLoggedIn,
    onUnauthorized() {
      expiredEpisode ??= ui
        .alert({ title: MESSAGES.unauthorized, confirmText: MESSAGES.relogin })
        .then(async () => {
          session.logout()
          pendingLogin = undefined
          await ensureLoggedIn()
          ui.reloadPage()
        })
        // A failed login already sent the user to the login page; the episode just ends.
        .catch(() => undefined)
        .finally(() => {
          expiredEpisode = undefined
        })
    },
    reset() {
      pendingLogin = undefined
    },
  }
}
