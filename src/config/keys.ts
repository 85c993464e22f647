/**
 * Keys the app build carries. PLACEHOLDERS for development: a deployment sets its own at build
 * time (TARO_APP_PAYLOAD_KEY, TARO_APP_STORAGE_KEY: 64 hex characters each). A key in a web or
 * mini-program bundle is readable by anyone who unpacks it; it keeps payloads and stored values
 * out of the host app's logs, proxies and storage dumps, while TLS protects the transport.
 */
import { DEV_PAYLOAD_KEY_HEX } from '../../types/api/sealed'

/** The key of sealed API parameters; the server's PAYLOAD_KEY_HEX must match. */
export function payloadKeyHex(): string {
  return process.env.TARO_APP_PAYLOAD_KEY || DEV_PAYLOAD_KEY_HEX
}

/** PLACEHOLDER development key of the encrypted local storage (src/platform/secure-storage.ts). */
export const DEV_STORAGE_KEY_HEX = '0e4c7a1f93b2d5e86a0f1c3b5d7e9f2a4c6e8b0d2f4a6c8e1b3d5f7a9c0e2b4d'

export function storageKeyHex(): string {
  return process.env.TARO_APP_STORAGE_KEY || DEV_STORAGE_KEY_HEX
}
