/**
 * Runs dist/alipay's JavaScript the way the Alipay host would, without its renderer: the build's
 * files evaluated as CommonJS modules, `App`, `Page` and `getCurrentPages` provided, a page stack
 * that follows my.navigateTo / redirectTo / reLaunch / navigateBack, `setData` applied to each
 * page's plain data (data-tree.ts), and taps sent through the page's event handler `eh`, as the
 * templates in base.axml bind them. What this cannot show is in the README ("Previewing the
 * mini-programs").
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { API } from '../../../types/api/paths'
import { ENTROPY_BYTES } from '../../../types/api/sealed'
import { applySetData, descendants, nodeNamesInUpdate, nodes, textOf } from './data-tree'
import type { PageData, TaroNode } from './data-tree'
import { pendingAnswers } from '../support/host-delay'
import { createFakeMy } from './fake-my'
import { installPhoneGlobal, wrapForPhone } from '../support/phone-scope'
import type { FakeMy, FakeNavigation, FakeResponse, Responder } from './fake-my'

/** What Taro's Page() options hold (createPageConfig); the lifecycles take the host's arguments. */
interface PageOptions {
  data?: PageData
  onLoad(query: Record<string, string>): void
  onShow(): void
  onReady(): void
  onHide(): void
  onUnload(): void
  eh(event: unknown): unknown
}

export interface PageInstance extends PageOptions {
  readonly route: string
  readonly query: Record<string, string>
  data: PageData
  /** How many times the page called setData. */
  setDataCount: number
  setData(update: Record<string, unknown>, callback?: () => void): void
}

interface AppOptions {
  /** The app configuration Taro built the app with (app.json's content). */
  config?: { pages?: string[] }
  onLaunch(options: unknown): void
  onShow(options: unknown): void
}

/** The host's page stack limit. */
const MAX_PAGES = 10

/**
 * How long a wait for the app to get somewhere may take: in CI the suites share two cores with
 * every other suite, and a page may draw seconds after a tap.
 */
const WAIT_TIMEOUT_MS = 20_000
const POLL_MS = 10
/** setData counts as finished once none came for this long. */
const QUIET_MS = 100

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** `/pages/a/index?x=1` → route `pages/a/index`, query { x: '1' }. */
export function parsePageUrl(url: string): { route: string; query: Record<string, string> } {
  const [pathPart, search = ''] = url.split('?')
  return { route: pathPart.replace(/^\//, ''), query: Object.fromEntries(new URLSearchParams(search)) }
}

export interface AlipayAppOptions {
  distDir: string
  /** Answers my.request; by default every request fails with 503. */
  respond?: Responder
  /** The query the app was opened with (my.getLaunchOptionsSync); none by default. */
  launchQuery?: Record<string, string>
  /** The photo the person picks with my.chooseImage; without one, every pick is cancelled. */
  photo?: Buffer
  /** The server answers the launch's entropy call too (`respond` is the real server); else the harness does. */
  entropyFromServer?: boolean
}

/** The fake server's answer to a request no test handled: the service is unavailable. */
export const UNAVAILABLE: FakeResponse = { status: 503, data: { code: 503, message: '服务暂不可用' } }

export class AlipayApp {
  readonly distDir: string
  readonly host: FakeMy
  respond: Responder
  /** Page errors: console.error output, a lifecycle that threw, an API Taro found missing. */
  readonly errors: string[] = []
  /** Every node name a page sent with setData, with the routes that sent it. */
  readonly nodeNames = new Map<string, Set<string>>()
  readonly stack: PageInstance[] = []
  /** How many times the app asked the server for entropy. */
  entropyCalls = 0
  /** Every page instance ever opened, in order (a page that redirected away is still here). */
  readonly opened: PageInstance[] = []
  private app: AppOptions | undefined
  private readonly pageOptions = new Map<string, PageOptions>()
  private loadingRoute: string | undefined
  private readonly modules = new Map<string, { exports: unknown }>()
  private lastSetDataAt = 0

  constructor(options: AlipayAppOptions) {
    this.distDir = options.distDir
    this.respond = options.respond ?? (() => UNAVAILABLE)
    const appJson = JSON.parse(readFileSync(path.join(this.distDir, 'app.json'), 'utf8')) as { pages: string[] }
    const navigation: FakeNavigation = {
      navigateTo: (url) => this.navigateTo(url),
      redirectTo: (url) => this.redirectTo(url),
      reLaunch: (url) => this.reLaunch(url),
      navigateBack: (delta) => this.navigateBack(delta),
    }
    // The server's entropy, Alipay's only CSPRNG for the app's IVs, is answered as the server does.
    const respond: Responder = (request) => {
      if (!request.url.endsWith(API.entropy.path)) return this.respond(request)
      this.entropyCalls += 1
      if (options.entropyFromServer) return this.respond(request)
      return { status: 200, data: { code: 200, msg: 'ok', data: { entropy: randomBytes(ENTROPY_BYTES).toString('hex') } } }
    }
    this.host = createFakeMy({ navigation, respond, launchPath: appJson.pages[0], launchQuery: options.launchQuery, photo: options.photo })
  }

  /** Installs the host's globals, runs app.js and launches the app. */
  async launch(): Promise<void> {
    installPhoneGlobal()
    const globals = globalThis as unknown as Record<string, unknown>
    globals.my = this.host.my
    globals.App = (options: AppOptions) => {
      this.app = options
    }
    globals.Page = (options: PageOptions) => {
      if (this.loadingRoute === undefined) throw new Error('Page() called outside a page module')
      this.pageOptions.set(this.loadingRoute, options)
    }
    globals.Component = () => {
      throw new Error('Component() is not simulated: the Alipay build was not expected to register components')
    }
    globals.getApp = () => this.app
    globals.getCurrentPages = () => [...this.stack]
    this.require(path.join(this.distDir, 'app.js'))
    if (!this.app) throw new Error('app.js did not call App()')
    const launchOptions = this.host.my.getLaunchOptionsSync as () => unknown
    this.guard('App.onLaunch', () => this.app?.onLaunch(launchOptions()))
    this.guard('App.onShow', () => this.app?.onShow(launchOptions()))
    await sleep(0)
  }

  /** Records console.error output as page errors and an unsupported API as one (Taro warns). */
  captureConsole(): () => void {
    const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      this.errors.push(args.map(String).join(' '))
    })
    const originalWarn = console.warn
    const warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ')
      if (text.includes('暂不支持')) this.errors.push(text)
      else originalWarn(...args)
    })
    return () => {
      error.mockRestore()
      warn.mockRestore()
    }
  }

  /** What app.js passed to App(); also what getApp() answers. */
  registeredApp(): AppOptions | undefined {
    return this.app
  }

  current(): PageInstance {
    const page = this.stack.at(-1)
    if (!page) throw new Error('no page is open')
    return page
  }

  /** Closes every page and opens this one, as my.reLaunch does. */
  async reLaunch(url: string): Promise<void> {
    while (this.stack.length > 0) this.unload(this.stack.pop() as PageInstance)
    await this.open(url)
  }

  async navigateTo(url: string): Promise<void> {
    // Alipay keeps at most ten pages: an eleventh navigateTo is refused.
    if (this.stack.length >= MAX_PAGES) throw new Error('navigateTo:fail page stack limit exceeded (10)')
    const previous = this.stack.at(-1)
    if (previous) this.guard(`${previous.route} onHide`, () => previous.onHide())
    await this.open(url)
  }

  async redirectTo(url: string): Promise<void> {
    const previous = this.stack.pop()
    if (previous) this.unload(previous)
    await this.open(url)
  }

  async navigateBack(delta: number): Promise<void> {
    for (let i = 0; i < delta && this.stack.length > 1; i += 1) this.unload(this.stack.pop() as PageInstance)
    const page = this.current()
    this.guard(`${page.route} onShow`, () => page.onShow())
    await sleep(0)
  }

  /** Sends a tap to a node, as its template's onTap="eh" does. */
  tap(node: TaroNode, page: PageInstance = this.current()): unknown {
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid } }
    return this.guard(`tap on ${page.route}`, () => page.eh({ type: 'tap', timeStamp: Date.now(), target, currentTarget: target, detail: {} }))
  }

  /** Types `value` into an input node, as its template's onInput="eh" reports it. */
  input(node: TaroNode, value: string, page: PageInstance = this.current()): unknown {
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid } }
    const event = { type: 'input', timeStamp: Date.now(), target, currentTarget: target, detail: { value, cursor: value.length } }
    return this.guard(`input on ${page.route}`, () => page.eh(event))
  }

  /** The input nearest the text `label`: in the smallest part of the page holding both. */
  findInput(label: string): Promise<TaroNode> {
    const inputs = this.templateNodeNames(/^<input\b/)
    return this.waitFor(() => {
      for (let node = [...nodes(this.current().data)].find((candidate) => textOf(candidate) === label); node; node = this.parentOf(node)) {
        const input = [...descendants(node)].find((inner) => inputs.has(inner.nn))
        if (input) return input
      }
      return undefined
    }, `an input labelled "${label}"`)
  }

  /**
   * The innermost node bound to taps (its template has onTap="eh") whose text or accessible name
   * is this text (or matches it), once it is drawn enabled: a person waits for a greyed-out button
   * to light up.
   */
  findTappable(text: string | RegExp, timeoutMs = WAIT_TIMEOUT_MS): Promise<TaroNode> {
    const tappable = this.tappableNodeNames()
    const matches = (shown: unknown) => typeof shown === 'string' && (typeof text === 'string' ? shown === text : text.test(shown))
    const named = (node: TaroNode) => matches(textOf(node)) || matches(node.ariaLabel)
    return this.waitFor(
      () => [...nodes(this.current().data)].filter((node) => tappable.has(node.nn) && node.ariaDisabled !== true && named(node)).at(-1),
      `an enabled tappable "${String(text)}"`,
      timeoutMs,
    )
  }

  /** Polls until `probe` returns something, or fails naming what did not happen. */
  async waitFor<T>(probe: () => T | undefined | false | null, what: string, timeoutMs = WAIT_TIMEOUT_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = probe()
      if (found !== undefined && found !== false && found !== null) return found
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await sleep(POLL_MS)
    }
  }

  /**
   * Waits until no request is in flight, the host owes no answer and no page has called setData
   * for a while: the server shares this thread, so a page may draw well after a tap.
   */
  async settle(timeoutMs = WAIT_TIMEOUT_MS): Promise<void> {
    await this.waitFor(
      () => this.host.inFlight() === 0 && pendingAnswers() === 0 && Date.now() - this.lastSetDataAt >= QUIET_MS,
      'the pages to stop updating',
      timeoutMs,
    )
  }

  /** The node names whose template binds taps to the page's event handler. */
  private tappableNodeNames(): Set<string> {
    return this.templateNodeNames(/\bonTap="eh"/)
  }

  /** The node names whose template's element (tag and attributes) matches `element`. */
  private templateNodeNames(element: RegExp): Set<string> {
    const names = new Set<string>()
    const template = /<template name="tmpl_0_([^"]+)">\s*(<[\w-]+ [^>]*>)/g
    for (const [, name, tag] of readFileSync(path.join(this.distDir, 'base.axml'), 'utf8').matchAll(template)) {
      // tmpl_0_24_focus draws node 24 while it has the focus.
      if (element.test(tag)) names.add(name.replace(/_(focus|blur)$/, ''))
    }
    return names
  }

  /** The node holding `child` in the page on top. */
  private parentOf(child: TaroNode): TaroNode | undefined {
    return [...nodes(this.current().data)].find((node) => node.cn?.includes(child))
  }

  private async open(url: string): Promise<void> {
    const { route, query } = parsePageUrl(url)
    const options = this.pageOptionsFor(route)
    const page: PageInstance = Object.assign(Object.create(options) as PageOptions, {
      route,
      query,
      data: JSON.parse(JSON.stringify(options.data ?? {})) as PageData,
      setDataCount: 0,
      setData: (update: Record<string, unknown>, callback?: () => void) => {
        applySetData(page.data, update)
        for (const name of nodeNamesInUpdate(update)) {
          const routes = this.nodeNames.get(name) ?? new Set<string>()
          this.nodeNames.set(name, routes.add(route))
        }
        page.setDataCount += 1
        this.lastSetDataAt = Date.now()
        if (callback) setTimeout(callback, 0)
      },
    })
    this.stack.push(page)
    this.opened.push(page)
    // The quiet period of settle() counts from here: the new page has not rendered yet.
    this.lastSetDataAt = Date.now()
    this.guard(`${route} onLoad`, () => page.onLoad({ ...query }))
    this.guard(`${route} onShow`, () => page.onShow())
    this.guard(`${route} onReady`, () => page.onReady())
    await sleep(0)
  }

  private unload(page: PageInstance): void {
    this.guard(`${page.route} onUnload`, () => page.onUnload())
  }

  private pageOptionsFor(route: string): PageOptions {
    const known = this.pageOptions.get(route)
    if (known) return known
    this.loadingRoute = route
    try {
      this.require(path.join(this.distDir, `${route}.js`))
    } finally {
      this.loadingRoute = undefined
    }
    const loaded = this.pageOptions.get(route)
    if (!loaded) throw new Error(`${route}.js did not call Page()`)
    return loaded
  }

  private guard<T>(what: string, run: () => T): T | undefined {
    try {
      return run()
    } catch (error) {
      this.errors.push(`${what} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      return undefined
    }
  }

  /** Evaluates a file of the build as a CommonJS module, once, in this test's global scope. */
  private require(file: string): unknown {
    const resolved = file.endsWith('.js') ? file : `${file}.js`
    const cached = this.modules.get(resolved)
    if (cached) return cached.exports
    const module = { exports: {} as unknown }
    this.modules.set(resolved, module)
    // The build's files are scripts for the host's global scope (my, Page, getCurrentPages), run
    // in the phone's scope: none of jsdom's browser globals.
    const source = `${wrapForPhone(readFileSync(resolved, 'utf8'))}\n//# sourceURL=${resolved}`
    const run = new Function('require', 'module', 'exports', source) as (require: (request: string) => unknown, module: { exports: unknown }, exports: unknown) => void
    run((request) => this.require(path.resolve(path.dirname(resolved), request)), module, module.exports)
    return module.exports
  }
}
