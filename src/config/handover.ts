/**
 * Hand-overs to other mini-programs: the payment app's official ETC application that the
 * promotion page (/pages/promotion/wxPark) leads to, and how long a deep link may take to leave
 * the page. The specification shows no real app id or page: PLACEHOLDER values until they are
 * issued (the payment app refuses to open an unknown app id, which the hand-over pages report).
 */
import type { MiniProgramEnvVersion } from '../../types/api/catalogue'

/** The payment app's official ETC mini-program (PLACEHOLDER: a 16-digit Alipay app id is issued per app). */
export const PLACEHOLDER_ALIPAY_ETC_APP_ID = '2021000000000000'
/** Its page where an application starts (PLACEHOLDER path). */
export const PLACEHOLDER_ALIPAY_ETC_PAGE = 'pages/index/index'

export const ALIPAY_ETC_APP = { appId: PLACEHOLDER_ALIPAY_ETC_APP_ID, page: PLACEHOLDER_ALIPAY_ETC_PAGE } as const

/**
 * A deep link into another app that leaves the page on screen this long did not open (the app is
 * not installed, or the browser refused the link).
 */
export const DEEP_LINK_TIMEOUT_MS = 2500

/**
 * The version of a WeChat mini-program a hand-over opens unless the address names another (the
 * versions: MINI_PROGRAM_ENV_VERSIONS, types/api/catalogue.ts).
 */
export const DEFAULT_ENV_VERSION: MiniProgramEnvVersion = 'release'
