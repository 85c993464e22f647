import path from 'node:path'
import { esbuild } from '@tarojs/helper'
import type { Compiler, WebpackPluginInstance } from 'webpack'

const NAME = 'AppShellWorker'

/**
 * Emits the app-shell service worker (src/platform/h5/app-shell-worker.ts) as one file beside
 * index.html, bundled and minified by esbuild: a worker is its own script, outside webpack's
 * chunks, and its address (its scope) must not change from one build to the next.
 */
export class AppShellWorkerPlugin implements WebpackPluginInstance {
  constructor(private readonly fileName: string) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { outputFiles } = esbuild.buildSync({
          entryPoints: [path.resolve(__dirname, '../src/platform/h5/app-shell-worker.ts')],
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2017',
          write: false,
        })
        compilation.emitAsset(this.fileName, new RawSource(outputFiles[0].text))
      })
    })
  }
}
