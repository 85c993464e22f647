import type { Compilation, Compiler, WebpackPluginInstance } from 'webpack'

const NAME = 'PreloadPageChunks'

/** The part of html-webpack-plugin's class the build's plugins use. */
export interface HtmlPluginClass {
  getHooks(compilation: Compilation): {
    alterAssetTagGroups: {
      tap(name: string, callback: (data: { headTags: HtmlTag[] }) => { headTags: HtmlTag[] }): void
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
