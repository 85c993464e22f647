import {
  EMPTY_PLATE_ENTRY,
  boxCount,
  deleteKey,
  entryFromText,
  isFull,
  panelFor,
  panelKeys,
  plateText,
  switchKind,
  typeKey,
} from '../../../src/domain/plate-entry'
import type { PlateEntry } from '../../../src/domain/plate-entry'
import { parsePlate } from '../../../src/domain/plate'

const typeAll = (entry: PlateEntry, keys: string): PlateEntry => [...keys].reduce(typeKey, entry)

describe('plate keyboard state', () => {
  it('has 7 boxes for blue plates and 8 for green', () => {
    expect(boxCount('blue')).toBe(7)
    expect(boxCount('green')).toBe(8)
  })

  it('offers provinces, then letters, then letters and digits, never I or O', () => {
    expect(panelFor(EMPTY_PLATE_ENTRY)).toBe('province')
    expect(panelFor(typeAll(EMPTY_PLATE_ENTRY, '京'))).toBe('letters')
    expect(panelFor(typeAll(EMPTY_PLATE_ENTRY, '京A'))).toBe('alphanumeric')
    for (const panel of ['province', 'letters', 'alphanumeric'] as const) {
      expect(panelKeys(panel)).not.toContain('I')
      expect(panelKeys(panel)).not.toContain('O')
    }
    expect(panelKeys('letters')).toHaveLength(24)
    expect(panelKeys('alphanumeric')).toHaveLength(34)
    expect(panelKeys('province')).toContain('粤')
  })

  it('types a whole plate that parsePlate accepts, and no more than its boxes', () => {
    const blue = typeAll(EMPTY_PLATE_ENTRY, '京A12345')
    expect(isFull(blue)).toBe(true)
    expect(plateText(typeKey(blue, '6'))).toBe('京A12345')
    expect(parsePlate(plateText(blue))).toMatchObject({ ok: true, kind: 'blue' })
    const green = typeAll(switchKind(EMPTY_PLATE_ENTRY, 'green'), '粤BD12345')
    expect(isFull(green)).toBe(true)
    expect(parsePlate(plateText(green))).toMatchObject({ ok: true, kind: 'green' })
  })

  it('ignores keys that are not on the current panel', () => {
    expect(typeKey(EMPTY_PLATE_ENTRY, 'A')).toBe(EMPTY_PLATE_ENTRY)
    const province = typeKey(EMPTY_PLATE_ENTRY, '京')
    expect(typeKey(province, '1')).toBe(province)
    expect(typeKey(province, 'I')).toBe(province)
    expect(typeKey(province, '京')).toBe(province)
  })

  it('deletes from the end, and deleting nothing changes nothing', () => {
    expect(plateText(deleteKey(typeAll(EMPTY_PLATE_ENTRY, '京A1')))).toBe('京A')
    expect(deleteKey(EMPTY_PLATE_ENTRY)).toBe(EMPTY_PLATE_ENTRY)
  })

  it('keeps what was typed when switching kinds, dropping an eighth character for blue', () => {
    const green = typeAll(switchKind(EMPTY_PLATE_ENTRY, 'green'), '粤BD12345')
    expect(switchKind(green, 'blue')).toEqual({ kind: 'blue', chars: [...'粤BD1234'] })
    expect(switchKind(typeAll(EMPTY_PLATE_ENTRY, '京A12'), 'green')).toEqual({ kind: 'green', chars: [...'京A12'] })
  })

  it('restores stored plates, dropping what does not fit a box', () => {
    expect(entryFromText('京a12345')).toEqual({ kind: 'blue', chars: [...'京A12345'] })
    expect(entryFromText('粤BD12345').kind).toBe('green')
    expect(plateText(entryFromText('京AO1234'))).toBe('京A')
    expect(plateText(entryFromText('A12345'))).toBe('')
    expect(plateText(entryFromText('京A123456789'))).toBe('京A12345')
    expect(entryFromText('')).toEqual(EMPTY_PLATE_ENTRY)
  })
})
