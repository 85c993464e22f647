/**
 * The WeChat platform's two server calls of the app: the JS-SDK config a page in WeChat's browser
 * needs (getWeixinConfig) and URL links that open a mini-program from outside WeChat
 * (getWeChat/urlLink). Both implementations sign the JS-SDK config the way WeChat specifies (SHA-1
 * of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the URL without its fragment). The simulated
 * one signs with a ticket derived from the server's secret and links to a simulator page
 * (server/platform/simulated-url-links.ts); the real one (server/platform/wechat-platform.ts) signs
 * with the official account's jsapi_ticket and asks WeChat for the mini-program's links.
 */
import { createHash, createHmac } from 'node:crypto'
import type { WeixinConfigResponse } from '../../types/api/catalogue'
import { SECOND_MS } from '../../src/domain/constants'
import { signableUrl } from '../../src/domain/wechat-url'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { simulatedUrlLink } from './simulated-url-links'
import type { UrlLinkTarget } from './simulated-url-links'
import { isLoopbackHostname } from '../runtime/loopback'

export interface WechatPlatform {
  /** Set on the stand-in only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The JS-SDK config of one of the app's pages (the caller checks it is one: isAppPage). */
  jsSdkConfig(url: string): Promise<WeixinConfigResponse>
  /** A URL link that opens `target` in WeChat. */
  urlLink(target: UrlLinkTarget): Promise<string>
}

/** The official account the JS-SDK config names (placeholder until a real one is issued). */
export const SIMULATED_WECHAT_APP_ID = 'PLACEHOLDER_WECHAT_OFFICIAL_APPID'
const NONCE_BYTES = 8

/** The simulated jsapi_ticket: stable per server secret, never sent to the client. */
export function simulatedJsApiTicket(secretHex: string): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update('wechat-jsapi-ticket').digest('base64url')
}

export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const canonical = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${signableUrl(url)}`
  return createHash('sha1').update(canonical).digest('hex')
}

/**
 * Whether `url` is one of the app's own pages: on an app origin, or (outside production) on this
 * machine. A signature for any other address would let a stranger's page use the official
 * account's JS-SDK in its name.
 */
export function isAppPage(url: string, appOrigins: readonly string[], production: boolean): boolean {
  let page: URL
  try {
    page = new URL(url)
  } catch {
    return false
  }
  return appOrigins.includes(page.origin) || (!production && isLoopbackHostname(page.hostname))
}

/** The JS-SDK config of `url`, signed with `ticket` in the name of the official account `appId`. */
export function signedJsSdkConfig(appId: string, ticket: string, url: string, clock: Clock, random: RandomSource): WeixinConfigResponse {
  const timestamp = Math.floor(clock.now().getTime() / SECOND_MS)
  const nonceStr = random.bytes(NONCE_BYTES).toString('hex')
  return { appId, timestamp, nonceStr, signature: jsSdkSignature(ticket, nonceStr, timestamp, url) }
}

export interface SimulatedWechatSettings {
  readonly clock: Clock
  readonly random: RandomSource
  /** The server secret the simulated ticket derives from. */
  readonly secretHex: string
  /** Where browsers reach this server (it may change once the server listens): the simulator page's address starts here. */
  readonly baseUrl: () => string
}

export function createSimulatedWechatPlatform(settings: SimulatedWechatSettings): WechatPlatform {
  const { clock, random } = settings
  return {
    simulated: true,
    jsSdkConfig: async (url) => signedJsSdkConfig(SIMULATED_WECHAT_APP_ID, simulatedJsApiTicket(settings.secretHex), url, clock, random),
    urlLink: async (target) => simulatedUrlLink(settings.baseUrl(), random, target),
  }
}
