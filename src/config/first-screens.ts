/**
 * The names index.html's static first screens (entry-skeleton.ts, landing-skeleton.ts) share with
 * the scripts bundled into it (platform/h5/early-landing.ts) and with the app that takes over from
 * them. A module of its own that imports nothing: an inline script carries all it imports.
 */

/** The entry page's copy. */
export const ENTRY_SKELETON_ID = 'entry-skeleton'

/** Marks a landing page's copy, valued with its route. */
export const LANDING_SKELETON_ATTRIBUTE = 'data-landing-skeleton'
/** A landing copy's H5 address (its hash address without '#'). */
export const LANDING_ADDRESS_ATTRIBUTE = 'data-landing-address'
/** Marks a landing copy's call to action, valued with the address it leads to (the plate page's). */
export const LANDING_CTA_ATTRIBUTE = 'data-landing-cta'

/**
 * Where the landing copies' script keeps, on the window, what was done on a copy before the app
 * came (platform/h5/early-landing-tap.ts): the app takes it over once, at boot.
 */
export const EARLY_LANDING_KEY = '__etcEarlyLanding'

/** The window property where index.html's first script says it asked for the page's code and the services (src/platform/h5/route-preload.ts). */
export const ROUTE_PRELOADED_KEY = '__etcRoutePreloaded'

/**
 * Where index.html's first script keeps, on an order page's address, the order it asked for before
 * the app came (src/platform/h5/early-order.ts): the app's request for it takes that answer over
 * once, and the early copy is drawn from it.
 */
export const EARLY_ORDER_KEY = '__etcEarlyOrder'

/** The early copy of an order page (src/platform/h5/early-order-view.ts). */
export const EARLY_ORDER_COPY_ID = 'early-order'
