/**
 * The apply feature's own state: the province issuer's SMS verification (its calls in
 * ./province/province-api.ts). The app layer builds it (src/app/root-store.ts); only types are
 * imported here, so the provider costs the first page nothing.
 */
import { featureState } from '../../components/feature-state/feature-state'
import type { ProvinceStore } from './province/province-store'

export interface ApplyFeatureState {
  readonly province: ProvinceStore
}

/** Provided by the app layer; read by the apply feature's screens. */
export const { Provider: ApplyFeatureProvider, use: useApplyFeature } = featureState<ApplyFeatureState>('apply')
