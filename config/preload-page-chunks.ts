import type { ChunkGroup, Compilation, Compiler, WebpackPluginInstance } from 'webpack'
import type { RoutePreloadPlan } from '../src/platform/h5/route-preload'

const NAME = 'PreloadPageChunks'
const PLAN_NAME = 'PreloadRouteChunks'

/** The part of html-webpack-plugin's class the build's plugins use. */
export interface HtmlPluginClass {
  getHooks(compilation: Compilation): {
    alterAssetTagGroups: {
      tap(name: string, callback: (data: { headTags: HtmlTag[]; bodyTags?: HtmlTag[] }) => { headTags: HtmlTag[]; bodyTags?: HtmlTag[] }): void
    }
  }
}
export interface HtmlTag {
  tagName: string
  voidTag: boolean
  attributes: Record<string, string | boolean>
  innerHTML?: string
  meta: Record<string, unknown>
}

/** html-webpack-plugin's class, as Taro registered it (its hooks are per class). */
export function htmlPluginOf(compiler: Compiler, name: string): HtmlPluginClass {
  const html = compiler.options.plugins.find((plugin) => plugin?.constructor.name === 'HtmlWebpackPlugin')
  if (!html) throw new Error(`${name}: no HtmlWebpackPlugin in the build`)
  return html.constructor as unknown as HtmlPluginClass
}

/**
 * The script and style files of a page (`page`: the route table's page path): those of the chunk
 * group made by the app's import of it (Taro imports `./<page>`).
 */
export function pageChunkFiles(compilation: Compilation, page: string, name: string): string[] {
  const group = [...compilation.chunkGroups].find((candidate) => candidate.origins.some((origin) => origin.request?.replace(/^\.\//, '') === page))
  if (!group) throw new Error(`${name}: nothing imports ${page}`)
  return groupFiles(group)
}

/** The script and style files of a chunk group an import names (`webpackChunkName`). */
export function namedChunkFiles(compilation: Compilation, chunkName: string, name: string): string[] {
  const group = compilation.namedChunkGroups.get(chunkName)
  if (!group) throw new Error(`${name}: no import is named ${chunkName}`)
  return groupFiles(group)
}

function groupFiles(group: ChunkGroup): string[] {
  return [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) => /\.(js|css)$/.test(file))
}

/**
 * Puts `<link rel="preload">` for a page's own scripts, and its styles, into index.html, so the
 * browser fetches them with the app's entry scripts instead of after those have run: the page the
 * app opens on is one round trip deep, not two. `page` is the route table's page path; its chunks
 * are those of the chunk group made by the app's import of it (Taro imports `./<page>`).
 *
 * The styles (about 1.5 KB) block the first paint of every address, not only the entry page's:
 * the price of painting the entry page's static copy (src/config/entry-skeleton.ts) at once.
 *
 * html-webpack-plugin's hooks are taken from the instance Taro registered, so both use one copy.
 */
export class PreloadPageChunksPlugin implements WebpackPluginInstance {
  constructor(private readonly page: string) {}

  apply(compiler: Compiler): void {
    const HtmlPlugin = htmlPluginOf(compiler, NAME)
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '')
        const links = pageChunkFiles(compilation, this.page, NAME).map(
          (file): HtmlTag => ({
            tagName: 'link',
            voidTag: true,
            // The page's styles apply at once (index.html's copy of the entry page uses them);
            // the loader finds the sheet there when the page asks for it, and adds no second one.
            attributes: file.endsWith('.css') ? { rel: 'stylesheet', href: `${publicPath}${file}` } : { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
            meta: { plugin: NAME },
          }),
        )
        return { ...data, headTags: [...links, ...data.headTags] }
      })
    })
  }
}

/** A page of the route table and its H5 addresses. */
export interface RoutedPage {
  readonly page: string
  readonly urls: readonly string[]
}

/** The address of a file as index.html's tags and the app's chunk loaders give it. */
export const addressIn = (compilation: Compilation, file: string): string => `${String(compilation.outputOptions.publicPath ?? '')}${file}`

/** Every script and stylesheet address index.html's tags already name. */
function namedInHtml(tags: readonly HtmlTag[]): Set<string> {
  return new Set(tags.flatMap((tag) => [tag.attributes.src, tag.attributes.href]).filter((value): value is string => typeof value === 'string'))
}

/**
 * Puts into index.html, first in its head, the script that asks, at an address other than the
 * entry page's, for the files that address's page needs before it can ask for its data
 * (src/platform/h5/route-preload.ts): the named groups every page loads after its first paint
 * (`shared`: the app's services, the notices), first, since the app then runs them at
 * once and asks for the page's data (src/app/opening-page-data.ts), and the page's chunk
 * group. What index.html names already is left out. `script` bundles the runtime with the plan.
 */
export class PreloadRouteChunksPlugin implements WebpackPluginInstance {
  constructor(
    private readonly pages: readonly RoutedPage[],
    private readonly shared: readonly string[],
    private readonly script: (plan: RoutePreloadPlan) => string,
  ) {}

  apply(compiler: Compiler): void {
    const HtmlPlugin = htmlPluginOf(compiler, PLAN_NAME)
    compiler.hooks.compilation.tap(PLAN_NAME, (compilation) => {
      HtmlPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLAN_NAME, (data) => {
        const named = namedInHtml([...data.headTags, ...(data.bodyTags ?? [])])
        const shared = this.shared.flatMap((chunkName) => namedChunkFiles(compilation, chunkName, PLAN_NAME))
        const files: string[] = []
        const routes: Record<string, number[]> = {}
        for (const { page, urls } of this.pages) {
          const needed = [...new Set([...shared, ...pageChunkFiles(compilation, page, PLAN_NAME)].map((file) => addressIn(compilation, file)))]
          const indexes = needed
            .filter((address) => !named.has(address))
            .map((address) => {
              const known = files.indexOf(address)
              return known >= 0 ? known : files.push(address) - 1
            })
          for (const url of urls) routes[url] = indexes
        }
        const plan: RoutePreloadPlan = { files, routes }
        const tag: HtmlTag = { tagName: 'script', voidTag: false, attributes: {}, innerHTML: this.script(plan), meta: { plugin: PLAN_NAME } }
        return { ...data, headTags: [tag, ...data.headTags] }
      })
    })
  }
}
