/**
 * A local stand-in for Tencent Cloud OCR (API 3.0, version 2018-11-19: IDCardOCR and
 * VehicleLicenseOCR), speaking the wire protocol Tencent's SDK speaks (tencent-api-standin.ts:
 * reached as Tencent's host through the proxy it also is, every call's TC3-HMAC-SHA256 signature
 * checked as Tencent does), so the adapter (server/recognition/tencent-ocr.ts) and the SDK are
 * tested end to end without the real service. Tests show it the cards their photos are of
 * (`knows`); it checks the image (base64, JPEG or PNG, Tencent's size limits) and the card side as
 * Tencent does, and answers each known photo with that card's fields in Tencent's shapes: the ID
 * card's side asked for (the other side's fields empty, as Tencent leaves them), the licence's main
 * page, an unknown photo as Tencent answers a photo with no card in it. Tests steer documented
 * error codes and late answers.
 */
import { createHash } from 'node:crypto'
import type { TencentOcrSettings } from '../../../server/recognition/tencent-ocr'
import { STANDIN_SECRET_ID, STANDIN_SECRET_KEY, startTencentApiStandIn } from './tencent-api-standin'
import type { Json, TencentApiCall, TencentAnswer, TencentError } from './tencent-api-standin'

export { STANDIN_SECRET_KEY }

/** An ID card as IDCardOCR reads it: the portrait side's fields and the emblem side's. */
export interface StandInIdCard {
  readonly kind: 'idCard'
  readonly front: { readonly Name: string; readonly Sex: string; readonly Nation: string; readonly Birth: string; readonly Address: string; readonly IdNum: string }
  readonly back: { readonly Authority: string; readonly ValidDate: string }
}

/** A driving licence's main page as VehicleLicenseOCR reads it (TextVehicleFront). */
export interface StandInLicence {
  readonly kind: 'licence'
  readonly front: Readonly<Record<'PlateNo' | 'VehicleType' | 'Owner' | 'Address' | 'UseCharacter' | 'Model' | 'Vin' | 'EngineNo' | 'RegisterDate' | 'IssueDate' | 'Seal', string>>
}

/** What a photo shows: one side of an ID card, or the licence's main page. */
export type StandInPhoto = { readonly card: StandInIdCard; readonly side: 'FRONT' | 'BACK' } | { readonly card: StandInLicence }

/** A call that passed the signature check. */
export interface StandInReading {
  readonly action: string
  readonly cardSide: string | undefined
  readonly region: string
  readonly imageBytes: number
}

export interface TencentOcrStandIn {
  settings(overrides?: Partial<TencentOcrSettings>): TencentOcrSettings
  /** From now on, a photo with these bytes shows `photo`. */
  knows(image: Buffer, photo: StandInPhoto): void
  /** Every call that passed the signature check, oldest first. */
  readonly readings: readonly StandInReading[]
  /** The next call that passes the signature check gets this error. */
  failNext(error: TencentError): void
  delayNext(ms: number): void
  close(): Promise<void>
}

export const STANDIN_OCR_REGION = 'ap-shanghai'
const OCR_HOST = 'ocr.tencentcloudapi.com'
const SERVICE = 'ocr'
const VERSION = '2018-11-19'
const OCR_REGIONS: ReadonlySet<string> = new Set(['ap-guangzhou', 'ap-shanghai', 'ap-beijing', 'ap-hongkong'])
/** Each action's largest image, base64-encoded, and its card sides. */
const ACTIONS: Readonly<Record<string, { readonly maxBase64: number; readonly sides: readonly string[] }>> = {
  IDCardOCR: { maxBase64: 10 * 1024 * 1024, sides: ['FRONT', 'BACK'] },
  VehicleLicenseOCR: { maxBase64: 7 * 1024 * 1024, sides: ['FRONT', 'BACK', 'DOUBLE'] },
}
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const JPEG = Buffer.from([0xff, 0xd8, 0xff])
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47])

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const nulls = (fields: Readonly<Record<string, string>>): Json => Object.fromEntries(Object.keys(fields).map((name) => [name, '']))

export async function startTencentOcrStandIn(): Promise<TencentOcrStandIn> {
  const photos = new Map<string, StandInPhoto>()
  const readings: StandInReading[] = []
  const pendingFailures: TencentError[] = []

  function imageOf(call: Json, maxBase64: number): Buffer | TencentError {
    const base64 = call.ImageBase64
    if (typeof base64 !== 'string' || base64 === '') return { code: 'FailedOperation.EmptyImageError', message: '图片内容为空' }
    if (base64.length > maxBase64) return { code: 'LimitExceeded.TooLargeFileError', message: '文件内容太大' }
    if (!BASE64.test(base64)) return { code: 'FailedOperation.ImageDecodeFailed', message: '图片解码失败' }
    const image = Buffer.from(base64, 'base64')
    if (!image.subarray(0, JPEG.length).equals(JPEG) && !image.subarray(0, PNG.length).equals(PNG)) return { code: 'FailedOperation.ImageDecodeFailed', message: '图片解码失败' }
    return image
  }

  function idCardAnswer(photo: StandInPhoto | undefined, side: string): TencentAnswer {
    if (!photo || photo.card.kind !== 'idCard') return { error: { code: 'FailedOperation.ImageNoIdCard', message: '照片未检测到身份证' } }
    const { front, back } = photo.card
    // The side asked for is read; a photo of the other side leaves every field empty.
    const shown = 'side' in photo && photo.side === side
    const fields = { ...(shown && side === 'FRONT' ? front : nulls(front)), ...(shown && side === 'BACK' ? back : nulls(back)) }
    return { response: { ...fields, AdvancedInfo: '{}', ReflectDetailInfos: [] } }
  }

  function licenceAnswer(photo: StandInPhoto | undefined): TencentAnswer {
    if (!photo) return { error: { code: 'FailedOperation.OcrFailed', message: 'OCR识别失败' } }
    const front = photo.card.kind === 'licence' ? photo.card.front : null
    return { response: { FrontInfo: front, BackInfo: null, RecognizeWarnCode: [], RecognizeWarnMsg: [], VehicleLicenseType: 'Normal' } }
  }

  function answerCall({ action, version, region, body }: TencentApiCall): TencentAnswer {
    const spec = ACTIONS[action]
    if (!spec) return { error: { code: 'InvalidAction', message: 'The action requested does not exist.' } }
    if (version !== VERSION) return { error: { code: 'NoSuchVersion', message: 'The API version requested does not exist.' } }
    if (!OCR_REGIONS.has(region)) return { error: { code: 'UnsupportedRegion', message: `${action} is not offered in ${region}.` } }
    const side = typeof body.CardSide === 'string' ? body.CardSide : 'FRONT'
    readings.push({ action, cardSide: typeof body.CardSide === 'string' ? body.CardSide : undefined, region, imageBytes: typeof body.ImageBase64 === 'string' ? body.ImageBase64.length : 0 })
    const failure = pendingFailures.shift()
    if (failure) return { error: failure }
    if (!spec.sides.includes(side)) return { error: { code: 'InvalidParameterValue.InvalidParameterValueLimit', message: `CardSide ${side} is not valid` } }
    const image = imageOf(body, spec.maxBase64)
    if (!Buffer.isBuffer(image)) return { error: image }
    const photo = photos.get(digest(image))
    return action === 'IDCardOCR' ? idCardAnswer(photo, side) : licenceAnswer(photo)
  }

  const api = await startTencentApiStandIn({ host: OCR_HOST, service: SERVICE, answer: answerCall })

  return {
    settings: (overrides = {}) => ({
      secretId: STANDIN_SECRET_ID,
      secretKey: STANDIN_SECRET_KEY,
      region: STANDIN_OCR_REGION,
      endpoint: OCR_HOST,
      protocol: 'http:',
      proxy: api.proxy,
      ...overrides,
    }),
    knows: (image, photo) => {
      photos.set(digest(image), photo)
    },
    readings,
    failNext: (error) => {
      pendingFailures.push(error)
    },
    delayNext: (ms) => api.delayNext(ms),
    close: () => api.close(),
  }
}
