import postcss from 'postcss'
import type { Compiler, WebpackPluginInstance } from 'webpack'
import { htmlPluginOf, pageChunkFiles } from './preload-page-chunks'
import type { HtmlTag } from './preload-page-chunks'

const NAME = 'InlinePageRules'

/**
 * Puts into index.html's head, as one `<style>`, the rules of some pages' compiled stylesheets
 * whose every selector matches `selectors`: what a static copy of their first screen needs (the
 * landing heroes, src/config/landing-skeleton.ts), a few hundred bytes in the first response
 * instead of a stylesheet every address would wait for. The rules are the pages' own, built as
 * theirs are (tokens, rem units, prefixes, minified), so the copy and the page look alike.
 */
export class InlinePageRulesPlugin implements WebpackPluginInstance {
  constructor(
    private readonly pages: readonly string[],
    private readonly selectors: RegExp,
  ) {}

  apply(compiler: Compiler): void {
    const HtmlPlugin = htmlPluginOf(compiler, NAME)
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const sheets = new Set(this.pages.flatMap((page) => pageChunkFiles(compilation, page, NAME)).filter((file) => file.endsWith('.css')))
        // A development build puts its styles in the scripts: nothing to take them from.
        if (!sheets.size) return data
        const rules = new Set<string>()
        for (const sheet of sheets) {
          const asset = compilation.getAsset(sheet)
          if (!asset) throw new Error(`${NAME}: no asset ${sheet}`)
          postcss.parse(asset.source.source().toString()).walkRules((rule) => {
            if (rule.parent?.type === 'root' && rule.selectors.every((selector) => this.selectors.test(selector))) rules.add(rule.toString())
          })
        }
        if (!rules.size) throw new Error(`${NAME}: no rule of ${this.pages.join(', ')} matches ${this.selectors}`)
        const css = [...rules].join('')
        if (css.includes('</style')) throw new Error(`${NAME}: the rules would end their <style> early`)
        const style: HtmlTag = { tagName: 'style', voidTag: false, attributes: {}, innerHTML: css, meta: { plugin: NAME } }
        return { ...data, headTags: [...data.headTags, style] }
      })
    })
  }
}
