import { EMPTY_PLATE_ENTRY } from '../../../domain/plate-entry'
import type { PlateEntry } from '../../../domain/plate-entry'
import { takeSkeletonPlate } from '../../../platform/h5/skeleton-plate'

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

/** What was done on index.html's keyboard, before the app's scripts (H5 only). */
function fromSkeleton(): EarlyPlate {
  const plate = process.env.TARO_ENV === 'h5' ? takeSkeletonPlate() : undefined
  if (!plate || (!plate.typed && plate.keyboardOpen)) return UNTOUCHED
  return { entry: plate.typed ? plate.entry : UNTOUCHED.entry, keyboardOpen: plate.keyboardOpen }
}

/**
 * The entry page's plate, typed before the services arrive: first on index.html's keyboard, then
 * on the placeholder's. It outlives the placeholder's remounts (the page frame, then the form's
 * loading fallback), and the form takes it over once it has mounted: what was typed is never
 * lost to the wait. Undefined until first read, which takes over index.html's.
 */
let early: EarlyPlate | undefined

export function readEarlyPlate(): EarlyPlate {
  early ??= fromSkeleton()
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
  const plate = readEarlyPlate()
  if (plate === UNTOUCHED) return undefined
  return plate.entry === UNTOUCHED.entry ? { keyboardOpen: plate.keyboardOpen } : plate
}

/** Forgets what was typed, once the form has taken it over (index.html's keyboard's included). */
export function clearEarlyInput(): void {
  early = undefined
}
