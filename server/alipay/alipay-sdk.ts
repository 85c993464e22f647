/**
 * The Alipay application (open platform, RSA2): its keys and its gateway client, checked with
 * Alipay's public key. One application serves the payments (server/payments/alipay.ts) and the
 * Alipay login (server/auth/alipay-identity.ts); its own folder (issue 30) so neither of those
 * imports the other.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { AlipaySdk } from 'alipay-sdk'

export interface AlipayAppSettings {
  /** The open platform application's id (app_id). */
  readonly appId: string
  /** The application's private key (PEM; PKCS8, or PKCS1, which is converted). */
  readonly privateKeyPem: string
  /** Alipay's public key for this application (PEM), which checks answers and notifications. */
  readonly alipayPublicKeyPem: string
  /** The v2 gateway; ALIPAY_GATEWAY when absent (tests point it at a stand-in). */
  readonly gateway?: string
  /** How long one gateway call may take; ALIPAY_TIMEOUT_MS when absent. */
  readonly timeoutMs?: number
}

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do'
export const ALIPAY_TIMEOUT_MS = 10_000

/** The application's gateway client: answers' signatures checked with Alipay's key. */
export function alipaySdkOf(settings: AlipayAppSettings): AlipaySdk {
  return new AlipaySdk({
    appId: settings.appId,
    // Read here so a key that cannot sign fails at start; the SDK takes PKCS8 only when told so.
    privateKey: createPrivateKey(settings.privateKeyPem).export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    alipayPublicKey: createPublicKey(settings.alipayPublicKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
    gateway: settings.gateway ?? ALIPAY_GATEWAY,
    timeout: settings.timeoutMs ?? ALIPAY_TIMEOUT_MS,
  })
}
