/** The state of something loaded from the server: errors are kept as values for the page to show. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface LoadState {
  status: LoadStatus
  error: Error | undefined
}

export const initialLoadState = (): LoadState => ({ status: 'idle', error: undefined })

export function asError(cause: unknown): Error {
  return cause instanceof Error ? cause : new Error(String(cause))
}
