/**
 * The OCR provider of a deployment (OCR_PROVIDER=tencent: Tencent Cloud OCR, tencent-ocr.ts), read
 * from the environment; OCR_PROVIDER=simulated (the default outside production) reads only the
 * demo photos (server/simulators/ocr-simulator.ts). The secret key may come from a file
 * (TENCENT_OCR_SECRET_KEY_FILE). .env.example documents each.
 */
import { required } from '../settings-reader'
import type { SettingsReader } from '../settings-reader'

export interface TencentOcrAccount {
  readonly secretId: string
  readonly secretKey: string
  /** Unset: the adapter's default region and host. */
  readonly region: string | undefined
  readonly endpoint: string | undefined
}

export function readOcrAccount(reader: SettingsReader): TencentOcrAccount {
  return {
    secretId: required(reader, 'TENCENT_OCR_SECRET_ID'),
    secretKey: required(reader, 'TENCENT_OCR_SECRET_KEY', true),
    region: reader.raw('TENCENT_OCR_REGION'),
    endpoint: reader.raw('TENCENT_OCR_ENDPOINT'),
  }
}
