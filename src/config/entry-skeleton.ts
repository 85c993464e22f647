/**
 * A static copy of the entry page's first screen, written into index.html at build time
 * (config/index.ts): it paints as soon as the HTML and the styles are here, a second before the
 * scripts could draw anything. It uses the page's own classes (the entry page's styles load with
 * the app's, preload-page-chunks.ts) and lies over the app until the first page renders, which
 * removes it (platform/h5/entry-skeleton.ts); an address of another page removes it at once, a
 * landing page's keeps it hidden (the landing copy's call to action leads to it: landing-skeleton.ts).
 * Its plate input works: the keyboard's script (platform/h5/early-keyboard.ts, bundled by the
 * build) draws into it, and the app takes over what was typed.
 */
import { MAX_LAYOUT_WIDTH_PX } from '../domain/constants'
import { ENTRY_COPY } from './entry-copy'
import { ENTRY_SKELETON_ID } from './first-screens'
import { LANDING_ROUTES } from './landings'
import { EARLY_KEYBOARD_HOST } from './plate-input-copy'
import { ENTRY_ROUTE, ROUTES } from './routes'

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** Hash addresses of the entry page, with or without a query: `#/`, `#/apply/basic?…`, or none. */
export function entryAddressPattern(): RegExp {
  const urls = ROUTES[ENTRY_ROUTE].urls.map(escapeRegExp).join('|')
  return new RegExp(`^(#(${urls}))?(\\?.*)?$`)
}

/** Hash addresses of the landing pages, with or without a query. */
export function landingAddressPattern(): RegExp {
  const urls = LANDING_ROUTES.flatMap((route) => ROUTES[route].urls).map(escapeRegExp)
  return new RegExp(`^#(${urls.join('|')})(\\?.*)?$`)
}

/** `keyboardScript`: the early keyboard, bundled; it runs right after the copy, before the first paint. */
export function entrySkeletonHtml(keyboardScript: string): string {
  const steps = ENTRY_COPY.steps
    .map(
      (step, index) =>
        `<div class="entry-plate__step"><span class="entry-plate__step-number">${index + 1}</span><span class="entry-plate__step-name">${step}</span>${
          index < ENTRY_COPY.steps.length - 1 ? '<span class="entry-plate__step-arrow">→</span>' : ''
        }</div>`,
    )
    .join('')
  return [
    `<div id="${ENTRY_SKELETON_ID}" style="position:fixed;inset:0;z-index:1;overflow:hidden">`,
    `<div class="page-shell"><div class="page-shell__body" role="main" style="max-width:${MAX_LAYOUT_WIDTH_PX}px"><div class="entry-plate">`,
    `<div class="entry-plate__intro"><span class="entry-plate__intro-text">${ENTRY_COPY.intro}</span><div class="entry-plate__steps">${steps}</div></div>`,
    `<div class="entry-plate__card"><div class="entry-plate__heading">${ENTRY_COPY.heading}</div><span class="entry-plate__hint">${ENTRY_COPY.hint}</span>`,
    `<div class="plate-input" ${EARLY_KEYBOARD_HOST}></div>`,
    `<div class="entry-button entry-button--primary entry-button--inert entry-plate__submit" role="button" aria-label="${ENTRY_COPY.waiting}" aria-disabled="true" aria-busy="true" data-testid="plate-submit-waiting">${ENTRY_COPY.waiting}</div></div>`,
    '</div></div></div></div>',
    `<script>${entrySkeletonGate()}</script>`,
    `<script>${keyboardScript}</script>`,
  ].join('')
}

/**
 * The inline script after the copy: another page's address removes it before it paints, a
 * landing page's hides it (the keyboard is drawn into it all the same).
 */
function entrySkeletonGate(): string {
  return `(function(){var h=location.hash,s=document.getElementById(${JSON.stringify(ENTRY_SKELETON_ID)});if(s&&!${entryAddressPattern().toString()}.test(h)){if(${landingAddressPattern().toString()}.test(h))s.hidden=true;else s.parentNode.removeChild(s)}})()`
}
