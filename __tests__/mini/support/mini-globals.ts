/**
 * The mini-program globals the compiled app calls: `App` (its options captured, launched by
 * hand), `getApp`, `getCurrentPages` and `Page`. miniprogram-simulate renders components only, so
 * `Page` registers the page options as a Component: functions become methods, `data` stays, and
 * `classPrefix: ''` keeps the class names as written (else every class gets a prefix).
 */

/** The options object a compiled app hands to `App()`, used as the app instance. */
export interface AppInstance {
  onLaunch?(options: unknown): void
  onShow?(options: unknown): void
  onHide?(): void
  [key: string]: unknown
}

export interface MiniGlobals {
  /** The app registered by app.js; throws when app.js has not run. */
  app(): AppInstance
}

type Options = Record<string, unknown>

/** Page options as Component options. */
export function pageAsComponent(options: Options): Options {
  const methods: Record<string, unknown> = {}
  const rest: Options = {}
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === 'function') methods[key] = value
    else rest[key] = value
  }
  return { ...rest, methods, options: { classPrefix: '' } }
}

interface GlobalsHolder {
  App?: unknown
  getApp?: unknown
  getCurrentPages?: unknown
  Page?: unknown
  Component?: unknown
}

/**
 * Installs the globals, for the rest of the test file (the app keeps what it captured of them).
 * `pages` answers getCurrentPages (the page stack's instances, bottom
 * first). Needs miniprogram-simulate loaded first: its global `Component` registers the pages.
 */
export function installMiniGlobals(pages: () => unknown[]): MiniGlobals {
  const holder = globalThis as unknown as GlobalsHolder
  let registered: AppInstance | undefined
  const app = (): AppInstance => {
    if (!registered) throw new Error('App() has not been called: require dist/weapp/app.js first')
    return registered
  }
  holder.App = (options: AppInstance) => {
    registered = options
  }
  holder.getApp = app
  holder.getCurrentPages = pages
  holder.Page = (options: Options) => {
    const component = holder.Component
    if (typeof component !== 'function') throw new Error('Page() before miniprogram-simulate installed Component()')
    component(pageAsComponent(options))
  }
  return { app }
}
