import { EMPTY_PLATE_ENTRY } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'

/** What the plate input shows before the app's services (and the application's store) are here. */
export interface EarlyPlate {
  readonly entry: PlateEntry
  readonly keyboardOpen: boolean
}

const UNTOUCHED: EarlyPlate = { entry: EMPTY_PLATE_ENTRY, keyboardOpen: true }

/**
 * The entry page's plate, typed before the services arrive. It outlives the placeholder's
 * remounts (the page frame, then the form's loading fallback), and the form takes it over once,
 * when it mounts: what was typed is never lost to the wait.
 */
let early: EarlyPlate = UNTOUCHED
let touched = false

export function readEarlyPlate(): EarlyPlate {
  return early
}

export function writeEarlyPlate(next: EarlyPlate): void {
  early = next
  touched = true
}

/** What the person did before the form came, once (undefined when they did nothing). */
export function takeEarlyPlate(): EarlyPlate | undefined {
  const taken = touched ? early : undefined
  early = UNTOUCHED
  touched = false
  return taken
}
