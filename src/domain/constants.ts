/**
 * Business constants and limits from section 9 of the product specification.
 * Every other module imports these names instead of repeating the literals.
 */

/** Customer-service hotline. */
export const HOTLINE = '400-016-3999'

/** App version shown to users and sent with tracking. */
export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100

/** Lazy pages: show a loading indicator only when a page takes longer than this to load. */
export const PAGE_LOAD_DELAY_MS = 200
/** Lazy pages: give up and show the error view after this long. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000

/** Layout: design drafts are 375 px wide; mini-program rpx base is 750. */
export const DESIGN_WIDTH = 375
export const RPX_BASE = 750
/** On wide screens the H5 content is centred at this maximum width (CSS px). */
export const MAX_LAYOUT_WIDTH_PX = 960

/** Toast default duration. */
export const TOAST_DURATION_MS = 1500
