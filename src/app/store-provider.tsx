/**
 * The RootStore handed to React: the shared stores' provider and each feature's own, in one place,
 * so a feature's screens reach the shared stores and their own state and nothing of another's.
 */
import type { ReactNode } from 'react'
import { ApplyFeatureProvider } from '../features/apply/apply-state'
import { EntryFeatureProvider } from '../features/entry/entry-state'
import { OrderFeatureProvider } from '../features/order/order-state'
import { StoreProvider } from '../stores/store-context'
import type { RootStore } from './root-store'

/** `store` is undefined while the app's services are still loading (see src/app.tsx). */
export function AppStoreProvider({ store, children }: { store: RootStore | undefined; children?: ReactNode }) {
  return (
    <StoreProvider store={store}>
      <EntryFeatureProvider value={store?.features.entry}>
        <OrderFeatureProvider value={store?.features.order}>
          <ApplyFeatureProvider value={store?.features.apply}>{children}</ApplyFeatureProvider>
        </OrderFeatureProvider>
      </EntryFeatureProvider>
    </StoreProvider>
  )
}
