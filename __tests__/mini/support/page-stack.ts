/**
 * The page stack of the simulated WeChat host: pages of the build loaded with
 * miniprogram-simulate, rendered into the document and driven through their lifecycles the way
 * the host does on navigateTo / redirectTo / reLaunch / navigateBack. A lifecycle that throws is
 * recorded as a page error, not thrown into the host's callback.
 */
import path from 'node:path'

/** The page instance a compiled Taro page gets (the Component instance with the page's methods). */
export interface PageInstance {
  route: string
  __route__: string
  options: Record<string, string>
  onLoad?(query: Record<string, string>): void
  onShow?(): void
  onReady?(): void
  onHide?(): void
  onUnload?(): void
}

/** A node of a rendered component (j-component's wrapper), as far as the harness uses it. */
export interface SimulatedNode {
  dispatchEvent(type: string, options?: { detail?: unknown }): void
  querySelector(selector: string): SimulatedNode | undefined
}

/** A rendered page component. */
export interface PageComponent extends SimulatedNode {
  readonly dom: HTMLElement | undefined
  readonly instance: unknown
  attach(parent: Node): void
  detach(): void
}

/**
 * miniprogram-simulate, typed here: its own declarations pull in the mini-program API typings,
 * which declare globals (`require`, `wx`) over the whole program's.
 */
interface Simulate {
  load(componentPath: string, options: { rootPath: string }): string
  render(componentId: string): PageComponent
}
const simulate = jest.requireActual<Simulate>('miniprogram-simulate')

export interface OpenPage {
  readonly route: string
  readonly query: Record<string, string>
  readonly component: PageComponent
  readonly instance: PageInstance
}

export interface PageError {
  route: string
  lifecycle: string
  error: unknown
}

/** A page address: its route without the leading slash, and its raw (undecoded) query values. */
export function parsePageUrl(url: string, from?: string): { route: string; query: Record<string, string> } {
  const [pathPart = '', search = ''] = url.split('?', 2)
  const route = pathPart.startsWith('/')
    ? pathPart.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(from ?? ''), pathPart))
  const query: Record<string, string> = {}
  for (const pair of search.split('&')) {
    if (!pair) continue
    const at = pair.indexOf('=')
    query[at < 0 ? pair : pair.slice(0, at)] = at < 0 ? '' : pair.slice(at + 1)
  }
  return { route, query }
}

/**
 * Component ids by route. A page's script runs (and registers its Component) once per module
 * registry, that is once per test file, so every stack of the file shares them.
 */
const loaded = new Map<string, string>()

/** The host's page stack limit, and its refusal of a page over it. */
export const MAX_PAGES = 10
export const PAGE_LIMIT_MESSAGE = 'webview count limit exceed'

export class PageStack {
  private readonly stack: OpenPage[] = []
  readonly errors: PageError[] = []

  constructor(
    private readonly dist: string,
    private readonly host: HTMLElement,
  ) {}

  /** The open pages, bottom first. */
  pages(): readonly OpenPage[] {
    return this.stack
  }

  top(): OpenPage | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** What getCurrentPages() answers: the page instances, bottom first. */
  instances(): PageInstance[] {
    return this.stack.map((page) => page.instance)
  }

  navigateTo(url: string): OpenPage {
    // WeChat keeps at most ten pages: an eleventh navigateTo is refused (redirectTo and reLaunch are not).
    if (this.stack.length >= MAX_PAGES) throw new Error(PAGE_LIMIT_MESSAGE)
    const top = this.top()
    if (top) this.run(top, 'onHide')
    return this.push(url, top?.route)
  }

  redirectTo(url: string): OpenPage {
    const top = this.stack.pop()
    if (top) this.close(top)
    return this.push(url, top?.route)
  }

  reLaunch(url: string): OpenPage {
    const from = this.top()?.route
    while (this.stack.length) this.close(this.stack.pop()!)
    return this.push(url, from)
  }

  navigateBack(delta = 1): OpenPage | undefined {
    const count = Math.min(Math.max(delta, 1), this.stack.length - 1)
    for (let i = 0; i < count; i++) this.close(this.stack.pop()!)
    const top = this.top()
    if (top) this.run(top, 'onShow')
    return top
  }

  /** Unloads every page. */
  clear(): void {
    while (this.stack.length) this.close(this.stack.pop()!)
  }

  private componentId(route: string): string {
    let id = loaded.get(route)
    if (!id) {
      id = simulate.load(path.join(this.dist, route), { rootPath: this.dist })
      loaded.set(route, id)
    }
    return id
  }

  private push(url: string, from?: string): OpenPage {
    const { route, query } = parsePageUrl(url, from)
    const component = simulate.render(this.componentId(route))
    component.attach(this.host)
    const instance = component.instance as PageInstance
    instance.route = route
    instance.__route__ = route
    instance.options = query
    const page: OpenPage = { route, query, component, instance }
    this.stack.push(page)
    this.run(page, 'onLoad', query)
    this.run(page, 'onShow')
    this.run(page, 'onReady')
    return page
  }

  private close(page: OpenPage): void {
    this.run(page, 'onUnload')
    page.component.detach()
  }

  private run(page: OpenPage, lifecycle: 'onLoad' | 'onShow' | 'onReady' | 'onHide' | 'onUnload', ...args: unknown[]): void {
    const hook = page.instance[lifecycle] as ((...hookArgs: unknown[]) => void) | undefined
    try {
      hook?.apply(page.instance, args)
    } catch (error) {
      this.errors.push({ route: page.route, lifecycle, error })
    }
  }
}
