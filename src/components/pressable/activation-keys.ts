/**
 * Keyboard access for elements that act as buttons without being one (a View with
 * role="button"): reachable with Tab (tabIndex 0), Enter activates on key down and Space on key
 * up, as with a native button; Space's key down is held back so the page does not scroll.
 */

interface KeyEventLike {
  key: string
  preventDefault(): void
}

export interface KeyboardButtonProps {
  tabIndex: number
  onKeyDown(event: KeyEventLike): void
  onKeyUp(event: KeyEventLike): void
}

const SPACE_KEYS: ReadonlySet<string> = new Set([' ', 'Spacebar'])

/** Props to spread on a View with role="button" (Taro's View typings do not list tabIndex). */
export function keyboardButtonProps(activate: () => void): KeyboardButtonProps {
  return {
    tabIndex: 0,
    onKeyDown(event) {
      if (event.key === 'Enter') {
        event.preventDefault()
        activate()
      } else if (SPACE_KEYS.has(event.key)) {
        event.preventDefault()
      }
    },
    onKeyUp(event) {
      if (!SPACE_KEYS.has(event.key)) return
      event.preventDefault()
      activate()
    },
  }
}
