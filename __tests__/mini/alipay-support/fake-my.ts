/**
 * The Alipay host's `my` object for the build's JavaScript. Taro wraps the APIs it finds with
 * `Object.keys(my)` when its runtime loads, so every API is an own property from the start (a
 * Proxy answering any name does not work). Asynchronous APIs answer after the host's delay
 * (support/host-delay.ts), as the host does. Every call is recorded; storage lives in memory;
 * requests go to a responder the test sets.
 */
import { later } from '../support/host-delay'

type Callback = (result: unknown) => void

export interface MyOptions {
  success?: Callback
  fail?: Callback
  complete?: Callback
  [option: string]: unknown
}

export interface MyCall {
  api: string
  options: MyOptions
}

/** A request as `my.request` receives it (Taro has lower-cased the header names). */
export interface FakeRequest {
  url: string
  method: string
  headers: Record<string, string>
  data: unknown
  /** my.request's dataType: how the answer is read ('json' by default). */
  dataType?: string
  /** For my.uploadFile: the file, its form field and its kind. */
  upload?: { field: string; filePath: string; fileType: string }
}

/** An answer in Alipay's shape: `status`, not `statusCode`. */
export interface FakeResponse {
  status: number
  data: unknown
  headers?: Record<string, string>
}

/** Answers a request; a promise holds the answer back until it settles (a call still in flight). */
export type Responder = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>

/** The page stack's navigation, run by the app harness. Rejects with the host's error message. */
export interface FakeNavigation {
  navigateTo(url: string): Promise<void>
  redirectTo(url: string): Promise<void>
  reLaunch(url: string): Promise<void>
  navigateBack(delta: number): Promise<void>
}

export interface FakeMyDeps {
  navigation: FakeNavigation
  respond: Responder
  /** The entry page, as the launch options name it. */
  launchPath: string
  /** The query the app was opened with (the launch options' `query`). */
  launchQuery?: Record<string, string>
  /** The bytes of the photo the person picks; without one, every pick is cancelled. */
  photo?: Buffer
}

/** The device the fake reports: an iPhone-sized screen with Alipay's title bar. */
export const FAKE_SYSTEM_INFO = {
  brand: 'Apple',
  model: 'iPhone 13',
  platform: 'iOS',
  system: '16.0',
  version: '10.5.0',
  SDKVersion: '2.9.0',
  app: 'alipay',
  language: 'zh-Hans',
  pixelRatio: 3,
  screenWidth: 390,
  screenHeight: 844,
  windowWidth: 390,
  windowHeight: 750,
  statusBarHeight: 47,
  titleBarHeight: 44,
} as const

/** The capsule (menu button) on the fake device's title bar. */
export const FAKE_MENU_BUTTON = { left: 297, top: 51, right: 383, bottom: 83, width: 86, height: 32 } as const

/** Alipay's storage quotas, in bytes: a value, and all of them. */
export const MY_STORAGE_VALUE_LIMIT = 200 * 1024
export const MY_STORAGE_LIMIT = 10 * 1024 * 1024

const storedSize = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '')

/** Why Alipay would refuse to store `data` under `key`, or undefined when it fits. */
function storageRefusal(storage: ReadonlyMap<string, unknown>, key: string, data: unknown): string | undefined {
  const size = storedSize(data)
  if (size > MY_STORAGE_VALUE_LIMIT) return 'the value exceeds the 200KB limit of a single key'
  const others = [...storage].reduce((total, [name, value]) => total + (name === key ? 0 : Buffer.byteLength(name) + storedSize(value)), 0)
  return others + Buffer.byteLength(key) + size > MY_STORAGE_LIMIT ? 'storage exceeds its 10MB limit' : undefined
}

/** The kinds of file my.uploadFile takes. */
const UPLOAD_FILE_TYPES = ['image', 'video', 'audio']

/** The auth code `my.getAuthCode` hands out. */
export const FAKE_AUTH_CODE = 'alipay-test-auth-code'

/** The image size my.getImageInfo reports for a picked photo. */
const PHOTO_SIZE = { width: 1280, height: 960 }

/** my.compressImage's levels: 0 low, 1 medium, 2 high, 3 none, 4 by the network. */
const COMPRESS_LEVELS = [0, 1, 2, 3, 4]

/** Calls success (or fail) and complete after the host's delay. */
function answer(options: MyOptions, outcome: 'success' | 'fail', result: unknown): void {
  later(() => {
    options[outcome]?.(result)
    options.complete?.(result)
  })
}

function settle(options: MyOptions, work: Promise<unknown>): void {
  work.then(
    (result) => answer(options, 'success', result ?? {}),
    (error: unknown) => answer(options, 'fail', { error: 1, errorMessage: String(error) }),
  )
}

export interface FakeMy {
  my: Record<string, unknown>
  calls: MyCall[]
  /** The requests `my.request` received, in order. */
  requests: FakeRequest[]
  /** How many requests and uploads the server has not answered yet. */
  inFlight(): number
  /** The photos my.chooseImage handed out (temporary paths), in order. */
  chosen: string[]
  /** A temporary file's bytes; throws for a path the host never handed out. */
  readFile(filePath: string): Buffer
  callsOf(api: string): MyOptions[]
  /**
   * Makes `api` (one the fake has) answer with `result` from now on: through success, or through
   * fail when `outcome` says so. The API stays the same own property of `my`, so Taro's wrapper,
   * made when its runtime loaded, reaches the new answer.
   */
  setAnswer(api: string, result: unknown, outcome?: 'success' | 'fail'): void
  /** Makes `api` answer with what `run` resolves to (through fail when it rejects), after the host's delay. */
  setHandler(api: string, run: (options: MyOptions) => Promise<unknown>): void
}

export function createFakeMy(deps: FakeMyDeps): FakeMy {
  const calls: MyCall[] = []
  const storage = new Map<string, unknown>()
  const requests: FakeRequest[] = []
  const files = new Map<string, Buffer>()
  let inFlight = 0
  /** The server's answer to `request`, counted in flight until it comes. */
  const ask = async (request: FakeRequest): Promise<FakeResponse> => {
    inFlight += 1
    try {
      return await deps.respond(request)
    } finally {
      inFlight -= 1
    }
  }
  const chosen: string[] = []
  const readFile = (filePath: string): Buffer => {
    const bytes = files.get(filePath)
    if (!bytes) throw new Error(`no such file ${filePath}`)
    return bytes
  }
  /** A temporary file, named as Alipay names them on a phone. */
  const newFile = (bytes: Buffer): string => {
    const filePath = `https://resource/apml${files.size + 1}.image`
    files.set(filePath, bytes)
    return filePath
  }
  /** Runs `read` on the host's side: a path it does not know fails the call, as on a phone. */
  const withFile = (options: MyOptions, read: () => unknown): void => {
    try {
      answer(options, 'success', read())
    } catch (error) {
      answer(options, 'fail', { error: 2, errorMessage: String(error) })
    }
  }
  const task = { abort: () => undefined, onProgressUpdate: () => undefined, offProgressUpdate: () => undefined }

  const apis: Record<string, (options: MyOptions) => unknown> = {
    canIUse: () => true,
    getSystemInfoSync: () => ({ ...FAKE_SYSTEM_INFO }),
    getSystemInfo: (options) => answer(options, 'success', { ...FAKE_SYSTEM_INFO }),
    getWindowInfo: () => ({ ...FAKE_SYSTEM_INFO }),
    getMenuButtonBoundingClientRect: () => ({ ...FAKE_MENU_BUTTON }),
    getLaunchOptionsSync: () => ({ path: deps.launchPath, query: { ...deps.launchQuery }, scene: 1000, referrerInfo: {} }),
    getEnterOptionsSync: () => ({ path: deps.launchPath, query: { ...deps.launchQuery }, scene: 1000, referrerInfo: {} }),

    getStorageSync: (options) => (storage.has(String(options.key)) ? { data: storage.get(String(options.key)) } : { data: null }),
    // Alipay refuses a value over 200 KB and more than 10 MB in all, answering an error.
    setStorageSync: (options) => {
      const refused = storageRefusal(storage, String(options.key), options.data)
      if (refused) return { error: 15, errorMessage: refused }
      storage.set(String(options.key), options.data)
      return { success: true }
    },
    removeStorageSync: (options) => {
      storage.delete(String(options.key))
      return { success: true }
    },
    clearStorageSync: () => {
      storage.clear()
      return { success: true }
    },
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
    getStorage: (options) => answer(options, 'success', { data: storage.get(String(options.key)) ?? null }),
    setStorage: (options) => {
      const refused = storageRefusal(storage, String(options.key), options.data)
      if (refused) return answer(options, 'fail', { error: 15, errorMessage: refused })
      storage.set(String(options.key), options.data)
      answer(options, 'success', {})
    },
    removeStorage: (options) => {
      storage.delete(String(options.key))
      answer(options, 'success', {})
    },

    navigateTo: (options) => settle(options, deps.navigation.navigateTo(String(options.url))),
    redirectTo: (options) => settle(options, deps.navigation.redirectTo(String(options.url))),
    reLaunch: (options) => settle(options, deps.navigation.reLaunch(String(options.url))),
    navigateBack: (options) => settle(options, deps.navigation.navigateBack(Number(options.delta ?? 1))),
    navigateToMiniProgram: (options) => answer(options, 'success', {}),
    exitMiniProgram: (options) => answer(options, 'success', {}),

    request: (options) => {
      const request: FakeRequest = {
        url: String(options.url),
        method: String(options.method ?? 'GET').toUpperCase(),
        headers: (options.headers ?? {}) as Record<string, string>,
        data: options.data,
        ...(typeof options.dataType === 'string' ? { dataType: options.dataType } : {}),
      }
      requests.push(request)
      const reply = (response: FakeResponse): void => {
        const outcome = response.status < 400 ? 'success' : 'fail'
        const result = { status: response.status, data: response.data, headers: response.headers ?? { 'content-type': 'application/json' } }
        // Alipay calls fail for an HTTP error status, with the status and body in the result.
        answer(options, outcome, outcome === 'success' ? result : { ...result, error: 19, errorMessage: 'http status error' })
      }
      const fail = (error: unknown): void => answer(options, 'fail', { error: 19, errorMessage: String(error) })
      ask(request).then(reply, fail)
      return task
    },
    // Alipay's upload needs the file's kind (fileType) and its form field's name (fileName); the
    // fake server gets the form's fields and the file's name and path as the request's data.
    uploadFile: (options) => {
      const missing = ['url', 'filePath', 'fileName', 'fileType'].filter((key) => !options[key])
      if (missing.length || !UPLOAD_FILE_TYPES.includes(String(options.fileType))) {
        answer(options, 'fail', { error: 2, errorMessage: `参数错误：${missing.join('、') || 'fileType'}` })
        return task
      }
      const request: FakeRequest = {
        url: String(options.url),
        method: 'POST',
        headers: (options.header ?? {}) as Record<string, string>,
        data: { formData: options.formData ?? {}, fileName: options.fileName, filePath: options.filePath, fileType: options.fileType },
        upload: { field: String(options.fileName), filePath: String(options.filePath), fileType: String(options.fileType) },
      }
      requests.push(request)
      ask(request).then(
          // The body comes back as text, with statusCode (not status) as for uploads.
          (response) => answer(options, 'success', { statusCode: response.status, data: JSON.stringify(response.data), header: response.headers ?? {} }),
          (error: unknown) => answer(options, 'fail', { error: 19, errorMessage: String(error) }),
        )
      return task
    },
    downloadFile: (options) => {
      answer(options, 'fail', { error: 12, errorMessage: 'downloadFile is not simulated' })
      return task
    },

    getAuthCode: (options) => answer(options, 'success', { authCode: FAKE_AUTH_CODE, authSuccessScopes: ['auth_base'] }),
    getPhoneNumber: (options) => answer(options, 'fail', { error: 11, errorMessage: 'user cancelled' }),
    tradePay: (options) => answer(options, 'success', { resultCode: '6001' }),

    showToast: (options) => answer(options, 'success', {}),
    hideToast: (options) => answer(options, 'success', {}),
    showLoading: (options) => answer(options, 'success', {}),
    hideLoading: (options) => answer(options, 'success', {}),
    confirm: (options) => answer(options, 'success', { confirm: true }),
    alert: (options) => answer(options, 'success', {}),
    showActionSheet: (options) => answer(options, 'fail', { error: 11, errorMessage: 'user cancelled' }),
    setNavigationBar: (options) => answer(options, 'success', {}),
    stopPullDownRefresh: (options) => answer(options, 'success', {}),
    pageScrollTo: (options) => answer(options, 'success', {}),
    createIntersectionObserver: () => {
      const observer = { relativeToViewport: () => observer, relativeTo: () => observer, observe: () => undefined, disconnect: () => undefined }
      return observer
    },
    createSelectorQuery: () => {
      const query = {
        select: () => query,
        selectAll: () => query,
        selectViewport: () => query,
        boundingClientRect: () => query,
        scrollOffset: () => query,
        fields: () => query,
        exec: (callback?: (result: unknown[]) => void) => later(() => callback?.([])),
      }
      return query
    },

    // Alipay's picker answers apFilePaths (Taro reads them as tempFilePaths).
    chooseImage: (options) => {
      if (!deps.photo) return answer(options, 'fail', { error: 11, errorMessage: 'user cancelled' })
      const photo = deps.photo
      const picked = Array.from({ length: Number(options.count ?? 1) }, () => newFile(photo))
      chosen.push(...picked)
      answer(options, 'success', { apFilePaths: picked })
    },
    // Alipay's own parameters, not WeChat's (src, quality): the files, and a level.
    compressImage: (options) => {
      const paths = options.apFilePaths
      if (!Array.isArray(paths) || paths.length === 0 || (options.compressLevel !== undefined && !COMPRESS_LEVELS.includes(Number(options.compressLevel)))) {
        return answer(options, 'fail', { error: 2, errorMessage: '参数错误：apFilePaths' })
      }
      withFile(options, () => ({ apFilePaths: paths.map((filePath) => newFile(readFile(String(filePath)))) }))
    },
    getImageInfo: (options) => withFile(options, () => (readFile(String(options.src)), { ...PHOTO_SIZE, path: options.src, orientation: 'up', type: 'jpg' })),
    getFileInfo: (options) => withFile(options, () => ({ size: readFile(String(options.apFilePath)).length, digest: '' })),
    openDocument: (options) => answer(options, 'success', {}),
    makePhoneCall: (options) => answer(options, 'success', {}),
    getNetworkType: (options) => answer(options, 'success', { networkAvailable: true, networkType: 'WIFI' }),
    onNetworkStatusChange: () => undefined,
    offNetworkStatusChange: () => undefined,
    onAppShow: () => undefined,
    offAppShow: () => undefined,
    onAppHide: () => undefined,
    offAppHide: () => undefined,
    onError: () => undefined,
    offError: () => undefined,
    onUnhandledRejection: () => undefined,
    offUnhandledRejection: () => undefined,
  }

  const my: Record<string, unknown> = {}
  for (const api of Object.keys(apis)) {
    my[api] = (options: MyOptions = {}) => {
      calls.push({ api, options })
      return apis[api](options)
    }
  }
  return {
    my,
    calls,
    requests,
    inFlight: () => inFlight,
    chosen,
    readFile,
    callsOf: (api) => calls.filter((call) => call.api === api).map((call) => call.options),
    setAnswer: (api, result, outcome = 'success') => {
      if (!(api in apis)) throw new Error(`my.${api} is not simulated`)
      apis[api] = (options) => answer(options, outcome, result)
    },
    setHandler: (api, run) => {
      if (!(api in apis)) throw new Error(`my.${api} is not simulated`)
      apis[api] = (options) => settle(options, run(options))
    },
  }
}
