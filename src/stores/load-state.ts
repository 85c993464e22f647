/** The state of something loaded from the server: errors are kept as values for the page to show. */
import { runInAction } from 'mobx'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface LoadState {
  status: LoadStatus
  error: Error | undefined
}

export const initialLoadState = (): LoadState => ({ status: 'idle', error: undefined })

export function asError(cause: unknown): Error {
  return cause instanceof Error ? cause : new Error(String(cause))
}

/** Runs `fetch`, keeping a load state in step: loading, then ready after `apply`, or the error. */
export function runLoad<T>(set: (state: LoadState) => void, fetch: () => Promise<T>, apply: (value: T) => void): Promise<void> {
  set({ status: 'loading', error: undefined })
  // Asked at once, as an async function would; a throw becomes the load's error. A chain, not an
  // async function: it stays smaller in the mini-programs' main packages.
  return new Promise<T>((resolve) => resolve(fetch()))
    .then((value) =>
      runInAction(() => {
        apply(value)
        set({ status: 'ready', error: undefined })
      }),
    )
    .catch((cause: unknown) => {
      runInAction(() => set({ status: 'error', error: asError(cause) }))
    })
}
