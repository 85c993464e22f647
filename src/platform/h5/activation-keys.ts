/**
 * Keyboard activation for the static first screens' buttons (early-keyboard.ts, early-landing.ts:
 * role="button" elements, before React): Enter activates on key down and Space on key up, as a
 * native button does; Space's key down is held back so the page does not scroll. The app's own
 * buttons get the same from components/pressable/activation-keys.ts.
 */
const SPACE_KEYS: ReadonlySet<string> = new Set([' ', 'Spacebar'])

/** Calls `activate` with the event's target when a key activates a button within `root`. */
export function answerActivationKeys(root: EventTarget, activate: (target: EventTarget | null) => void): void {
  root.addEventListener('keydown', (event) => {
    const { key } = event as KeyboardEvent
    if (key === 'Enter') {
      event.preventDefault()
      activate(event.target)
    } else if (SPACE_KEYS.has(key)) event.preventDefault()
  })
  root.addEventListener('keyup', (event) => {
    if (!SPACE_KEYS.has((event as KeyboardEvent).key)) return
    event.preventDefault()
    activate(event.target)
  })
}
