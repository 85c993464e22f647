/**
 * Starts a navigation from a tap. A refusal needs no handling: the navigator refuses only while
 * another navigation is under way (its double-jump lock), and that one wins.
 */
export function navigateFromTap(navigation: Promise<unknown>): void {
  navigation.catch(() => undefined)
}
