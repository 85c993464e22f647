import { useSyncExternalStore } from 'react'
import { elderModeOn, subscribeElderMode } from '../../platform/elder-mode'

/** Whether the pages show in 长辈模式 (platform/elder-mode.ts), re-rendering on each change. */
export function useElderMode(): boolean {
  return useSyncExternalStore(subscribeElderMode, elderModeOn, elderModeOn)
}
