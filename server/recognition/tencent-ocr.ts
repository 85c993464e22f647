/**
 * Tencent Cloud OCR as the DocumentReader: IDCardOCR (the ID card's portrait or emblem side) and
 * VehicleLicenseOCR (the driving licence's main page), API 3.0 version 2018-11-19, through
 * Tencent's official SDK, which signs every call (TC3-HMAC-SHA256). The photo goes as base64 in
 * the call; what comes back is personal data, so no log line carries it: only the document, the
 * request id and, for a refusal, Tencent's code.
 */
import type { FastifyBaseLogger } from 'fastify'
import { ocr } from 'tencentcloud-sdk-nodejs-ocr'
import type { IDCardOCRResponse, TextVehicleFront } from 'tencentcloud-sdk-nodejs-ocr/tencentcloud/services/ocr/v20181119/ocr_models'
import type { DrivingLicenseText, IdCardBackText, IdCardFrontText, ReadableDocument, UnreadReason } from '../../types/api/apply'
import { maskPersonalData } from '../../src/domain/masking'
import { readTencentFailure, requestNote, tencentClientConfig, tencentConnection } from '../vendors/tencent-cloud'
import type { TencentConnectionSettings } from '../vendors/tencent-cloud'
import { DocumentReadError } from './document-reader'
import type { DocumentReader, DocumentText } from './document-reader'
import type { TencentOcrAccount } from './ocr-config'

/** The account and connection: an ocr.… host, DEFAULT_REGION, DEFAULT_ENDPOINT and DEFAULT_TIMEOUT_MS when absent. */
export type TencentOcrSettings = TencentConnectionSettings

const DEFAULT_REGION = 'ap-guangzhou'
const DEFAULT_ENDPOINT = 'ocr.tencentcloudapi.com'
/** A person waits for the reading on the form: past this it is typed by hand. */
const DEFAULT_TIMEOUT_MS = 8_000

/** IDCardOCR's CardSide of each side. */
const CARD_SIDE = { idCardFront: 'FRONT', idCardBack: 'BACK' } as const
/** The driving licence's main page (行驶证主页, with the red seal). */
const LICENCE_MAIN_PAGE = 'FRONT'
/** How the emblem side's validity reads when it never ends. */
const NO_END = '长期'
const VALIDITY = /^(\d{4}\.\d{2}\.\d{2})-(\d{4}\.\d{2}\.\d{2}|长期)$/

/**
 * Tencent's codes a person can act on: a photo to take again, or the wrong document. Every other
 * code (signing and key failures, arrears, an exhausted package, limits, InternalError, …) is
 * 'unavailable'. Source: the error codes of IDCardOCR and VehicleLicenseOCR
 * (https://cloud.tencent.com/document/api/866/33524, /866/36209; tencentcloud-sdk-go's
 * ocr/v20181119/errors.go).
 */
const REFUSALS: Readonly<Record<string, UnreadReason>> = {
  'FailedOperation.ImageBlur': 'unreadable',
  'FailedOperation.ImageDecodeFailed': 'unreadable',
  'InvalidParameter.EngineImageDecodeFailed': 'unreadable',
  'FailedOperation.EmptyImageError': 'unreadable',
  'FailedOperation.ImageNoText': 'unreadable',
  'FailedOperation.OcrFailed': 'unreadable',
  'FailedOperation.IdCardInfoIllegal': 'unreadable',
  'FailedOperation.MultiCardError': 'unreadable',
  'FailedOperation.ImageSizeTooLarge': 'unreadable',
  'LimitExceeded.TooLargeFileError': 'unreadable',
  'FailedOperation.ImageNoIdCard': 'wrongDocument',
}

/** A field Tencent left empty or null is absent. */
const present = (value: string | null | undefined): string | undefined => (value ? value.trim() || undefined : undefined)
const defined = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T

export function createTencentOcr(settings: TencentOcrSettings): DocumentReader {
  if (!settings.secretId || !settings.secretKey) throw new Error('Tencent OCR needs secretId and secretKey')
  const connection = tencentConnection('OCR', settings, { region: DEFAULT_REGION, endpoint: DEFAULT_ENDPOINT, timeoutMs: DEFAULT_TIMEOUT_MS })
  const client = new ocr.v20181119.Client(tencentClientConfig(connection))

  async function call<T extends { RequestId?: string }>(document: ReadableDocument, log: FastifyBaseLogger, run: () => Promise<T>): Promise<T> {
    try {
      const answer = await run()
      log.info({ ocr: { document, requestId: answer.RequestId } }, 'Tencent OCR: photo read')
      return answer
    } catch (error) {
      const failure = readTencentFailure(error)
      const reason = failure.code ? (REFUSALS[failure.code] ?? 'unavailable') : 'unavailable'
      const text = failure.code ? `Tencent OCR refused the photo (${failure.code}): ${failure.message}` : `Tencent OCR could not be reached: ${failure.message}`
      throw new DocumentReadError(reason, failure.providerCode, maskPersonalData(text + requestNote(failure.requestId)))
    }
  }

  return {
    async read(document, image, log): Promise<DocumentText> {
      const ImageBase64 = image.toString('base64')
      if (document === 'drivingLicense') {
        const answer = await call(document, log, () => client.VehicleLicenseOCR({ ImageBase64, CardSide: LICENCE_MAIN_PAGE }))
        return { document, outcome: 'read', text: licenceText(answer.FrontInfo ?? undefined, answer.RequestId) }
      }
      const answer = await call(document, log, () => client.IDCardOCR({ ImageBase64, CardSide: CARD_SIDE[document] }))
      return document === 'idCardFront' ? { document, outcome: 'read', text: frontText(answer) } : { document, outcome: 'read', text: backText(answer) }
    },
  }
}

/** The portrait side; one without a name or number was another side or another card. */
function frontText(answer: IDCardOCRResponse): IdCardFrontText {
  const text = defined({ name: present(answer.Name), idNumber: present(answer.IdNum)?.toUpperCase(), address: present(answer.Address) })
  if (!text.name && !text.idNumber) throw wrongDocument('idCardFront', answer.RequestId)
  return text
}

function backText(answer: IDCardOCRResponse): IdCardBackText {
  const validity = VALIDITY.exec(present(answer.ValidDate) ?? '')
  if (!validity) throw wrongDocument('idCardBack', answer.RequestId)
  const [, validFrom, until] = validity
  return defined({ validFrom, validUntil: until === NO_END ? undefined : until, authority: present(answer.Authority) })
}

/** The main page; one without a plate or VIN was another page or another document. */
function licenceText(front: TextVehicleFront | undefined, requestId: string | undefined): DrivingLicenseText {
  const text = defined({
    plateNumber: present(front?.PlateNo)?.toUpperCase(),
    vehicleType: present(front?.VehicleType),
    owner: present(front?.Owner),
    address: present(front?.Address),
    model: present(front?.Model),
    vin: present(front?.Vin)?.toUpperCase(),
    engineNo: present(front?.EngineNo)?.toUpperCase(),
    registerDate: present(front?.RegisterDate),
    issueDate: present(front?.IssueDate),
  })
  if (!text.plateNumber && !text.vin) throw wrongDocument('drivingLicense', requestId)
  return text
}

/** The reader of OCR_PROVIDER=tencent's account (ocr-config.ts). */
export function createConfiguredOcr(account: TencentOcrAccount): DocumentReader {
  const { region, endpoint, ...settings } = account
  return createTencentOcr({ ...settings, ...(region ? { region } : {}), ...(endpoint ? { endpoint } : {}) })
}

function wrongDocument(document: ReadableDocument, requestId: string | undefined): DocumentReadError {
  return new DocumentReadError('wrongDocument', 'NO_FIELDS', `Tencent OCR read no ${document} fields from the photo${requestNote(requestId)}`)
}
