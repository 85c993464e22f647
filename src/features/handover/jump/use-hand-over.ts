import { useEffect, useState } from 'react'
import { useAction } from '../../../components/action/use-action'
import { isRetryable } from './hand-over-error'

/**
 * Where a hand-over to another mini-program stands: under way, done, or failed with the reason and
 * whether another try may succeed.
 */
export type HandOverState =
  | { phase: 'waiting' }
  | { phase: 'opening' }
  | { phase: 'opened' }
  | { phase: 'failed'; reason: string; retryable: boolean }

/**
 * Whether a hand-over waits for the person's tap: WeChat and Alipay refuse to open another
 * mini-program except from a tap; a browser hands its window over by itself.
 */
export const OPENS_FROM_A_TAP = process.env.TARO_ENV !== 'h5'

/**
 * Runs the hand-over `open` as the page opens (in a browser) or at the person's tap (in a
 * mini-program: `state` is 'waiting' until then), and again on `retry`: a failure (the call for
 * the link, the host refusing, a deep link nothing took) is kept as the reason to show, once.
 */
export function useHandOver(open: () => Promise<void>, reasonOf: (cause: unknown) => string): { state: HandOverState; retry: () => void } {
  const [tapped, setTapped] = useState(!OPENS_FROM_A_TAP)
  const [opened, setOpened] = useState(false)
  const [retryable, setRetryable] = useState(true)
  const action = useAction(
    async () => {
      setOpened(false)
      setRetryable(true)
      try {
        await open()
      } catch (cause) {
        setRetryable(isRetryable(cause))
        throw cause
      }
      setOpened(true)
    },
    { report: 'inline', message: reasonOf },
  )
  const { run } = action

  useEffect(() => {
    if (!OPENS_FROM_A_TAP) void run()
  }, [run])

  const state: HandOverState = !tapped
    ? { phase: 'waiting' }
    : action.error
      ? { phase: 'failed', reason: action.error, retryable }
      : opened && !action.busy
        ? { phase: 'opened' }
        : { phase: 'opening' }
  return {
    state,
    retry: () => {
      setTapped(true)
      void run()
    },
  }
}
