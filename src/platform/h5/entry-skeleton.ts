import { ENTRY_SKELETON_ID, LANDING_SKELETON_ATTRIBUTE } from '../../config/first-screens'

/** Takes away index.html's static copy of the entry page (config/entry-skeleton.ts), once a page has rendered. */
export function removeEntrySkeleton(): void {
  document.getElementById(ENTRY_SKELETON_ID)?.remove()
}

/**
 * Takes away index.html's copy of a landing page (config/landing-skeleton.ts) once a page has its
 * content: not with the page's frame, which on a landing page would show no hero until then.
 */
export function removeLandingSkeleton(): void {
  document.querySelectorAll(`[${LANDING_SKELETON_ATTRIBUTE}]`).forEach((copy) => copy.remove())
}
