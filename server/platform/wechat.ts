/**
 * WeChat, simulated. The JS-SDK config is signed the way WeChat specifies (SHA-1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the URL without its fragment), but with a
 * ticket derived from the server's secret instead of one fetched from WeChat with the official
 * account's credentials. URL links lead to a simulator page (server/simulators/url-link-page.ts).
 * A real integration replaces the ticket source and the link call.
 */
import { createHash, createHmac } from 'node:crypto'
import type { WeixinConfigResponse } from '../../types/api/catalogue'
import { signableUrl } from '../../src/domain/wechat-url'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'

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

export interface WechatContext {
  clock: Clock
  random: RandomSource
  /** The server secret the simulated ticket derives from. */
  secretHex: string
}

/** Development serves the app from this machine, on whatever port: its loopback names. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

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
  return appOrigins.includes(page.origin) || (!production && LOOPBACK_HOSTS.has(page.hostname))
}

export function weixinConfig(context: WechatContext, url: string): WeixinConfigResponse {
  const timestamp = Math.floor(context.clock.now().getTime() / 1000)
  const nonceStr = context.random.bytes(NONCE_BYTES).toString('hex')
  const signature = jsSdkSignature(simulatedJsApiTicket(context.secretHex), nonceStr, timestamp, url)
  return { appId: SIMULATED_WECHAT_APP_ID, timestamp, nonceStr, signature }
}
