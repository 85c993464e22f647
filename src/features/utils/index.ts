/**
 * The utility pages: clearing this app's data on the device, and the read-only diagnostics.
 * Pages and other features import from here only.
 */
export { ClearStorageScreen } from './clear-storage/ClearStorageScreen'
export { Diagnostics } from './diagnostics/Diagnostics'
