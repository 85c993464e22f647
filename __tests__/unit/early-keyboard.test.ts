/**
 * @jest-environment jsdom
 */
import { entrySkeletonHtml } from '../../src/config/entry-skeleton'
import { ENTRY_SKELETON_ID } from '../../src/config/first-screens'
import { PLATE_KEYBOARD_ROOM_CLASS } from '../../src/config/plate-input-copy'
import { PROVINCE_ABBREVIATIONS } from '../../src/domain/plate'
import { installEarlyKeyboard } from '../../src/platform/h5/early-keyboard'
import { SKELETON_PLATE_KEY, keepSkeletonPlate, skeletonPlateOf, takeSkeletonPlate } from '../../src/platform/h5/skeleton-plate'

const byTestId = (id: string): HTMLElement | null => document.querySelector(`[data-testid="${id}"]`)
const boxes = (): string[] => Array.from(document.querySelectorAll('[data-testid^="plate-box-"]'), (box) => box.textContent ?? '')
const tap = (...ids: string[]) => ids.forEach((id) => byTestId(id)!.click())
const keyEvent = (target: HTMLElement, type: 'keydown' | 'keyup', key: string): KeyboardEvent => {
  const event = new KeyboardEvent(type, { key, bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

function start(): void {
  document.body.innerHTML = entrySkeletonHtml('')
  installEarlyKeyboard(document, window)
}

describe("index.html's plate keyboard, before the app's scripts", () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>)[SKELETON_PLATE_KEY]
  })

  it('opens on seven empty boxes with the province panel, the first box active, room made below', () => {
    start()
    expect(boxes()).toEqual(['', '', '', '', '', '', ''])
    expect(byTestId('plate-box-0')!.classList.contains('plate-input__box--active')).toBe(true)
    expect(byTestId('plate-keyboard')!.getAttribute('data-panel')).toBe('province')
    const keys = Array.from(document.querySelectorAll('.plate-input__keys [role="button"]'), (key) => key.getAttribute('aria-label'))
    expect(keys).toEqual(PROVINCE_ABBREVIATIONS)
    expect(document.querySelector('.entry-plate')!.classList.contains(PLATE_KEYBOARD_ROOM_CLASS)).toBe(true)
    expect(byTestId('plate-kind-blue')!.getAttribute('aria-checked')).toBe('true')
    expect(byTestId('plate-boxes')!.getAttribute('aria-label')).toBe('车牌号 未填写，共7位，点击输入')
  })

  it("types through the domain's panels: a province, then letters, then letters and digits", () => {
    start()
    tap('plate-key-京')
    expect(byTestId('plate-keyboard')!.getAttribute('data-panel')).toBe('letters')
    expect(byTestId('plate-key-1')).toBeNull()
    tap('plate-key-A', 'plate-key-1')
    expect(boxes().join('')).toBe('京A1')
    expect(byTestId('plate-box-3')!.classList.contains('plate-input__box--active')).toBe(true)
    expect(byTestId('plate-boxes')!.getAttribute('aria-label')).toBe('车牌号 京A1，共7位，点击输入')
    expect(skeletonPlateOf(window)).toMatchObject({ entry: { kind: 'blue', chars: ['京', 'A', '1'] }, typed: true, keyboardOpen: true })
  })

  it('deletes the last character, switches to eight green boxes and back', () => {
    start()
    tap('plate-key-粤', 'plate-key-B', 'plate-key-delete')
    expect(boxes().join('')).toBe('粤')
    tap('plate-kind-green')
    expect(boxes()).toHaveLength(8)
    expect(byTestId('plate-box-7')!.classList.contains('plate-input__box--energy')).toBe(true)
    expect(byTestId('plate-kind-green')!.getAttribute('aria-checked')).toBe('true')
    tap('plate-kind-blue')
    expect(boxes()).toHaveLength(7)
  })

  it('closes itself when the last box is filled and opens again on a tap on the boxes', () => {
    start()
    tap('plate-key-京', 'plate-key-A', ...'12345'.split('').map((key) => `plate-key-${key}`))
    expect(boxes().join('')).toBe('京A12345')
    expect(byTestId('plate-keyboard')).toBeNull()
    expect(document.querySelector('.entry-plate')!.classList.contains(PLATE_KEYBOARD_ROOM_CLASS)).toBe(false)
    expect(skeletonPlateOf(window)?.keyboardOpen).toBe(false)
    tap('plate-boxes')
    expect(byTestId('plate-keyboard')).not.toBeNull()
    tap('plate-key-done')
    expect(byTestId('plate-keyboard')).toBeNull()
  })

  it('answers Enter on key down and Space on key up, keeping the focus on the key pressed', () => {
    start()
    const province = byTestId('plate-key-京')!
    province.focus()
    expect(keyEvent(province, 'keydown', 'Enter').defaultPrevented).toBe(true)
    expect(boxes().join('')).toBe('京')
    const letter = byTestId('plate-key-B')!
    letter.focus()
    expect(keyEvent(letter, 'keydown', ' ').defaultPrevented).toBe(true)
    expect(boxes().join('')).toBe('京')
    keyEvent(letter, 'keyup', ' ')
    expect(boxes().join('')).toBe('京B')
    expect(document.activeElement).toBe(byTestId('plate-key-B'))
  })

  it('stops answering once the app has taken the plate over', () => {
    start()
    tap('plate-key-京')
    expect(takeSkeletonPlate(window)).toEqual({ entry: { kind: 'blue', chars: ['京'] }, typed: true, keyboardOpen: true })
    tap('plate-key-A')
    expect(boxes().join('')).toBe('京')
    expect(takeSkeletonPlate(window)).toBeUndefined()
  })

  it('draws nothing and keeps nothing where the first screen was removed (another page)', () => {
    document.body.innerHTML = entrySkeletonHtml('')
    document.getElementById(ENTRY_SKELETON_ID)!.remove()
    installEarlyKeyboard(document, window)
    expect(skeletonPlateOf(window)).toBeUndefined()
    expect(takeSkeletonPlate(window)).toBeUndefined()
  })
})

describe('taking the static keyboard’s plate over', () => {
  it('reports an untouched keyboard as untyped and open', () => {
    const win = {}
    keepSkeletonPlate(win, { entry: { kind: 'blue', chars: [] }, typed: false, keyboardOpen: true, taken: false })
    expect(takeSkeletonPlate(win)).toEqual({ entry: { kind: 'blue', chars: [] }, typed: false, keyboardOpen: true })
  })

  it('keeps only what the keyboard could have typed', () => {
    const win = {}
    const forged = { kind: 'red', chars: ['京', 'I', 'A', 7, '<b>'] } as unknown as { kind: 'blue'; chars: string[] }
    keepSkeletonPlate(win, { entry: forged, typed: true, keyboardOpen: false, taken: false })
    expect(takeSkeletonPlate(win)).toEqual({ entry: { kind: 'blue', chars: ['京', 'A'] }, typed: true, keyboardOpen: false })
  })

  it('survives a malformed plate', () => {
    const win = { [SKELETON_PLATE_KEY]: { entry: null, typed: 'yes', taken: false } }
    expect(takeSkeletonPlate(win)).toEqual({ entry: { kind: 'blue', chars: [] }, typed: false, keyboardOpen: true })
  })
})
