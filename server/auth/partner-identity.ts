/**
 * The partners that vouch for a person in the H5 build, as real IdentityProviders:
 * - the bank app opens the page with a token in its address: a signed JWT (`jose`), checked
 *   against the bank's public key or its JWKS, its issuer, audience, algorithm and expiry; the
 *   person is its subject (or the claim the bank names);
 * - the map app hands an OAuth 2.0 authorisation code: exchanged at its token endpoint (client
 *   credentials in the form, RFC 6749 §4.1.3), then, if the token answer does not carry the user's
 *   id, read from its user-info endpoint with the access token.
 * Neither partner's protocol is public: every endpoint, claim and field is a setting
 * (server/auth/identity-config.ts), and server/README.md says what to ask the partner for.
 * A credential the partner refuses resolves to undefined (the login says so); a partner that
 * cannot be reached, or answers otherwise than its protocol, throws IdentityUnavailableError, so
 * the login answers "try again" rather than "wrong code".
 */
import { createRemoteJWKSet, errors as joseErrors, importSPKI, jwtVerify } from 'jose'
import type { JWTVerifyGetKey, KeyObject } from 'jose'
import { IdentityUnavailableError } from './identity-providers'
import type { IdentityProvider } from './identity-providers'
import type { ExternalIdentity } from './users'

export interface BankTokenSettings {
  /** The bank's signing key (SPKI PEM), or its JWKS address: one of the two. */
  readonly publicKeyPem?: string
  readonly jwksUrl?: string
  readonly issuer: string
  readonly audience: string
  /** The signature algorithms accepted (never 'none'); RS256 when absent. */
  readonly algorithms?: readonly string[]
  /** The claim naming the person; `sub` when absent. */
  readonly subjectClaim?: string
  /** Clock skew tolerated, in seconds. */
  readonly clockToleranceSeconds?: number
}

const DEFAULT_ALGORITHMS = ['RS256'] as const
const DEFAULT_CLOCK_TOLERANCE_S = 30
/** The longest subject kept as a user's external id. */
const MAX_SUBJECT_LENGTH = 128

/** What jose says when the token itself is wrong (not when the key could not be had). */
const REFUSED_TOKEN_ERRORS = [
  joseErrors.JWTExpired,
  joseErrors.JWTClaimValidationFailed,
  joseErrors.JWTInvalid,
  joseErrors.JWSInvalid,
  joseErrors.JWSSignatureVerificationFailed,
  joseErrors.JOSEAlgNotAllowed,
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JOSENotSupported,
] as const

function refusedToken(error: unknown): boolean {
  return REFUSED_TOKEN_ERRORS.some((kind) => error instanceof kind)
}

async function bankKey(settings: BankTokenSettings, algorithm: string): Promise<KeyObject | CryptoKey | JWTVerifyGetKey> {
  if (settings.jwksUrl) return createRemoteJWKSet(new URL(settings.jwksUrl))
  if (!settings.publicKeyPem) throw new Error('The bank token provider needs a public key or a JWKS address')
  return importSPKI(settings.publicKeyPem, algorithm)
}

export function createBankTokenProvider(settings: BankTokenSettings): IdentityProvider {
  const algorithms = [...(settings.algorithms ?? DEFAULT_ALGORITHMS)]
  const [first] = algorithms
  if (first === undefined || algorithms.some((algorithm) => algorithm.toLowerCase() === 'none')) throw new Error('The bank token provider needs signature algorithms, never "none"')
  // A PEM key is imported once; a JWKS is fetched and cached by jose (refetched on an unknown kid).
  const key = bankKey(settings, first)
  const subjectClaim = settings.subjectClaim ?? 'sub'
  return {
    async resolve(token): Promise<ExternalIdentity | undefined> {
      const verifier = await key
      const options = {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms,
        clockTolerance: settings.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', subjectClaim],
      }
      try {
        const { payload } = typeof verifier === 'function' ? await jwtVerify(token, verifier, options) : await jwtVerify(token, verifier, options)
        const subject = payload[subjectClaim]
        if (typeof subject !== 'string' || subject === '' || subject.length > MAX_SUBJECT_LENGTH) return undefined
        return { provider: 'bank', externalId: subject }
      } catch (error) {
        if (refusedToken(error)) return undefined
        throw new IdentityUnavailableError(`The bank's keys could not be read: ${error instanceof Error ? error.name : 'unknown error'}`)
      }
    },
  }
}

export interface OAuthCodeSettings {
  readonly tokenUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** Sent with the code when the partner registered one. */
  readonly redirectUri?: string
  /** The field of the token answer naming the user, when the partner puts it there (e.g. `open_id`). */
  readonly tokenIdField?: string
  /** Where the user's id is read with the access token, when the token answer does not carry it. */
  readonly userInfoUrl?: string
  /** The field of the user-info answer naming the user; `id` when absent. */
  readonly userInfoIdField?: string
  readonly timeoutMs?: number
}

const DEFAULT_OAUTH_TIMEOUT_MS = 10_000
const HTTP_BAD_REQUEST = 400
const HTTP_UNAUTHORIZED = 401
const HTTP_SERVER_ERROR = 500

async function askPartner(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw new IdentityUnavailableError(`The map partner could not be reached: ${error instanceof Error ? error.name : 'unknown error'}`)
  }
  const text = await response.text()
  if (response.status >= HTTP_SERVER_ERROR) throw new IdentityUnavailableError(`The map partner answered HTTP ${response.status}`)
  try {
    return { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    throw new IdentityUnavailableError(`The map partner answered HTTP ${response.status} without JSON`)
  }
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[name]
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  return typeof value === 'string' && value !== '' && value.length <= MAX_SUBJECT_LENGTH ? value : undefined
}

export function createOAuthCodeProvider(provider: 'map', settings: OAuthCodeSettings): IdentityProvider {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_OAUTH_TIMEOUT_MS
  return {
    async resolve(code): Promise<ExternalIdentity | undefined> {
      const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: settings.clientId, client_secret: settings.clientSecret })
      if (settings.redirectUri) form.set('redirect_uri', settings.redirectUri)
      const token = await askPartner(settings.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form }, timeoutMs)
      // RFC 6749 §5.2: a refused code (invalid_grant and its kin) is a 400 or 401 with an error.
      if (token.status === HTTP_BAD_REQUEST || token.status === HTTP_UNAUTHORIZED) return undefined
      const fromToken = settings.tokenIdField ? field(token.body, settings.tokenIdField) : undefined
      if (fromToken) return { provider, externalId: fromToken }
      const accessToken = field(token.body, 'access_token')
      if (!accessToken || !settings.userInfoUrl) throw new IdentityUnavailableError('The map partner’s token answer names no user and no access token')
      const info = await askPartner(settings.userInfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, timeoutMs)
      if (info.status === HTTP_UNAUTHORIZED) return undefined
      const id = field(info.body, settings.userInfoIdField ?? 'id')
      if (!id) throw new IdentityUnavailableError('The map partner’s user information names no user')
      return { provider, externalId: id }
    },
  }
}
