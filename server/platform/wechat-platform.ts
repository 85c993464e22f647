/**
 * The real WechatPlatform (WECHAT_PLATFORM_PROVIDER=wechat), on two WeChat apps with their own app
 * ids, secrets and access tokens. wx.config names an official account (公众号的唯一标识) and is
 * signed with that account's jsapi_ticket (JS-SDK 附录1), for pages on its JS接口安全域名, so the
 * JS-SDK config is the **official account's**; a URL link is made by the **mini-program** it
 * opens (generate_urllink links into the caller's own mini-program only). The ticket and the
 * tokens are cached in the shared store (server/platform/wechat-api.ts), never fetched per request.
 */
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import type { UrlLinkTarget } from './simulated-url-links'
import type { UrlLinkRequest, WechatApi } from './wechat-api'
import { signedJsSdkConfig } from './wechat'
import type { WechatPlatform } from './wechat'

/** One WeChat app: its app id, and its adapter (server/platform/wechat-api.ts). */
export interface WechatApp<Calls extends keyof WechatApi> {
  readonly appId: string
  readonly api: Pick<WechatApi, Calls>
}

export interface WechatPlatformApps {
  /** The official account (服务号) whose JS-SDK the app's pages use in WeChat's browser. */
  readonly officialAccount: WechatApp<'jsApiTicket'>
  /** The mini-program URL links open. */
  readonly miniProgram: WechatApp<'generateUrlLink'>
  readonly clock: Clock
  readonly random: RandomSource
}

/**
 * Days a URL link works: the page that asked for it opens it at once, so the shortest life WeChat
 * offers (expire_interval 1) leaves the least for a link that leaks.
 */
export const URL_LINK_DAYS = 1

/** A URL link for another mini-program than this server's: WeChat makes links into the caller's own only. */
export class ForeignMiniProgramError extends Error {
  override readonly name = 'ForeignMiniProgramError'

  constructor(readonly appId: string) {
    super(`a URL link was asked for mini-program ${appId}, but WeChat links into this server's own mini-program only`)
  }
}

export function createWechatPlatform(apps: WechatPlatformApps): WechatPlatform {
  const { officialAccount, miniProgram, clock, random } = apps
  return {
    async jsSdkConfig(url) {
      const ticket = await officialAccount.api.jsApiTicket()
      return signedJsSdkConfig(officialAccount.appId, ticket, url, clock, random)
    },
    async urlLink(target) {
      if (target.appId !== miniProgram.appId) throw new ForeignMiniProgramError(target.appId)
      return miniProgram.api.generateUrlLink(urlLinkRequest(target))
    },
  }
}

function urlLinkRequest(target: UrlLinkTarget): UrlLinkRequest {
  return { path: target.path, query: target.query, expireDays: URL_LINK_DAYS, envVersion: target.env_version }
}
