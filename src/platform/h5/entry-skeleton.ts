import { ENTRY_SKELETON_ID } from '../../config/entry-skeleton'

/** Takes away index.html's static copy of the entry page (config/entry-skeleton.ts), once a page has rendered. */
export function removeEntrySkeleton(): void {
  document.getElementById(ENTRY_SKELETON_ID)?.remove()
}
