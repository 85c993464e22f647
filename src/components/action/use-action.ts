/**
 * "Run this action once, show busy, report its error": what a tap starts (a submit, a login, a
 * cancel, a payment, a photo upload). A second run while one is under way is ignored, so a double
 * tap submits once; a failure is reported once, either kept for the screen to show (`inline`) or
 * said by a toast (`toast`), never both; nothing is set on a screen that has gone. The calls whose
 * failures an action reports are silent in the request layer (SHOWN_BY_SCREEN, services/api/call.ts).
 *
 * A tap that may need the person to log in names its intent: the login page the request layer
 * opens meanwhile returns to the page with it, and the page carries the tap on (useResumeIntent),
 * so the person does not tap again.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { AfterLogin } from '../../platform/navigator'
import { isRequestError } from '../../services/request/errors'
import { useAppServices } from '../app-services/app-services'
import { usePageVisible } from '../page-shell/use-page-visible'

/**
 * What an action answers when the page is being left (to the cashier, back to the form): it stays
 * busy, as a second tap would start it again, until `release()`.
 */
export const STAY_BUSY = Symbol('stay busy')

export interface ActionOptions {
  /** Where a failure is told: kept in `error` for the screen to show, or said by a toast. */
  report: 'inline' | 'toast'
  /** A failure in the user's words (see ownMessageOr, requestMessageOr). */
  message: (error: unknown) => string
  /**
   * The tap's intent, a URL-safe word unique on its page: named to the navigator while the action
   * runs, so a login it leads to returns with it (see useResumeIntent).
   */
  intent?: string
  /**
   * Where the tap goes on once a login it led to is done, read as the tap starts (undefined: back
   * to this page, which carries it on with useResumeIntent). See Navigator.beginIntent.
   */
  afterLogin?: () => AfterLogin | undefined
}

export interface Action<A extends unknown[]> {
  /** Runs the action, unless it is running already; never rejects (a failure is reported). */
  run(...args: A): Promise<void>
  busy: boolean
  /** The last failure's words, with `report: 'inline'`; cleared when the action runs again. */
  error: string | undefined
  /** Forgets the failure shown (the user changed what failed). */
  clearError(): void
  /** Ends the busy an action kept with STAY_BUSY: the page was not left after all. */
  release(): void
}

/** The failure's own message (the request layer's words, a check's reason), else `fallback`. */
export const ownMessageOr =
  (fallback: string) =>
  (error: unknown): string =>
    error instanceof Error && error.message ? error.message : fallback

/** The request layer's message for a failed call; anything else reads `fallback`. */
export const requestMessageOr =
  (fallback: string) =>
  (error: unknown): string =>
    isRequestError(error) ? error.message : fallback

const isExpiredLogin = (error: unknown): boolean => isRequestError(error) && error.kind === 'unauthorized'

export function useAction<A extends unknown[]>(action: (...args: A) => Promise<void | typeof STAY_BUSY>, options: ActionOptions): Action<A> {
  const { ui, navigator } = useAppServices()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  // A ref, not the state: two taps in one frame both see the state before either rendered.
  const running = useRef(false)
  const mounted = useRef(true)
  // The latest action and options, so `run` keeps one identity across renders.
  const latest = useRef({ action, options, ui, navigator })
  latest.current = { action, options, ui, navigator }
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const run = useCallback(async (...args: A): Promise<void> => {
    if (running.current) return
    running.current = true
    setBusy(true)
    setError(undefined)
    const current = latest.current
    const { intent, afterLogin } = current.options
    const endIntent = intent === undefined ? undefined : current.navigator.beginIntent(intent, afterLogin?.())
    let stay = false
    try {
      stay = (await current.action(...args)) === STAY_BUSY
    } catch (cause) {
      // An expired login was told by the request layer's dialog, which leads to a new login.
      if (isExpiredLogin(cause)) return
      const message = current.options.message(cause)
      if (current.options.report === 'toast') current.ui.toast(message)
      else if (mounted.current) setError(message)
    } finally {
      endIntent?.()
      if (!stay) {
        running.current = false
        if (mounted.current) setBusy(false)
      }
    }
  }, [])

  const clearError = useCallback(() => setError(undefined), [])
  const release = useCallback(() => {
    running.current = false
    if (mounted.current) setBusy(false)
  }, [])

  return { run, busy, error, clearError, release }
}

/**
 * Carries on the tap `intent` that a login interrupted: on the page the login returned to (its
 * address names the intent, see ActionOptions.intent), once `ready` (the person is logged in now)
 * and while the page is on screen, runs `run` once by itself. Not again on a later show, nor after
 * a reload: the navigator answers once.
 */
export function useResumeIntent(intent: string, run: () => Promise<void>, ready: boolean): void {
  const { navigator } = useAppServices()
  const visible = usePageVisible()
  // Before the page paints: a tap carried on that leads on (the consent page opened ahead of the
  // plate checks) starts a frame sooner, and the page left at once is not drawn for nothing.
  useLayoutEffect(() => {
    if (ready && visible && navigator.resumeIntent(intent)) void run()
  }, [ready, visible, intent, run, navigator])
}
