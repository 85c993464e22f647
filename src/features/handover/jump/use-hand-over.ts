import { useEffect, useState } from 'react'
import { useAction } from '../../../components/action/use-action'

/** Where a hand-over to another mini-program stands: under way, done, or failed with the reason. */
export type HandOverState = { phase: 'opening' } | { phase: 'opened' } | { phase: 'failed'; reason: string }

/**
 * Runs the hand-over `open` as the page opens, and again on `retry`: a failure (the call for the
 * link, the host refusing, a deep link nothing took) is kept as the reason to show, once.
 */
export function useHandOver(open: () => Promise<void>, reasonOf: (cause: unknown) => string): { state: HandOverState; retry: () => void } {
  const [opened, setOpened] = useState(false)
  const action = useAction(
    async () => {
      setOpened(false)
      await open()
      setOpened(true)
    },
    { report: 'inline', message: reasonOf },
  )
  const { run } = action

  useEffect(() => {
    void run()
  }, [run])

  const state: HandOverState = action.error
    ? { phase: 'failed', reason: action.error }
    : opened && !action.busy
      ? { phase: 'opened' }
      : { phase: 'opening' }
  return { state, retry: () => void run() }
}
