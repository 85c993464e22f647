/**
 * Authorisation adapters for the silent logins of the map, WeChat and Alipay channels. The
 * mini-programs hand out a login code (Taro maps `login` to my.getAuthCode on Alipay); the map
 * app passes its code in the page address. A build that cannot authorise says so: Alipay login
 * in a plain web build reports "请使用真机".
 */
import type { AuthCodeProvider } from '../../types/api/auth'
import type { BuildTarget } from '../config/channel'
import { MESSAGES } from '../services/request/errors'

/** The hosts whose authorisation codes the token call exchanges (the contract's providers). */
export type AuthProvider = AuthCodeProvider

/** The host's authorisation for the map, WeChat and Alipay channels. */
export interface AuthorizationAdapter {
  readonly provider: AuthProvider
  /** An authorisation code; rejects where the host cannot authorise (e.g. Alipay in a plain web build). */
  authorize(): Promise<string>
}

export const AUTHORIZATION_MESSAGES = {
  realDevice: MESSAGES.realDevice,
  mapCodeMissing: '未获取到地图授权，请从地图App重新进入',
} as const

/** Page-address parameter the map app puts its authorisation code in (placeholder name). */
export const MAP_AUTH_CODE_PARAM = 'authCode'

/** Page-address parameter the bank apps pass their login token in (placeholder name). */
export const PAGE_TOKEN_PARAM = 'token'

export type { BuildTarget }

export interface AuthorizationDeps {
  /** The mini-program login: `{ code }` on WeChat, `{ authCode }` on Alipay. */
  login(): Promise<{ code?: string; authCode?: string }>
  /** A parameter of the page address. */
  queryParam(name: string): string | undefined
}

const NATIVE_TARGET: Readonly<Record<Exclude<AuthProvider, 'map'>, BuildTarget>> = { wechat: 'weapp', alipay: 'alipay' }

export function createAuthorization(provider: AuthProvider, target: BuildTarget, deps: AuthorizationDeps): AuthorizationAdapter {
  if (provider === 'map') {
    return {
      provider,
      authorize: async () => {
        const code = deps.queryParam(MAP_AUTH_CODE_PARAM)
        if (!code) throw new Error(AUTHORIZATION_MESSAGES.mapCodeMissing)
        return code
      },
    }
  }
  return {
    provider,
    authorize: async () => {
      if (target !== NATIVE_TARGET[provider]) throw new Error(AUTHORIZATION_MESSAGES.realDevice)
      const result = await deps.login()
      const code = result.code ?? result.authCode
      if (!code) throw new Error(AUTHORIZATION_MESSAGES.realDevice)
      return code
    },
  }
}
