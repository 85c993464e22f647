/**
 * Login coordination for the request client. However many calls need a login at once, the
 * session logs in once (one shared promise, one login in flight whatever the scope: see
 * login-flight); if that fails, every waiting call rejects and the UI is asked for the login page
 * (request-ui.ts: the navigator decides whether it opens). A call that needs a person is not satisfied by the channel's promoter login: it logs in by
 * the channel's personal methods, else the login page (phone + SMS code). However many calls come
 * back 401 at once, one dialog shows, then one logout, one login and one page refresh.
 */
import type { SessionScope } from '../../../types/api/auth'
import { MESSAGES, RequestError } from './errors'
import { createLoginFlight } from './login-flight'
import type { RequestUi, Session } from './transport'

export interface LoginGate {
  /** Resolves once the session has this scope, logging in first if needed. */
  ensureLoggedIn(scope: SessionScope): Promise<void>
  /** A call came back 401: ask once, then log out, log in and refresh. */
  onUnauthorized(): void
  /** Forget the pending login (logout). */
  reset(): void
}

export function createLoginGate(session: Session, ui: RequestUi): LoginGate {
  let expiredEpisode: Promise<void> | undefined

  const satisfied = (scope: SessionScope): boolean => (scope === 'person' ? session.isPersonal() : session.isLoggedIn())

  const logIn = (scope: SessionScope): Promise<void> =>
    session.login(scope).then(
      () => undefined,
      (cause: unknown) => {
        // Every failed login asks: the navigator opens the login page once for a tap's calls, and
        // once for a page's own calls (back from it, only a tap opens it again).
        ui.goToLogin()
        const error = new RequestError('loginRequired', MESSAGES.loginRequired)
        throw Object.assign(error, { cause })
      },
    )

  const flight = createLoginFlight(satisfied, logIn)

  return {
    ensureLoggedIn: flight.ensure,
    onUnauthorized() {
      expiredEpisode ??= ui
        .alert({ title: MESSAGES.unauthorized, confirmText: MESSAGES.relogin })
        .then(async () => {
          session.logout()
          flight.reset()
          await flight.ensure('channel')
          ui.reloadPage()
        })
        // A failed login already sent the user to the login page; the episode just ends.
        .catch(() => undefined)
        .finally(() => {
          expiredEpisode = undefined
        })
    },
    reset() {
      flight.reset()
    },
  }
}
