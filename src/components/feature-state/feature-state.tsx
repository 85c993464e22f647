/**
 * A feature's own state, handed to its screens. The feature says what its state is (its
 * <feature>-state.ts); the app layer (src/app/root-store.ts) builds it beside the shared stores and
 * provides it, so nothing below the app layer needs to know every feature, and a feature's state
 * is read only by it.
 */
import { createContext, useContext } from 'react'
import type { ReactElement, ReactNode } from 'react'

export interface FeatureState<T> {
  /** `value` is undefined while the app's services are still loading (see src/app.tsx). */
  Provider(props: { value: T | undefined; children?: ReactNode }): ReactElement
  /** The feature's state, in an observer component under the provider. */
  use(): T
}

export function featureState<T>(feature: string): FeatureState<T> {
  const Context = createContext<T | undefined>(undefined)
  return {
    Provider: ({ value, children }) => <Context.Provider value={value}>{children}</Context.Provider>,
    use: () => {
      const value = useContext(Context)
      if (value === undefined) throw new Error(`The ${feature} feature's state needs its provider above it (src/app/store-provider.tsx)`)
      return value
    },
  }
}
