/**
 * Outside parties that vouch for a user: the bank app (a token in the page address) and the
 * map, WeChat and Alipay authorisations (a one-time code). Each is an IdentityProvider; the
 * real integrations implement the same interface. The simulated ones (the default) accept any
 * well-formed credential and treat it as the person's stable id at that provider, so
 * `?token=sim-alice` logs the same bank user in every time; a credential starting with
 * `reject-` is refused, to exercise the failure path.
 */
import { createHash } from 'node:crypto'
import type { AuthCodeProvider } from '../../types/api/auth'
import type { ExternalIdentity, IdentityProviderName } from './users'

export interface IdentityProvider {
  /** Set on the stand-in only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  /** The identity behind a credential, or undefined when the provider refuses it. */
  resolve(credential: string): Promise<ExternalIdentity | undefined>
}

/**
 * A provider could not be asked (network, timeout, its own failure, an answer outside its
 * protocol): not a refusal of the credential, so the login says to try again.
 */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError'

  /** `cause`: the provider's own failure, for the log. */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options)
  }
}

export interface IdentityProviders {
  /** The bank app's page token. */
  readonly bank: IdentityProvider
  readonly authCode: Readonly<Record<AuthCodeProvider, IdentityProvider>>
}

export const SIMULATED_REJECT_PREFIX = 'reject-'
/**
 * Credentials are opaque strings of URL-safe characters: codes, and the bank's signed page token
 * (a JWT, base64url parts joined by dots: an RS256 token with a few claims is 600–1,000 characters).
 */
export const MAX_CREDENTIAL_LENGTH = 2048
export const CREDENTIAL_PATTERN = /^[A-Za-z0-9._~-]{1,2048}$/

export function createSimulatedProvider(provider: IdentityProviderName): IdentityProvider {
  return {
    simulated: true,
    async resolve(credential) {
      if (!CREDENTIAL_PATTERN.test(credential) || credential.startsWith(SIMULATED_REJECT_PREFIX)) return undefined
      const externalId = `${provider}-${createHash('sha256').update(`${provider}:${credential}`).digest('hex').slice(0, 24)}`
      return { provider, externalId, ...(provider === 'alipay' ? { aliUid: externalId } : {}) }
    },
  }
}

export function createSimulatedIdentityProviders(): IdentityProviders {
  return {
    bank: createSimulatedProvider('bank'),
    authCode: {
      map: createSimulatedProvider('map'),
      wechat: createSimulatedProvider('wechat'),
      alipay: createSimulatedProvider('alipay'),
    },
  }
}
