/**
 * The order feature's own state: the order list popup's record of what it has shown. The app
 * layer builds it (src/app/root-store.ts); only types are imported here, so the provider costs the
 * first page nothing.
 */
import { featureState } from '../../components/feature-state/feature-state'
import type { OrderPopupStore } from './list/order-popup-store'

export interface OrderFeatureState {
  readonly orderPopup: OrderPopupStore
}

/** Provided by the app layer; read by the order feature's screens. */
export const { Provider: OrderFeatureProvider, use: useOrderFeature } = featureState<OrderFeatureState>('order')
