/**
 * The entry feature's own state: the bank app's current process, offered on the plate page. The
 * app layer builds it (src/app/root-store.ts); only types are imported here, so the provider costs
 * the first page nothing.
 */
import { featureState } from '../../components/feature-state/feature-state'
import type { CurrentProcessStore } from './plate/current-process-store'

export interface EntryFeatureState {
  readonly currentProcess: CurrentProcessStore
}

/** Provided by the app layer; read by the entry feature's screens. */
export const { Provider: EntryFeatureProvider, use: useEntryFeature } = featureState<EntryFeatureState>('entry')
