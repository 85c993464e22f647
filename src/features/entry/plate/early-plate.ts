import { EMPTY_PLATE_ENTRY } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'

/** What the plate input shows before the app's services (and the application's store) are here. */
export interface EarlyPlate {
  readonly entry: PlateEntry
  readonly keyboardOpen: boolean
}

/** What the person did before the form came: the plate when they typed, the keyboard either way. */
export interface EarlyInput {
  /** Undefined when nothing was typed: a plate restored from the last visit stays. */
  readonly entry?: PlateEntry
  readonly keyboardOpen: boolean
}

const UNTOUCHED: EarlyPlate = { entry: EMPTY_PLATE_ENTRY, keyboardOpen: true }

/**
 * The entry page's plate, typed before the services arrive. It outlives the placeholder's
 * remounts (the page frame, then the form's loading fallback), and the form takes it over once
 * it has mounted: what was typed is never lost to the wait.
 */
let early: EarlyPlate = UNTOUCHED

export function readEarlyPlate(): EarlyPlate {
  return early
}

export function writeEarlyPlate(next: EarlyPlate): void {
  early = next
}

/**
 * What the person did before the form came (undefined when they did nothing); reading clears
 * nothing. A key makes a new entry, so an entry other than the untouched one was typed.
 */
export function peekEarlyInput(): EarlyInput | undefined {
  if (early === UNTOUCHED) return undefined
  return early.entry === UNTOUCHED.entry ? { keyboardOpen: early.keyboardOpen } : early
}

/** Forgets what was typed, once the form has taken it over. */
export function clearEarlyInput(): void {
  early = UNTOUCHED
}
