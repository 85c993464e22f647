/**
 * The hooks of a WeChat runtime suite. Per test file, as long as the app's own memory (its
 * stores): dist/weapp launched once (its `App()` run with onLaunch / onShow), the real server on
 * a fresh embedded database (seeded), storage in memory, a device and a page stack. The host's
 * `wx` calls are answered by these; the console is watched for missing templates and errors.
 * After each test the stack is emptied (every page unloaded) and what was seen is forgotten.
 * A suite that needs a fresh app and server is a file of its own. Read the fields inside tests
 * and hooks.
 */
import './server-under-jsdom'
import path from 'node:path'
import { openTestDatabase } from '../../server/support/test-database'
import type { TestDatabase } from '../../server/support/test-database'
import { FakeClock, createTestApp } from '../../server/support/test-app'
import type { TestApp, TestAppOptions } from '../../server/support/test-app'
import { watchConsole } from './console-watch'
import type { ConsoleWatch } from './console-watch'
import { listenOnAnyPort } from './local-http'
import { installMiniGlobals } from './mini-globals'
import type { AppInstance } from './mini-globals'
import { PageStack } from './page-stack'
import { installPhoneGlobal } from './phone-scope'
import type { OpenPage } from './page-stack'
import { settle } from './settle'
import { WEAPP_DIST } from './weapp-build'
import { installDevice } from './wx-device'
import type { Device, DeviceOptions } from './wx-device'
import { wxObject } from './wx-callbacks'
import type { WxCallbacks } from './wx-callbacks'
import { forgetTap, installTapOnlyApis } from './wx-gesture'
import { installNavigation } from './wx-navigation'
import { installWechatPay } from './wx-pay'
import type { WxPay } from './wx-pay'
import type { NavigationLog } from './wx-navigation'
import { installServerBridge } from './wx-server'
import type { ServerBridge } from './wx-server'
import { installWechatPrivacy } from './wx-privacy'
import type { WxPrivacy } from './wx-privacy'
import { installWechatRandom } from './wx-random'
import type { WxRandom } from './wx-random'
import { installMemoryStorage } from './wx-storage'
import type { MemoryStorage } from './wx-storage'

export interface WeappWorldOptions {
  device?: DeviceOptions
  /** Storage entries each test starts with. */
  storage?: Record<string, unknown>
  /** Overrides for the test server (createTestApp); its clock starts at the real time. */
  server?: TestAppOptions
}

export interface WeappWorld {
  readonly database: TestDatabase
  readonly test: TestApp
  readonly stack: PageStack
  readonly storage: MemoryStorage
  readonly server: ServerBridge
  readonly device: Device
  readonly navigations: NavigationLog
  /** WeChat Pay: the payments the app made with wx.requestPayment. */
  readonly pay: WxPay
  /** WeChat's CSPRNG (wx.getRandomValues). */
  readonly random: WxRandom
  /** WeChat's privacy authorisation (the album and the camera wait for it). */
  readonly privacy: WxPrivacy
  readonly console: ConsoleWatch
  /** The app instance `App()` registered. */
  app(): AppInstance
  /** When the app's first script (app.js) began to run, on `performance.now()`'s clock (the benchmark measures from it). */
  launchedAt(): number
  /** Replaces the device (system info, capsule, images) for the rest of the test. */
  useDevice(options: DeviceOptions): Device
  /** Opens a page as the only one on the stack (reLaunch) and lets it render. */
  open(url: string): Promise<OpenPage>
  /** Missing templates, console errors, page lifecycle errors and unanswered server calls seen so far. */
  problems(): string[]
}

/** The device's album and camera, behind WeChat's privacy authorisation. */
function guardedDevice(device: Device, privacy: WxPrivacy): Device {
  const wx = wxObject()
  for (const api of ['chooseImage', 'chooseMedia'] as const) {
    const call = wx[api] as (options: WxCallbacks) => void
    wx[api] = (options: WxCallbacks) => privacy.gate(api, options, call)
  }
  return device
}

/** getCurrentPages() answers the stack of the test running now. */
let currentStack: PageStack | undefined
let launched: { app: () => AppInstance; at: number } | undefined

/** Requires dist/weapp/app.js (once per test file) and runs the app's launch. */
function launchApp(launchQuery: Record<string, string>): { app: () => AppInstance; at: number } {
  if (launched) return launched
  const globals = installMiniGlobals(() => currentStack?.instances() ?? [])
  // The build's files run in the phone's scope (the jest transform phone-scope.js wraps them).
  installPhoneGlobal()
  const at = performance.now()
  // Through jest's module registry, where the pages' scripts (required by miniprogram-simulate) go too.
  jest.requireActual(path.join(WEAPP_DIST, 'app.js'))
  const app = globals.app()
  const launchOptions = { path: '', query: launchQuery, scene: 1001, referrerInfo: {} }
  app.onLaunch?.(launchOptions)
  app.onShow?.(launchOptions)
  launched = { app: globals.app, at }
  return launched
}

/**
 * Hooks that open a fresh embedded database (migrated and seeded) or sign in through the pages:
 * seconds on a busy 2-core machine, more than jest's default 5 s when the suites run together.
 */
export const WORLD_HOOK_TIMEOUT_MS = 60_000

export function weappWorld(options: WeappWorldOptions = {}): WeappWorld {
  const state: {
    database?: TestDatabase
    test?: TestApp
    stack?: PageStack
    storage?: MemoryStorage
    server?: ServerBridge
    device?: Device
    navigations?: NavigationLog
    pay?: WxPay
    random?: WxRandom
    privacy?: WxPrivacy
    console?: ConsoleWatch
    host?: HTMLElement
    launch?: { app: () => AppInstance; at: number }
  } = {}
  const need = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key]
    if (value === undefined) throw new Error(`The WeChat world's ${key} is set up in hooks: use it inside hooks and tests`)
    return value as NonNullable<(typeof state)[K]>
  }
  const readFile = (filePath: string): Buffer => need('device').readFile(filePath)

  beforeAll(async () => {
    state.console = watchConsole()
    state.database = await openTestDatabase()
    // The compiled app signs its requests with the real time: the server's clock starts there too.
    state.test = await createTestApp(state.database.db, { clock: new FakeClock(new Date()), ...options.server })
    state.host = document.body.appendChild(document.createElement('div'))
    state.stack = new PageStack(WEAPP_DIST, state.host)
    currentStack = state.stack
    state.storage = installMemoryStorage(options.storage)
    state.privacy = installWechatPrivacy()
    state.device = guardedDevice(installDevice(options.device), state.privacy)
    state.navigations = installNavigation(state.stack)
    installTapOnlyApis()
    // The build's calls reach the server over real HTTP, on a local port of its own.
    state.server = installServerBridge(await listenOnAnyPort(state.test.app), readFile)
    state.pay = installWechatPay(state.test)
    state.random = installWechatRandom()
    state.launch = launchApp(options.device?.launchQuery ?? {})
  }, WORLD_HOOK_TIMEOUT_MS)
  afterEach(async () => {
    state.stack?.clear()
    await settle()
    forgetTap()
    state.stack?.errors.splice(0)
    state.server?.failures.splice(0)
    state.console?.clear()
  })
  afterAll(async () => {
    state.host?.remove()
    await state.test?.close()
    await state.database?.dispose()
    state.console?.restore()
  })

  // The parts the hooks set up, each read through `need` (a getter on the world, below).
  const parts = ['database', 'test', 'stack', 'storage', 'server', 'device', 'navigations', 'pay', 'random', 'privacy', 'console'] as const
  const methods: Omit<WeappWorld, (typeof parts)[number]> = {
    app: () => need('launch').app(),
    launchedAt: () => need('launch').at,
    useDevice(deviceOptions) {
      state.device = guardedDevice(installDevice(deviceOptions), need('privacy'))
      return state.device
    },
    async open(url) {
      const page = need('stack').reLaunch(url)
      await settle()
      return page
    },
    problems() {
      const pageErrors = need('stack').errors.map(({ route, lifecycle, error }) => `${route} ${lifecycle}: ${String(error)}`)
      return [...need('console').problems(), ...pageErrors, ...need('server').failures]
    },
  }
  const world = methods as WeappWorld
  for (const part of parts) Object.defineProperty(world, part, { get: () => need(part), enumerable: true })
  return world
}
