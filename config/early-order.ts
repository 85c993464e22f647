import { createHash } from 'node:crypto'
import path from 'node:path'
import { esbuild, requireWithEsbuild } from '@tarojs/helper'
import type { Compiler, WebpackPluginInstance } from 'webpack'
import type * as PathsModule from '../types/api/paths'
import type * as SealedModule from '../types/api/sealed'
import type * as ChannelModule from '../src/config/channel'
import type * as KeysModule from '../src/config/keys'
import type * as RoutesModule from '../src/config/routes'
import type * as ConstantsModule from '../src/domain/constants'
import type * as EarlyOrderModule from '../src/platform/h5/early-order'
import type * as OrderApiModule from '../src/services/api/order-api'
import type * as EncodeModule from '../src/services/request/encode'
import type * as UserStoreModule from '../src/stores/user-store'
import { addressIn, htmlPluginOf } from './preload-page-chunks'
import type { HtmlTag } from './preload-page-chunks'

const NAME = 'EarlyOrder'

// Loaded as config/index.ts loads modules from src/: bundled with esbuild.
const load = <T>(file: string): T => requireWithEsbuild(path.resolve(__dirname, '..', file)) as T
const { API } = load<typeof PathsModule>('types/api/paths.ts')
const { SEAL_PURPOSE } = load<typeof SealedModule>('types/api/sealed.ts')
const { currentChannel, loginMethodsOn, sessionNeedsUid } = load<typeof ChannelModule>('src/config/channel.ts')
const { storageKeyHex } = load<typeof KeysModule>('src/config/keys.ts')
const { ROUTES, routeTitle } = load<typeof RoutesModule>('src/config/routes.ts')
const { PERSISTED_STATE_PREFIX } = load<typeof ConstantsModule>('src/domain/constants.ts')
const { ORDER_ID_SLOT } = load<typeof EarlyOrderModule>('src/platform/h5/early-order.ts')
const { ORDER_PAGE_SIZE } = load<typeof OrderApiModule>('src/services/api/order-api.ts')
const { encodeCall, fillPath } = load<typeof EncodeModule>('src/services/request/encode.ts')
const { USER_STORAGE } = load<typeof UserStoreModule>('src/stores/user-store.ts')

type RouteName = keyof typeof ROUTES
type EarlyOrderCall = EarlyOrderModule.EarlyOrderCall
type EarlyOrderPlan = EarlyOrderModule.EarlyOrderPlan

/** An order page's call as the app's request layer makes it (src/services: order-api.ts, encode.ts), so the app's own request matches it. */
function call(route: RouteName, endpoint: { method: 'GET' | 'POST'; path: string }, data: Record<string, unknown>): EarlyOrderCall {
  const channel = currentChannel()
  const { path: filled, rest } = fillPath(endpoint.path, { channel: channel.channelId, sourceChannel: channel.sourceChannel }, data)
  const encoded = encodeCall(endpoint.method, filled.replace(encodeURIComponent(ORDER_ID_SLOT), ORDER_ID_SLOT), rest && Object.keys(rest).length ? rest : undefined)
  return {
    addresses: ROUTES[route].urls,
    title: routeTitle(route),
    method: endpoint.method,
    path: encoded.url,
    ...(encoded.body === undefined ? {} : { body: encoded.body }),
    ...(encoded.contentType === undefined ? {} : { contentType: encoded.contentType }),
  }
}

/**
 * What index.html's early order script (src/platform/h5/early-order.ts) needs: where the app stores
 * its session and under which key (this build's channel's), and the order pages' calls; `view` is
 * the address of the early copy's script.
 */
export function earlyOrderPlan(view: string): EarlyOrderPlan {
  const channel = currentChannel()
  return {
    sessionKey: `${PERSISTED_STATE_PREFIX}${channel.storagePrefix}${USER_STORAGE.session}`,
    keyHex: storageKeyHex(),
    purpose: SEAL_PURPOSE.storage,
    channelId: channel.channelId,
    needsUid: sessionNeedsUid(loginMethodsOn(channel, 'h5')),
    list: call('orderList', API.searchOrders, { pageNo: 1, pageSize: ORDER_PAGE_SIZE }),
    detail: call('order', API.orderDetail, { orderId: ORDER_ID_SLOT }),
    view,
  }
}

/** The early copy's script (src/platform/h5/early-order-view.ts), bundled, named by its content as the build's other scripts are. */
function viewScript(): { file: string; text: string } {
  const { outputFiles } = esbuild.buildSync({
    stdin: {
      contents: "import { drawEarlyOrder } from './early-order-view'\ndrawEarlyOrder(document, window).catch(() => undefined)",
      resolveDir: path.resolve(__dirname, '../src/platform/h5'),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2017',
    charset: 'utf8',
    write: false,
  })
  const text = outputFiles[0].text
  return { file: `js/early-order.${createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`, text }
}

/**
 * The order pages opened from a link (issue 29): index.html's first script, on their addresses,
 * asks for the order with the stored session and for the view script that draws it before the
 * app has come (src/platform/h5/early-order.ts says how). Emits the view script and puts the
 * early order script first in index.html's head, before the chunk preloads, so the order's
 * request leaves first.
 */
export class EarlyOrderPlugin implements WebpackPluginInstance {
  constructor(private readonly script: (plan: EarlyOrderPlan) => string) {}

  apply(compiler: Compiler): void {
    const HtmlPlugin = htmlPluginOf(compiler, NAME)
    const { RawSource } = compiler.webpack.sources
    const view = viewScript()
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(view.file, new RawSource(view.text))
      })
    })
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const tag: HtmlTag = { tagName: 'script', voidTag: false, attributes: {}, innerHTML: this.script(earlyOrderPlan(addressIn(compilation, view.file))), meta: { plugin: NAME } }
        return { ...data, headTags: [tag, ...data.headTags] }
      })
    })
  }
}
