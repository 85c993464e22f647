/**
 * Sealed parameters: the apply payload, its draft, the token and SMS parameters and the offline
 * hand-over are sent as sealed text, which app and server both implement
 * (src/services/crypto/sealed-box.ts with crypto-js, server/crypto/sealed-box.ts with node:crypto).
 *
 * Format: `v1.<iv base64>.<ciphertext base64>.<tag hex>`. The plaintext is JSON, encrypted with
 * AES-256-CBC (PKCS#7) under a random 16-byte IV; the tag is HMAC-SHA256 over
 * `v1.<context>.<iv>.<ciphertext>` (encrypt-then-MAC). The context is the field's name, so a value
 * sealed for one field never opens as another. Encryption and MAC keys are derived from one
 * 32-byte master key: HMAC-SHA256(key = master, message = "<purpose>/encrypt") and ".../authenticate".
 */
export const SEALED_VERSION = 'v1'

/** Purpose labels of the key derivation. */
export const SEAL_PURPOSE = { payload: 'etc-payload', storage: 'etc-storage' } as const
export type SealPurpose = (typeof SEAL_PURPOSE)[keyof typeof SEAL_PURPOSE]

/**
 * GET of the server's entropy (not in the spec): 32 bytes from the server's CSPRNG, hex, for the
 * mini-programs' IV generator where the host has no CSPRNG of its own (src/platform/taro-entropy.ts).
 */
export interface EntropyResponse {
  entropy: string
}

/** How many bytes of entropy the server hands out. */
export const ENTROPY_BYTES = 32

/** The sealed fields, by the names the spec gives them. */
export const SEALED_FIELD = {
  apply: 'encryptUsersVehicleApplyVoStr',
  token: 'tokenParamSJ',
  sendCode: 'sendCodeParamSJ',
  offlineOrder: 'encryptOfflineOrderToOnlineParam',
} as const

/**
 * PLACEHOLDER: the development key shared by the app build and the local server. A deployment
 * sets its own (TARO_APP_PAYLOAD_KEY for the app build, PAYLOAD_KEY_HEX for the server). Sealing
 * keeps the payload unreadable to the host app's logs and proxies; TLS protects it in transit.
 */
export const DEV_PAYLOAD_KEY_HEX = '5b1f0c9e7a3d4e2f8c6b0a1d3e5f7a9c2b4d6e8f0a1c3e5d7b9f1a3c5e7d9b1f'
