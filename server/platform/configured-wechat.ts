/**
 * The WechatPlatform a server runs with, from its configuration: the simulated one, or with
 * WECHAT_PLATFORM_PROVIDER=wechat the real one (server/platform/wechat-platform.ts). The real one
 * takes the process's mini-program adapter (the one its login and phone button use, so the process
 * holds one token cache per app) and builds the official account's own, whose token and ticket
 * are shared under a prefix of their own: in Redis when the server has it, else in the database.
 */
import type { Config } from '../config'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { createSimulatedWechatPlatform } from './wechat'
import type { WechatPlatform } from './wechat'
import { sharedTokenStore } from './database-token-store'
import type { TokenPlace } from './database-token-store'
import { createWechatApi } from './wechat-api'
import type { WechatApi } from './wechat-api'
import { createWechatPlatform } from './wechat-platform'

/** The key prefix of the official account's shared credentials (the mini-program's: WECHAT_TOKEN_PREFIX). */
export const WECHAT_OFFICIAL_TOKEN_PREFIX = 'etc:wechat-official:'

export interface WechatPlatformParts {
  /** Where the official account's credentials are shared. */
  readonly tokens: TokenPlace
  /** The mini-program's adapter (server/platform/configured-identity.ts), present when its account is configured. */
  readonly miniProgram: WechatApi | undefined
  readonly clock: Clock
  readonly random: RandomSource
  /** Where browsers reach this server: the simulated links' address. */
  readonly baseUrl: () => string
}

export function createConfiguredWechatPlatform(
  config: Pick<Config, 'outsideParties' | 'wechatMini' | 'wechatOfficial' | 'payloadKeyHex'>,
  parts: WechatPlatformParts,
): WechatPlatform {
  const { clock, random } = parts
  if (config.outsideParties.wechatPlatform === 'simulated') {
    return createSimulatedWechatPlatform({ clock, random, secretHex: config.payloadKeyHex, baseUrl: parts.baseUrl })
  }
  const official = config.wechatOfficial
  // The configuration refuses WECHAT_PLATFORM_PROVIDER=wechat without these.
  if (!official || !config.wechatMini || !parts.miniProgram) throw new Error('WECHAT_PLATFORM_PROVIDER=wechat needs the official account and the WeChat mini-program')
  const store = sharedTokenStore(parts.tokens, WECHAT_OFFICIAL_TOKEN_PREFIX)
  // WECHAT_API_BASE_URL is WeChat's API root for both apps (server/platform/wechat-config.ts).
  const baseUrl = config.wechatMini.baseUrl
  const officialApi = createWechatApi({ appId: official.appId, appSecret: official.appSecret, ...(baseUrl ? { baseUrl } : {}) }, store)
  return createWechatPlatform({
    officialAccount: { appId: official.appId, api: officialApi },
    miniProgram: { appId: config.wechatMini.appId, api: parts.miniProgram },
    clock,
    random,
  })
}
