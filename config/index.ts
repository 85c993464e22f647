import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { esbuild, requireWithEsbuild } from '@tarojs/helper'
import type { IH5Config } from '@tarojs/taro/types/compile'
import type * as ApiBaseModule from '../src/config/api-base'
import type * as AppConfigModule from '../src/config/app-config'
import type * as ConstantsModule from '../src/domain/constants'
import type * as RoutesModule from '../src/config/routes'
import type * as EntrySkeletonModule from '../src/config/entry-skeleton'
import type * as AppShellModule from '../src/platform/h5/app-shell'
import type * as LandingSkeletonModule from '../src/config/landing-skeleton'
import type * as LandingsModule from '../src/config/landings'
import devConfig from './dev'
import { InlinePageRulesPlugin } from './inline-page-rules'
import { AppShellWorkerPlugin } from './app-shell-worker-plugin'
import { EarlyOrderPlugin } from './early-order'
import { InlineStylesheetsPlugin } from './inline-stylesheets'
import { PreloadPageChunksPlugin, PreloadRouteChunksPlugin } from './preload-page-chunks'
import prodConfig from './prod'

// Taro transpiles only files under config/ when it loads this file, so modules from src/ are
// loaded the way Taro loads app and page configs: bundled with esbuild.
const fromSrc = <T>(file: string): T => requireWithEsbuild(path.resolve(__dirname, '../src', file)) as T
const { h5CustomRoutes } = fromSrc<typeof AppConfigModule>('config/app-config.ts')
const { DESIGN_WIDTH, RPX_BASE } = fromSrc<typeof ConstantsModule>('domain/constants.ts')
const { API_BASE_URL_VARIABLE, resolveMiniProgramApiBaseUrl } = fromSrc<typeof ApiBaseModule>('config/api-base.ts')
const { ENTRY_ROUTE, ROUTES, shippedRoutes } = fromSrc<typeof RoutesModule>('config/routes.ts')
const { entrySkeletonHtml } = fromSrc<typeof EntrySkeletonModule>('config/entry-skeleton.ts')
const { APP_SHELL_WORKER_FILE } = fromSrc<typeof AppShellModule>('platform/h5/app-shell.ts')
const { LANDING_SKELETON_RULES, landingSkeletonHtml } = fromSrc<typeof LandingSkeletonModule>('config/landing-skeleton.ts')
const { LANDING_ROUTES } = fromSrc<typeof LandingsModule>('config/landings.ts')

/**
 * A script of index.html's first screens (src/platform/h5: `install` of `module`, given the
 * document and the window) as one inline script: what it imports bundled in and minified. ES2015
 * is as low as esbuild goes; a browser older than that shows the first screens without their
 * keyboard and call to action working until the app comes. A script that needs a newer browser
 * anyway says so with `syntax` (a browser that cannot parse it runs the app as before).
 */
function firstScreenScript(module: string, install: string, plan?: unknown, syntax = 'es2015'): string {
  const { outputFiles } = esbuild.buildSync({
    stdin: {
      contents: `import { ${install} } from './${module}'\n${install}(document, window${plan === undefined ? '' : `, ${JSON.stringify(plan)}`})`,
      resolveDir: path.resolve(__dirname, '../src/platform/h5'),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: syntax,
    charset: 'utf8',
    write: false,
  })
  const script = outputFiles[0].text.trim()
  if (script.includes('</script')) throw new Error(`${module} would end its inline <script> early`)
  return script
}

/** Each target builds into its own folder: dist/h5, dist/weapp, dist/alipay. */
const target = process.env.TARO_ENV ?? 'h5'
/**
 * BUILD_OUTPUT_ROOT names another folder, for a second build of one target beside the first (the
 * map channel's H5 build goes to dist/h5-map: scripts/lib/h5-build.ts).
 */
const outputRoot = process.env.BUILD_OUTPUT_ROOT || `dist/${target}`

/**
 * The mini-program builds' API address (src/config/api-base.ts): checked here, so a bad value
 * stops the build (http in a production build included) instead of shipping, and written into the
 * bundle resolved. H5 calls its own origin and ignores it.
 */
const miniProgramApiBase = ((): string => {
  if (target === 'h5') return ''
  const resolved = resolveMiniProgramApiBaseUrl(process.env[API_BASE_URL_VARIABLE], process.env.NODE_ENV === 'production')
  if (!resolved.ok) throw new Error(resolved.problem)
  return resolved.url
})()

/** The API contract (types/) is shared with the server and sits outside src/: compile it as well. */
const compile = { include: [path.resolve(__dirname, '../types')] }

/**
 * A feature's index.ts (src/features/<feature>/index.ts) only re-exports. Marked free of side
 * effects, webpack takes from it only what a page or feature imports: a page's chunk carries its
 * own screen, not the whole feature (the entry page stays light; on the mini-programs a feature
 * used by two subpackages does not move into the main package whole).
 */
type Chain = Parameters<NonNullable<IH5Config['webpackChain']>>[0]
const featureEntries = (chain: Chain): void => {
  chain.module.rule('feature-entries').test(/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/).set('sideEffects', false)
}

/**
 * Taro splits only the entry's chunks (`chunks: 'initial'`), so every lazily loaded page carried
 * its own copy of the libraries and components it shares with the others (the Taro component
 * wrappers alone, some 150 KB, in 36 pages). Code two or more async chunks share goes into shared
 * chunks instead, fetched once; small pieces stay where they are (an extra request costs more).
 */
const ASYNC_SHARED_MIN_BYTES = 20_000
const shareAsyncChunks = (chain: Chain): void => {
  const splitChunks = chain.optimization.get('splitChunks') as { cacheGroups?: Record<string, unknown> } | false | undefined
  if (!splitChunks) return
  chain.optimization.splitChunks({
    ...splitChunks,
    cacheGroups: {
      ...splitChunks.cacheGroups,
      asyncShared: { chunks: 'async', minChunks: 2, minSize: ASYNC_SHARED_MIN_BYTES, priority: -20, reuseExistingChunk: true },
    },
  })
}

/**
 * The chunks every page loads once it has painted, named by their imports: the app's services
 * (src/app.tsx) and the notices (src/components/page-shell/PageShell.tsx).
 */
const LOADED_AFTER_PAINT = ['app-services', 'page-notices']

/** The pages index.html asks for by their address (preload-page-chunks.ts): all but the entry page, whose come with its tags, and the landing pages, which lead to it. */
const preloadedRoutes = () =>
  shippedRoutes('h5', true)
    .filter((name) => name !== ENTRY_ROUTE && !(LANDING_ROUTES as readonly string[]).includes(name))
    .map((name) => ROUTES[name])

/**
 * H5: shared code of lazy pages fetched once, the entry page's chunks with the app's scripts
 * (preload-page-chunks.ts), the stylesheets index.html links written into it (inline-stylesheets.ts,
 * after the preloads, which link the entry page's), the rules of the landing pages' copies inlined
 * (inline-page-rules.ts), the order pages' early request and copy (early-order.ts), and the
 * app-shell service worker (app-shell-worker-plugin.ts).
 */
const h5Chain = (chain: Chain): void => {
  featureEntries(chain)
  shareAsyncChunks(chain)
  chain.plugin('preload-entry-page').use(PreloadPageChunksPlugin, [ROUTES[ENTRY_ROUTE].page])
  chain.plugin('preload-route-chunks').use(PreloadRouteChunksPlugin, [preloadedRoutes(), LOADED_AFTER_PAINT, (plan: unknown) => firstScreenScript('route-preload', 'preloadRouteChunks', plan)])
  // After the preloads' plugin, so its script comes before theirs: the order's request leaves first.
  // It needs WebCrypto and asynchronous code: ES2018 keeps it small, and a browser without those runs the app as before.
  chain.plugin('early-order').use(EarlyOrderPlugin, [(plan: unknown) => firstScreenScript('early-order', 'startEarlyOrder', plan, 'es2018')])
  chain.plugin('inline-stylesheets').use(InlineStylesheetsPlugin)
  chain.plugin('inline-landing-rules').use(InlinePageRulesPlugin, [LANDING_ROUTES.map((route) => ROUTES[route].page), LANDING_SKELETON_RULES])
  chain.plugin('app-shell-worker').use(AppShellWorkerPlugin, [APP_SHELL_WORKER_FILE])
}

/**
 * The mini-programs' packages, smaller (issue 26; the sizes are in the README):
 * - terser: Taro's mini-program defaults leave most of terser's compression off (inlining,
 *   reduce_vars, collapse_vars…) and escape every Chinese character as \uXXXX, six bytes for
 *   UTF-8's three. Full compression, UTF-8 out (the hosts read UTF-8 files).
 * - MobX's own production build: mobx.esm.js keeps development checks the mini build leaves in.
 */
const miniTerser = {
  enable: true,
  config: {
    compress: {
      arrows: true,
      collapse_vars: true,
      comparisons: true,
      computed_props: true,
      hoist_props: true,
      inline: true,
      loops: true,
      negate_iife: true,
      properties: true,
      reduce_funcs: true,
      reduce_vars: true,
      switches: true,
      typeofs: true,
      passes: 2,
    },
    output: { ascii_only: false },
  },
}
const miniChain = (chain: Chain): void => {
  featureEntries(chain)
  chain.resolve.alias.set('mobx$', path.resolve(__dirname, '../node_modules/mobx/dist/mobx.esm.production.min.js'))
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'etc-apply',
    date: '2026-11-21',
    // Design drafts are 375 px wide (NutUI's base too); 1 design px = 2 rpx.
    designWidth: DESIGN_WIDTH,
    deviceRatio: {
      640: 2.34 / 2,
      [RPX_BASE]: 1,
      [DESIGN_WIDTH]: RPX_BASE / DESIGN_WIDTH,
      828: 1.81 / 2,
    },
    sourceRoot: 'src',
    outputRoot,
    plugins: [],
    // Always defined, so code can read the channel in every target (unset means the default).
    defineConstants: {
      'process.env.TARO_APP_CHANNEL': JSON.stringify(process.env.TARO_APP_CHANNEL ?? ''),
      // Deployment keys (src/config/keys.ts); empty means the documented development placeholders.
      'process.env.TARO_APP_PAYLOAD_KEY': JSON.stringify(process.env.TARO_APP_PAYLOAD_KEY ?? ''),
      'process.env.TARO_APP_STORAGE_KEY': JSON.stringify(process.env.TARO_APP_STORAGE_KEY ?? ''),
      [`process.env.${API_BASE_URL_VARIABLE}`]: JSON.stringify(miniProgramApiBase),
    },
    // Every .scss file starts with the style tokens and mixins (src/styles), so none imports them
    // by a relative path that a move would break. They declare variables and mixins only.
    sass: {
      resource: ['tokens.scss', 'mixins.scss'].map((file) => path.resolve(__dirname, '../src/styles', file)),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    ...(target === 'h5' ? {} : { terser: miniTerser }),
    mini: {
      compile,
      webpackChain: miniChain,
      // Styles are BEM-scoped per component, so chunk CSS order does not matter.
      miniCssExtractPluginOption: { ignoreOrder: true },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
    h5: {
      compile,
      webpackChain: h5Chain,
      publicPath: './',
      staticDirectory: 'static',
      // index.html's static copies of the first screens: the entry page's and the landing pages'
      // (src/config/entry-skeleton.ts, landing-skeleton.ts).
      htmlPluginOption:
        target === 'h5'
          ? {
              entrySkeleton: entrySkeletonHtml(firstScreenScript('early-keyboard', 'installEarlyKeyboard')),
              landingSkeleton: landingSkeletonHtml(firstScreenScript('early-landing', 'installEarlyLanding')),
            }
          : { entrySkeleton: '', landingSkeleton: '' },
      esnextModules: ['@nutui'],
      router: {
        mode: 'hash',
        customRoutes: h5CustomRoutes(),
      },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  return merge({}, baseConfig, process.env.NODE_ENV === 'development' ? devConfig : prodConfig)
})
