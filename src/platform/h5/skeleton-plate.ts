/**
 * What the person did on the keyboard of index.html's static first screen (early-keyboard.ts),
 * kept on the window for the app: the entry page's early plate takes it over once, after which
 * that keyboard answers no more (the page that replaces it shows the plate).
 */
import { EMPTY_PLATE_ENTRY, switchKind, typeKey } from '../../domain/plate-entry'
import type { PlateEntry } from '../../domain/plate-entry'

export const SKELETON_PLATE_KEY = '__etcSkeletonPlate'

export interface SkeletonPlate {
  entry: PlateEntry
  /** A key, delete or the kind switch changed the plate (a plate restored by the app then yields). */
  typed: boolean
  keyboardOpen: boolean
  /** Taken over by the app: the static keyboard ignores taps from then on. */
  taken: boolean
}

type SkeletonWindow = { [SKELETON_PLATE_KEY]?: SkeletonPlate }

export function skeletonPlateOf(win: object): SkeletonPlate | undefined {
  return (win as SkeletonWindow)[SKELETON_PLATE_KEY]
}

export function keepSkeletonPlate(win: object, plate: SkeletonPlate): void {
  ;(win as SkeletonWindow)[SKELETON_PLATE_KEY] = plate
}

/**
 * The static keyboard's plate, once (undefined when there was none or it was taken): its
 * characters are typed again through the domain's rules, so the app only ever adopts a plate the
 * keyboard could have produced.
 */
export function takeSkeletonPlate(win: object = window): Omit<SkeletonPlate, 'taken'> | undefined {
  const plate = skeletonPlateOf(win)
  if (!plate || plate.taken) return undefined
  plate.taken = true
  const kind = plate.entry?.kind === 'green' ? 'green' : 'blue'
  const chars = Array.isArray(plate.entry?.chars) ? plate.entry.chars : []
  const entry = chars.reduce<PlateEntry>((typed, char) => (typeof char === 'string' ? typeKey(typed, char) : typed), switchKind(EMPTY_PLATE_ENTRY, kind))
  return { entry, typed: plate.typed === true, keyboardOpen: plate.keyboardOpen !== false }
}
