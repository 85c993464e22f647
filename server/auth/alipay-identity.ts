/**
 * Alipay's login (`my.getAuthCode` in the Alipay mini-program) as an IdentityProvider: the code
 * is exchanged with `alipay.system.oauth.token` through Alipay's SDK (the application's keys of
 * server/alipay/alipay-sdk.ts), the answer's signature checked. The person is Alipay's user id (or,
 * for an application in OpenID mode, its open_id), kept as aliUid too (alipay.trade.create's
 * buyer_id or buyer_open_id).
 * Alipay refuses a code with an `error_response`, which the SDK's check cannot verify (it looks
 * for the method's own response): its signature is checked here over its exact text, so only a
 * refusal Alipay really signed makes the code no one's; anything else is "try again".
 */
import { createVerify } from 'node:crypto'
import { AlipayRequestError } from 'alipay-sdk'
import { alipaySdkOf } from '../alipay/alipay-sdk'
import type { AlipayAppSettings } from '../alipay/alipay-sdk'
import { CREDENTIAL_PATTERN, IdentityUnavailableError } from './identity-providers'
import type { IdentityProvider } from './identity-providers'

export type AlipayIdentitySettings = AlipayAppSettings

/** Alipay's sub_codes for a code that is wrong, used or expired. */
const REFUSED_CODE_SUB_CODES: ReadonlySet<string> = new Set(['isv.code-invalid', 'isv.code-expired'])
/** The error answer and its signature; an error_response object holds no nested object. */
const ERROR_RESPONSE = /"error_response":(\{[^{}]*\}),"sign":"([A-Za-z0-9+/=]+)"/
const SIGNATURE_ALGORITHM = 'RSA-SHA256'
const UNVOUCHED = 'Alipay could not vouch for the login code now'

/** Whether `raw` is Alipay's signed refusal of the code. */
function refusedCode(raw: unknown, alipayPublicKeyPem: string): boolean {
  if (typeof raw !== 'string') return false
  const match = ERROR_RESPONSE.exec(raw)
  if (!match?.[1] || !match[2]) return false
  // Alipay escapes '/' in the text it signs; the signature covers the text exactly as sent.
  if (!createVerify(SIGNATURE_ALGORITHM).update(match[1], 'utf8').verify(alipayPublicKeyPem, match[2], 'base64')) return false
  try {
    const subCode: unknown = (JSON.parse(match[1]) as Record<string, unknown>).sub_code
    return typeof subCode === 'string' && REFUSED_CODE_SUB_CODES.has(subCode)
  } catch {
    return false
  }
}

export function createAlipayIdentity(settings: AlipayIdentitySettings): IdentityProvider {
  const sdk = alipaySdkOf(settings)
  return {
    async resolve(code) {
      if (!CREDENTIAL_PATTERN.test(code)) return undefined
      let answer: Record<string, unknown>
      try {
        answer = await sdk.exec('alipay.system.oauth.token', { grantType: 'authorization_code', code }, { validateSign: true })
      } catch (error) {
        if (error instanceof AlipayRequestError && refusedCode(error.responseDataRaw, settings.alipayPublicKeyPem)) return undefined
        throw new IdentityUnavailableError(UNVOUCHED, { cause: error })
      }
      // user_id, or open_id for an application in OpenID mode: either names the person to this application.
      const id = [answer.userId, answer.openId].find((value): value is string => typeof value === 'string' && value !== '')
      if (!id) throw new IdentityUnavailableError(UNVOUCHED, { cause: new Error('alipay.system.oauth.token answered neither user_id nor open_id') })
      return { provider: 'alipay', externalId: id, aliUid: id }
    },
  }
}
