/**
 * The plate keyboard's state: one box per character (7 for blue plates, 8 for green), a panel of
 * province abbreviations for the first box, letters for the second, letters and digits after that
 * (never I or O), typing and deleting at the end, and switching the plate kind. The component only
 * draws this state; parsePlate judges the finished plate.
 */
import { PLATE_LENGTH } from './enums'
import { PLATE_DIGITS, PLATE_LETTERS, PROVINCE_ABBREVIATIONS, normalisePlate } from './plate'
import type { PlateKind } from './plate'

export type PlatePanel = 'province' | 'letters' | 'alphanumeric'

export interface PlateEntry {
  readonly kind: PlateKind
  /** The characters typed so far, one per box. */
  readonly chars: readonly string[]
}

export const EMPTY_PLATE_ENTRY: PlateEntry = { kind: 'blue', chars: [] }

export function boxCount(kind: PlateKind): number {
  return kind === 'green' ? PLATE_LENGTH.GREEN : PLATE_LENGTH.BLUE
}

/** The panel for the next box (the last box's panel once all are filled, for corrections). */
export function panelFor(entry: PlateEntry): PlatePanel {
  const index = Math.min(entry.chars.length, boxCount(entry.kind) - 1)
  if (index === 0) return 'province'
  if (index === 1) return 'letters'
  return 'alphanumeric'
}

const PANEL_KEYS: Readonly<Record<PlatePanel, readonly string[]>> = {
  province: PROVINCE_ABBREVIATIONS,
  letters: [...PLATE_LETTERS],
  alphanumeric: [...PLATE_DIGITS, ...PLATE_LETTERS],
}

export function panelKeys(panel: PlatePanel): readonly string[] {
  return PANEL_KEYS[panel]
}

export function isFull(entry: PlateEntry): boolean {
  return entry.chars.length >= boxCount(entry.kind)
}

/** Types a key into the next box; keys not on the current panel, or a full plate, change nothing. */
export function typeKey(entry: PlateEntry, key: string): PlateEntry {
  if (isFull(entry) || !PANEL_KEYS[panelFor(entry)].includes(key)) return entry
  return { ...entry, chars: [...entry.chars, key] }
}

export function deleteKey(entry: PlateEntry): PlateEntry {
  return entry.chars.length ? { ...entry, chars: entry.chars.slice(0, -1) } : entry
}

/** Switching to blue drops an eighth character; switching to green keeps everything typed. */
export function switchKind(entry: PlateEntry, kind: PlateKind): PlateEntry {
  return { kind, chars: entry.chars.slice(0, boxCount(kind)) }
}

export function plateText(entry: PlateEntry): string {
  return entry.chars.join('')
}

/**
 * The entry for a stored or pasted plate: green when it has 8 characters, each character kept only
 * while it fits its box's panel (the rest is dropped, so a restored draft never shows I or O).
 */
export function entryFromText(text: string): PlateEntry {
  const chars = [...normalisePlate(text)]
  let entry: PlateEntry = { kind: chars.length === PLATE_LENGTH.GREEN ? 'green' : 'blue', chars: [] }
  for (const char of chars) {
    const next = typeKey(entry, char)
    if (next === entry) break
    entry = next
  }
  return entry
}
