import type { Compiler, WebpackPluginInstance } from 'webpack'
import { htmlPluginOf } from './preload-page-chunks'
import type { HtmlTag } from './preload-page-chunks'

const NAME = 'InlineStylesheets'

/**
 * Writes the stylesheets index.html links (the app's own and the entry page's: about 2 KB
 * compressed together) into the document as `<style>`s, in their place (issue 29, first paint).
 * Linked, they blocked the first paint of every address for one more round trip after the HTML
 * (0.56 s on a slow mobile link) although the first screen is in the HTML already.
 */
export class InlineStylesheetsPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    const HtmlPlugin = htmlPluginOf(compiler, NAME)
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '')
        const inline = (tag: HtmlTag): HtmlTag => {
          const href = tag.attributes.href
          if (tag.tagName !== 'link' || tag.attributes.rel !== 'stylesheet' || typeof href !== 'string') return tag
          const file = href.startsWith(publicPath) ? href.slice(publicPath.length) : href
          const asset = compilation.getAsset(file)
          if (!asset) throw new Error(`${NAME}: index.html links ${href}, which the build does not have`)
          const css = asset.source.source().toString()
          if (css.includes('</style')) throw new Error(`${NAME}: ${file} would end its <style> early`)
          // `data-href`: webpack's stylesheet loader (mini-css-extract) takes a <style> so marked as
          // the file loaded, so a chunk of the entry page does not wait for it again.
          return { tagName: 'style', voidTag: false, attributes: { 'data-href': file }, innerHTML: css, meta: { plugin: NAME } }
        }
        return { ...data, headTags: data.headTags.map(inline) }
      })
    })
  }
}
