/** The RootStore handed to React: one provider at the app root, `useStores()` in observer components. */
import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { RootStore } from './root-store'

const StoreContext = createContext<RootStore | undefined>(undefined)

/** `store` is undefined while the app's services are still loading (see src/app.tsx). */
export function StoreProvider({ store, children }: { store: RootStore | undefined; children?: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

export function useStores(): RootStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStores() needs a StoreProvider above it')
  return store
}
