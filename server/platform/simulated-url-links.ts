/**
 * The simulated WechatPlatform's URL links (server/platform/wechat.ts): an address of this
 * server's simulator page (server/simulators/url-link-page.ts renders it) carrying the
 * mini-program, page, query and version the link was made for. It lives with the platform
 * (issue 30): the platform makes the links, and must not import the simulators, which import the
 * orders and the payments.
 */
import type { WeChatUrlLinkRequest } from '../../types/api/catalogue'
import type { RandomSource } from '../runtime/random'

export const URL_LINK_SIM_PATH = '/sim/wechat/url-link/{linkId}'
export const URL_LINK_ID_LENGTH = 12
/** A link id as WeChat writes one: letters and digits. */
export const URL_LINK_ID = new RegExp(`^[A-Za-z0-9]{${URL_LINK_ID_LENGTH}}$`)
const LINK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export type UrlLinkTarget = Pick<WeChatUrlLinkRequest, 'appId' | 'path' | 'query' | 'env_version'>

/** A new link to the simulator page for `target`, under the address browsers reach this server at. */
export function simulatedUrlLink(baseUrl: string, random: RandomSource, target: UrlLinkTarget): string {
  let id = ''
  for (let index = 0; index < URL_LINK_ID_LENGTH; index += 1) id += LINK_ALPHABET[random.int(LINK_ALPHABET.length)]
  const search = new URLSearchParams({ appId: target.appId, path: target.path, query: target.query, env_version: target.env_version })
  return `${baseUrl}${URL_LINK_SIM_PATH.replace('{linkId}', id)}?${search.toString()}`
}
