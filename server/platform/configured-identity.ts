/**
 * The identity providers and the phone-number lookup a server runs with, from its configuration:
 * the simulated ones, or the real ones of IDENTITY_PROVIDERS=real (server/auth/identity-config.ts)
 * and PHONE_NUMBER_PROVIDER=wechat. The WeChat mini-program's login and its phone button (and its
 * URL links, server/platform/configured-wechat.ts) share one access token, shared in turn by every
 * process through Redis when the server has it, else through the database
 * (server/platform/database-token-store.ts): the processes fetch it once. It lives with the
 * platform (issue 30): it builds the auth's providers from the platform's adapters, and the auth
 * must not import the platform, which implements the auth's IdentityProvider.
 */
import type { Config } from '../config'
import { sharedTokenStore } from './database-token-store'
import type { TokenPlace } from './database-token-store'
import { createWechatApi } from './wechat-api'
import type { WechatApi } from './wechat-api'
import { createSimulatedPhoneNumbers } from './phone-numbers'
import type { PhoneNumberProvider } from './phone-numbers'
import { createAlipayIdentity } from '../auth/alipay-identity'
import { createSimulatedIdentityProviders } from '../auth/identity-providers'
import type { IdentityProviders } from '../auth/identity-providers'
import { createBankTokenProvider, createOAuthCodeProvider } from '../auth/partner-identity'

/** The key prefix of the mini-program's shared credentials (in Redis or shared_credentials). */
export const WECHAT_TOKEN_PREFIX = 'etc:wechat:'

export interface ConfiguredPeople {
  readonly identity: IdentityProviders
  readonly phoneNumbers: PhoneNumberProvider
}

/** The mini-program's adapter, when its account is configured. One per process: its login, phone button and URL links share it. */
export function createWechatMiniProgram(config: Pick<Config, 'wechatMini'>, tokens: TokenPlace): WechatApi | undefined {
  const account = config.wechatMini
  if (!account) return undefined
  const store = sharedTokenStore(tokens, WECHAT_TOKEN_PREFIX)
  return createWechatApi({ appId: account.appId, appSecret: account.appSecret, ...(account.baseUrl ? { baseUrl: account.baseUrl } : {}) }, store)
}

/** `miniProgram`: the process's mini-program adapter, when the caller shares it with the URL links (server/main.ts). */
export function createConfiguredPeople(
  config: Pick<Config, 'identity' | 'wechatMini' | 'outsideParties'>,
  tokens: TokenPlace,
  miniProgram: WechatApi | undefined = createWechatMiniProgram(config, tokens),
): ConfiguredPeople {
  const phoneNumbers = config.outsideParties.phoneNumbers !== 'simulated' && miniProgram ? miniProgram.phoneNumbers() : createSimulatedPhoneNumbers()
  const accounts = config.identity
  if (!accounts) return { identity: createSimulatedIdentityProviders(), phoneNumbers }
  // The configuration refuses IDENTITY_PROVIDERS=real without these.
  if (!accounts.alipay || !miniProgram) throw new Error('IDENTITY_PROVIDERS=real needs the Alipay application and the WeChat mini-program')
  const { gateway, ...alipayKeys } = accounts.alipay
  return {
    identity: {
      bank: createBankTokenProvider(accounts.bank),
      authCode: {
        map: createOAuthCodeProvider('map', accounts.map),
        wechat: miniProgram.identityProvider(),
        alipay: createAlipayIdentity({ ...alipayKeys, ...(gateway ? { gateway } : {}) }),
      },
    },
    phoneNumbers,
  }
}
