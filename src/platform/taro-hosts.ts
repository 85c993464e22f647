/** Taro bindings of the platform's host interfaces (navigation, authorisation, launch facts). */
import Taro from '@tarojs/taro'
import { MINI_PROGRAM_PAGE_LIMIT } from '../config/routes'
import { REQUEST_TIMEOUT_MS } from '../domain/constants'
import type { AuthorizationDeps } from './authorization'
import { addressParams } from './launch-params'
import type { LaunchParams } from './launch-params'
import type { CurrentPage, MiniProgramPlatform, MiniProgramTarget, NavigationHost } from './navigator'
import { loadTaroTransport } from './taro-deferred'
import { taroToast } from './ui-service'

/** HTTP status codes from here on are errors: a downloaded error page is no document. */
const HTTP_ERROR_STATUS = 400

/**
 * Parameters Taro adds to every page's own: `$taroTimestamp` on the mini-programs, the H5
 * router's `stamp`. They are not part of the page's address.
 */
const TARO_INTERNAL_PARAMS: ReadonlySet<string> = new Set(['$taroTimestamp', 'stamp'])

function currentPage(): CurrentPage | undefined {
  const router = Taro.getCurrentInstance().router
  if (!router?.path) return undefined
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(router.params)) {
    if (!TARO_INTERNAL_PARAMS.has(key) && typeof value === 'string') query[key] = value
  }
  return { path: router.path.split('?')[0] ?? router.path, query }
}

/** Leaving the app: the mini-program exits; a web page goes back out of the app or closes. */
function exitApp(): Promise<unknown> {
  if (process.env.TARO_ENV !== 'h5') return Taro.exitMiniProgram()
  if (window.history.length > 1) window.history.back()
  else window.close()
  return Promise.resolve()
}

/** Resolves whether the page was hidden (the browser switched to another app or page) within `ms`. */
function leavesWithin(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let left = document.visibilityState === 'hidden'
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') left = true
    }
    const onPageHide = (): void => {
      left = true
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onPageHide)
    setTimeout(() => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onPageHide)
      resolve(left)
    }, ms)
  })
}

/** The other mini-program's page with its query, as navigateToMiniProgram takes it (none: its home page). */
function miniProgramPath({ path, query }: MiniProgramTarget): string | undefined {
  if (!path) return undefined
  return query ? `${path}?${query}` : path
}

/** The mini-program platform of each Taro build that is one; the others open no mini-program. */
const MINI_PROGRAM_PLATFORMS: Readonly<Partial<Record<string, MiniProgramPlatform>>> = { weapp: 'wechat', alipay: 'alipay' }

/** The platform of the Taro build `taroEnv` (process.env.TARO_ENV), if it is a mini-program one. */
function miniProgramPlatformOf(taroEnv: string | undefined): MiniProgramPlatform | undefined {
  return taroEnv === undefined ? undefined : MINI_PROGRAM_PLATFORMS[taroEnv]
}

/**
 * H5 hands the window over to addresses, replacing the hand-over page in the history: back from
 * the opened page returns to the page before it, not to the hand-over page, which would open the
 * address again. The mini-programs open their own platform's mini-programs.
 */
const handOverHost: Pick<NavigationHost, 'openUrl' | 'leavesWithin' | 'miniProgramPlatform' | 'navigateToMiniProgram'> =
  process.env.TARO_ENV === 'h5'
    ? {
        openUrl: (url) => window.location.replace(url),
        leavesWithin,
      }
    : {
        miniProgramPlatform: miniProgramPlatformOf(process.env.TARO_ENV),
        navigateToMiniProgram: (target) =>
          Taro.navigateToMiniProgram({ appId: target.appId, path: miniProgramPath(target), envVersion: target.envVersion }),
      }

export function createTaroNavigationHost(): NavigationHost {
  return {
    navigateTo: (url) => Taro.navigateTo({ url }),
    redirectTo: (url) => Taro.redirectTo({ url }),
    reLaunch: (url) => Taro.reLaunch({ url }),
    navigateBack: (delta) => Taro.navigateBack({ delta }),
    stackDepth: () => Taro.getCurrentPages().length,
    ...(process.env.TARO_ENV === 'h5' ? {} : { pageLimit: MINI_PROGRAM_PAGE_LIMIT }),
    currentPage,
    exitApp,
    ...(process.env.TARO_ENV === 'h5' ? { reloadDocument: () => window.location.reload() } : {}),
    downloadFile: async (url) => {
      const transport = await loadTaroTransport()
      const response = await transport.download({ url, header: {}, timeoutMs: REQUEST_TIMEOUT_MS })
      if (response.statusCode >= HTTP_ERROR_STATUS) throw new Error(`Download failed with HTTP ${response.statusCode}`)
      return response.tempFilePath
    },
    openDocument: (filePath) => Taro.openDocument({ filePath, fileType: 'pdf' }),
    makePhoneCall: (phoneNumber) => Taro.makePhoneCall({ phoneNumber }),
    toast: taroToast,
    ...handOverHost,
  }
}

export const taroAuthorizationDeps: AuthorizationDeps = {
  login: () => Taro.login(),
  queryParam: (name) => Taro.getCurrentInstance().router?.params[name],
}

/** The parameters the app was opened with: the H5 address, or the mini-program's launch query. */
export function taroLaunchParams(): LaunchParams {
  // Written as if/else so the H5 build drops the other branch, and with it the Taro API it calls.
  if (process.env.TARO_ENV === 'h5') {
    return addressParams(window.location.search, window.location.hash)
  } else {
    const params: Record<string, string> = {}
    for (const [key, value] of Object.entries(Taro.getLaunchOptionsSync().query ?? {})) {
      if (typeof value === 'string') params[key] = value
    }
    return params
  }
}

/**
 * Tracking's device_info: the browser's user agent on H5 (Taro's system info would parse it with a
 * 40 KB library on the entry page), brand, model, system and host platform elsewhere.
 */
export function taroDeviceInfo(): string {
  if (process.env.TARO_ENV === 'h5') {
    return window.navigator.userAgent
  } else {
    const info = Taro.getSystemInfoSync()
    return [info.brand, info.model, info.system, info.platform].filter(Boolean).join('; ')
  }
}
