/**
 * Sharing a page from WeChat's built-in browser: the official account's JS-SDK, configured with
 * the server's signature for the page's address (getWeixinConfig), sets the title, description,
 * link and image WeChat shows when the page is sent to a chat or posted to Moments. Only inside
 * WeChat's browser (not its mini-program web views, which share through the mini-program), and
 * the SDK (26 KB) loads only there.
 */
import type { WeixinConfigResponse } from '../../../types/api/catalogue'
import { signableUrl } from '../../domain/wechat-url'

/** The part of WeChat's JS-SDK (`wx`) sharing uses. */
export interface WeChatSdk {
  config(options: WeixinConfigResponse & { debug: boolean; jsApiList: readonly string[] }): void
  ready(callback: () => void): void
  error(callback: (result: { errMsg?: string }) => void): void
  updateAppMessageShareData(content: ShareContent): void
  updateTimelineShareData(content: ShareContent): void
}

export interface ShareContent {
  title: string
  desc: string
  /** Absolute, on the signed page's domain (WeChat refuses others). */
  link: string
  imgUrl: string
}

/** The JS-SDK calls sharing needs, asked for in the config. */
export const WECHAT_SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const

/** WeChat's browser, not its mini-program web view (whose user agent names miniProgram too). */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent) && !/miniProgram/i.test(userAgent)
}

export interface WeChatShareDeps {
  /** getWeixinConfig for the signed address. */
  fetchConfig(url: string): Promise<WeixinConfigResponse>
  loadSdk(): Promise<WeChatSdk>
}

/**
 * The SDK module, loaded on first use (weixin-js-sdk has no types of its own). The condition is a
 * build-time constant, so the mini-program builds leave the module out altogether.
 */
export async function loadWeChatSdk(): Promise<WeChatSdk> {
  const loaded: unknown = await (process.env.TARO_ENV === 'h5'
    ? import(/* webpackChunkName: "wechat-sdk" */ 'weixin-js-sdk')
    : Promise.reject(new Error('the WeChat JS-SDK is for the H5 build')))
  const sdk = (loaded as { default?: unknown }).default ?? loaded
  return sdk as WeChatSdk
}

/**
 * Configures the SDK for `href` and sets what a share of it shows. Resolves once WeChat has
 * accepted the config; rejects with WeChat's reason when it refuses it (a bad signature, an
 * address outside the official account's domains) or the config could not be had.
 */
export async function shareInWeChat(deps: WeChatShareDeps, href: string, content: ShareContent): Promise<void> {
  const [config, sdk] = await Promise.all([deps.fetchConfig(signableUrl(href)), deps.loadSdk()])
  await new Promise<void>((resolve, reject) => {
    sdk.ready(() => {
      sdk.updateAppMessageShareData(content)
      sdk.updateTimelineShareData(content)
      resolve()
    })
    sdk.error((result) => reject(new Error(result.errMsg ?? 'wechat config refused')))
    sdk.config({ ...config, debug: false, jsApiList: WECHAT_SHARE_APIS })
  })
}
