/**
 * At most one login at a time, whatever scope is asked for. Two logins side by side would both
 * redeem the remembered phone's ticket, which works once: the second fails and sends the user to
 * the login page although the first succeeded. So a call joins a login of its own scope, waits
 * for one of the other scope and then looks again: a person's session is enough for the channel,
 * and a channel login may have found the person too (it tries the personal methods first).
 * Both the request client's login gate and the user store go through one of these.
 */
import type { SessionScope } from '../../../types/api/auth'

export interface LoginFlight {
  /** Resolves once `satisfied(scope)`, starting a login only when none is in flight. */
  ensure(scope: SessionScope): Promise<void>
  /** Forgets the login in flight (logout): the next call starts anew. */
  reset(): void
}

export function createLoginFlight(satisfied: (scope: SessionScope) => boolean, start: (scope: SessionScope) => Promise<void>): LoginFlight {
  let inFlight: { scope: SessionScope; login: Promise<void> } | undefined

  const ensure = async (scope: SessionScope): Promise<void> => {
    while (!satisfied(scope)) {
      const current = inFlight
      if (current?.scope === scope) return current.login
      if (current) {
        // Its outcome is not this call's: only the session it leaves behind counts.
        await current.login.catch(() => undefined)
        continue
      }
      const login = start(scope).finally(() => {
        // A reset may have let another login start meanwhile: that one stays in flight.
        if (inFlight?.login === login) inFlight = undefined
      })
      inFlight = { scope, login }
      return login
    }
  }

  return {
    ensure,
    reset() {
      inFlight = undefined
    },
  }
}
