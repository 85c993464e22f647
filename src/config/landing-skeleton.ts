/**
 * Static copies of the landing pages' first screens (each row's hero of landings.ts), written into
 * index.html at build time (config/index.ts) as the entry page's is (entry-skeleton.ts): a person
 * opening an ad sees the offer and can take its call to action before the scripts arrive. Each
 * uses the page's own classes; the hero's rules come inlined from the page's stylesheet
 * (config/inline-page-rules.ts), and the entry page's styles, which load with the app's, draw the
 * button. The copies come hidden: the early landing script (platform/h5/early-landing.ts, bundled
 * by the build) shows the one of the address and removes the others, and its call to action
 * leads to the plate page's copy. The app removes the copy once its page has its content.
 */
import { MAX_LAYOUT_WIDTH_PX } from '../domain/constants'
import { escapeHtml } from '../domain/html'
import { LANDING_ADDRESS_ATTRIBUTE, LANDING_CTA_ATTRIBUTE, LANDING_SKELETON_ATTRIBUTE } from './first-screens'
import { LANDINGS, LANDING_CTA_TEST_ID, LANDING_HIGHLIGHTS_LABEL, LANDING_ROUTES } from './landings'
import type { LandingRoute } from './landings'
import { ENTRY_ROUTE, ROUTES } from './routes'

/**
 * The rules index.html inlines for the copies: the landing screen's own, the hero's and the
 * banner's, of the page's compiled stylesheet (the rest of the page's styles come with its chunk).
 */
export const LANDING_SKELETON_RULES = /^\.landing(?:$|-hero|-banner)/

/** The hero of one landing page, hidden, as LandingHero draws it (the banner, the texts, the button). */
function landingCopy(route: LandingRoute): string {
  const { hero, cta } = LANDINGS[route]
  const { theme, motif } = hero.banner
  const highlights = hero.highlights.map((highlight) => `<div class="landing-hero__highlight" role="listitem">${escapeHtml(highlight)}</div>`).join('')
  return [
    `<div ${LANDING_SKELETON_ATTRIBUTE}="${route}" ${LANDING_ADDRESS_ATTRIBUTE}="${ROUTES[route].urls[0]}" hidden style="position:fixed;inset:0;z-index:1;overflow:hidden">`,
    `<div class="page-shell"><div class="page-shell__body" role="main" style="max-width:${MAX_LAYOUT_WIDTH_PX}px"><div class="landing"><div class="landing-hero landing-hero--${theme}">`,
    `<div class="landing-banner landing-banner--${theme} landing-banner--${motif}" aria-hidden="true"><div class="landing-banner__road"></div><div class="landing-banner__motif"><div class="landing-banner__shape landing-banner__shape--a"></div><div class="landing-banner__shape landing-banner__shape--b"></div></div></div>`,
    `<div class="landing-hero__title" role="heading" aria-level="1">${escapeHtml(hero.title)}</div>`,
    `<span class="landing-hero__subtitle">${escapeHtml(hero.subtitle)}</span>`,
    `<div class="landing-hero__offer">${escapeHtml(hero.offer)}</div>`,
    `<div class="landing-hero__highlights" role="list" aria-label="${LANDING_HIGHLIGHTS_LABEL}">${highlights}</div>`,
    `<div class="entry-button entry-button--primary landing-hero__cta" role="button" tabindex="0" aria-label="${escapeHtml(cta)}" data-testid="${LANDING_CTA_TEST_ID}" ${LANDING_CTA_ATTRIBUTE}="${ROUTES[ENTRY_ROUTE].urls[0]}">${escapeHtml(cta)}</div>`,
    '</div></div></div></div></div>',
  ].join('')
}

/**
 * Every landing page's copy, then `landingScript`: the early landing script, bundled, which shows
 * the copy of the address before the first paint and answers its call to action.
 */
export function landingSkeletonHtml(landingScript: string): string {
  return `${LANDING_ROUTES.map(landingCopy).join('')}<script>${landingScript}</script>`
}
