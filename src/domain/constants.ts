/**
 * Business constants and limits from section 9 of the product specification.
 * Every other module imports these names instead of repeating the literals.
 */

/** Customer-service hotline. */
export const HOTLINE = '400-016-3999'

/** App version shown to users and sent with tracking. */
export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100

export const SECOND_MS = 1000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** Lazy pages: show a loading indicator only when a page takes longer than this to load. */
export const PAGE_LOAD_DELAY_MS = 200
/** Where the browser cannot say it is idle (Safari), the next pages' code is fetched this long after a page shows. */
export const PREFETCH_FALLBACK_DELAY_MS = 300
/** Lazy pages: give up and show the error view after this long. */
export const PAGE_LOAD_TIMEOUT_MS = 60 * SECOND_MS

/** Network calls: default timeout, and the longer one for uploads. */
export const REQUEST_TIMEOUT_MS = 30 * SECOND_MS
export const UPLOAD_TIMEOUT_MS = 60 * SECOND_MS
/**
 * Identical calls within this window share one request. The specification gives 1–2 s; the
 * upper bound is used so a double tap on a slow phone is still caught.
 */
export const DEDUPE_WINDOW_MS = 2 * SECOND_MS
/** The remote goods-type configuration is cached this long. */
export const GOODS_CONFIG_CACHE_MS = 60 * SECOND_MS

/** SMS verification code: wait before another code may be requested. */
export const VERIFY_CODE_WAIT_S = 60
/** A remembered login phone allows silent login for this long. */
export const LOGIN_PHONE_MEMORY_MS = DAY_MS
/** A once-a-day notice is not shown again for this long after it was shown. */
export const NOTICE_SUPPRESS_MS = DAY_MS

/** Tracking: a batch is sent at this many events, or this long after the first one. */
export const TRACKING_FLUSH_COUNT = 10
export const TRACKING_FLUSH_MS = 2 * SECOND_MS

/** Query-string parsing limits. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const

/** Persisted store state lives under keys with this prefix (after the channel's own prefix rules). */
export const PERSISTED_STATE_PREFIX = 'prod_'

/** Layout: design drafts are 375 px wide; mini-program rpx base is 750. */
export const DESIGN_WIDTH = 375
export const RPX_BASE = 750
/** On wide screens the H5 content is centred at this maximum width (CSS px). */
export const MAX_LAYOUT_WIDTH_PX = 960

/** UI timings and limits. */
export const TOAST_DURATION_MS = 1500
export const IMAGE_CHOOSE_COUNT = 9
export const INPUT_MAX_LENGTH = 140
export const IMAGE_PREVIEW_ZOOM = { min: 1, max: 4 } as const
export const VIDEO_CONTROLS_HIDE_MS = 3 * SECOND_MS
export const LONG_PRESS_MS = 350
export const LONG_PRESS_TOLERANCE_PX = 10
