/**
 * The stores the whole journey shares, handed to React: one provider at the app root (the app
 * layer's, src/app/store-provider.tsx), `useStores()` in observer components. A feature's own
 * state has its feature's provider (src/components/feature-state).
 */
import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { ApplyStore } from './apply-store'
import type { CommodityStore } from './commodity-store'
import type { IssuerAgreementStore } from './issuer-agreement-store'
import type { NoticeStore } from './notice-store'
import type { OrderStore } from './order-store'
import type { PaymentStore } from './payment-store'
import type { PhotoUploadStore } from './photo-upload-store'
import type { PlateStepStore } from './plate-step-store'
import type { PromotionStore } from './promotion-store'
import type { UserStore } from './user-store'
import type { VoucherStore } from './voucher-store'

export interface SharedStores {
  readonly user: UserStore
  readonly promotion: PromotionStore
  readonly commodity: CommodityStore
  readonly issuerAgreements: IssuerAgreementStore
  /** The order cache: what the final commit and each cancel recorded, read by the others. */
  readonly order: OrderStore
  readonly notice: NoticeStore
  readonly apply: ApplyStore
  /** The plate page's 下一步: the checks, and the consent page opened ahead of them. */
  readonly plateStep: PlateStepStore
  readonly photoUpload: PhotoUploadStore
  readonly payment: PaymentStore
  readonly voucher: VoucherStore
}

const StoreContext = createContext<SharedStores | undefined>(undefined)

/** `store` is undefined while the app's services are still loading (see src/app.tsx). */
export function StoreProvider({ store, children }: { store: SharedStores | undefined; children?: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

export function useStores(): SharedStores {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStores() needs a StoreProvider above it')
  return store
}
