/**
 * The identity providers a server runs with, from its configuration: the simulated ones, or the
 * real ones of IDENTITY_PROVIDERS=real (server/auth/identity-config.ts). WeChat's access token is
 * shared through Redis when the server has it (several processes then fetch it once), else held
 * by this one process.
 */
import type { Redis } from 'ioredis'
import type { Config } from '../config'
import { createMemoryTokenStore, createRedisTokenStore, createWechatApi } from '../platform/wechat-api'
import { createAlipayIdentity } from './alipay-identity'
import { createSimulatedIdentityProviders } from './identity-providers'
import type { IdentityProviders } from './identity-providers'
import { createBankTokenProvider, createOAuthCodeProvider } from './partner-identity'

/** Where WeChat's shared credentials live in Redis. */
export const WECHAT_TOKEN_PREFIX = 'etc:wechat:'

export function createConfiguredIdentity(config: Pick<Config, 'identity'>, redis: Redis | undefined): IdentityProviders {
  const accounts = config.identity
  if (!accounts) return createSimulatedIdentityProviders()
  const { alipay, wechat } = accounts
  // The configuration refuses IDENTITY_PROVIDERS=real without it.
  if (!alipay) throw new Error('IDENTITY_PROVIDERS=real needs the Alipay application')
  const store = redis ? createRedisTokenStore(redis, WECHAT_TOKEN_PREFIX) : createMemoryTokenStore()
  const miniProgram = createWechatApi({ appId: wechat.appId, appSecret: wechat.appSecret, ...(wechat.baseUrl ? { baseUrl: wechat.baseUrl } : {}) }, store)
  const { gateway, ...alipayKeys } = alipay
  return {
    bank: createBankTokenProvider(accounts.bank),
    authCode: {
      map: createOAuthCodeProvider('map', accounts.map),
      wechat: miniProgram.identityProvider(),
      alipay: createAlipayIdentity({ ...alipayKeys, ...(gateway ? { gateway } : {}) }),
    },
  }
}
