/**
 * The Tencent Cloud OCR adapter (server/recognition/tencent-ocr.ts) with Tencent's SDK against a
 * local stand-in of the OCR API (support/tencent-ocr-standin.ts): the ID card's sides and the
 * licence's main page are read with the right action, side and region, signed as Tencent checks,
 * into the form's terms; a photo of another side or document, Tencent's documented refusals, a
 * timeout and an unreachable service become the reader's refusals; nothing read reaches a log
 * line or an error. No database.
 */
import { randomBytes } from 'node:crypto'
import { DocumentReadError } from '../../server/recognition/document-reader'
import type { DocumentReader } from '../../server/recognition/document-reader'
import { createTencentOcr } from '../../server/recognition/tencent-ocr'
import type { TencentOcrSettings } from '../../server/recognition/tencent-ocr'
import type { UnreadReason } from '../../types/api/apply'
import { freePort } from './support/ports'
import { recordingLog } from './support/recording-log'
import { rejectionOf } from './support/rejection'
import { STANDIN_OCR_REGION, STANDIN_SECRET_KEY, startTencentOcrStandIn } from './support/tencent-ocr-standin'
import type { StandInIdCard, StandInLicence, TencentOcrStandIn } from './support/tencent-ocr-standin'

const SHORT_TIMEOUT_MS = 300
const LATE_ANSWER_MS = 1_000

const ID_CARD: StandInIdCard = {
  kind: 'idCard',
  front: { Name: '李小梅', Sex: '女', Nation: '汉', Birth: '1958/3/2', Address: '广东省深圳市南山区科技园路1号', IdNum: '44030519580302002x' },
  back: { Authority: '深圳市公安局南山分局', ValidDate: '2008.06.20-2028.06.20' },
}
const LIFELONG_CARD: StandInIdCard = { ...ID_CARD, back: { Authority: '深圳市公安局南山分局', ValidDate: '2015.05.05-长期' } }
const LICENCE: StandInLicence = {
  kind: 'licence',
  front: {
    PlateNo: '粤b12345',
    VehicleType: '小型普通客车',
    Owner: '李小梅',
    Address: '广东省深圳市南山区科技园路1号',
    UseCharacter: '非营运',
    Model: '大众汽车牌FV7152FBDBG',
    Vin: 'lfv2a21k157402375',
    EngineNo: 'ea211123456',
    RegisterDate: '2019-05-20',
    IssueDate: '2019-05-21',
    Seal: '深圳市公安局交通警察支队',
  },
}

/** A photo's bytes: a JPEG's start, then noise (the stand-in knows a photo by its bytes). */
const photo = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(512)])

let standIn: TencentOcrStandIn
let reader: DocumentReader
const front = photo()
const back = photo()
const lifelongBack = photo()
const licence = photo()
const unknown = photo()

beforeAll(async () => {
  standIn = await startTencentOcrStandIn()
  standIn.knows(front, { card: ID_CARD, side: 'FRONT' })
  standIn.knows(back, { card: ID_CARD, side: 'BACK' })
  standIn.knows(lifelongBack, { card: LIFELONG_CARD, side: 'BACK' })
  standIn.knows(licence, { card: LICENCE })
  reader = createTencentOcr(standIn.settings())
})
afterAll(() => standIn.close())

const quiet = () => recordingLog().log
const readerWith = (overrides: Partial<TencentOcrSettings>) => createTencentOcr(standIn.settings(overrides))
const lastReading = () => standIn.readings[standIn.readings.length - 1]
const refusalOf = (call: Promise<unknown>) => rejectionOf(call, DocumentReadError)

describe('reading', () => {
  it("reads the ID card's portrait side: the name, the number (upper case) and the address", async () => {
    const { log, lines } = recordingLog()
    await expect(reader.read('idCardFront', front, log)).resolves.toEqual({
      document: 'idCardFront',
      outcome: 'read',
      text: { name: '李小梅', idNumber: '44030519580302002X', address: '广东省深圳市南山区科技园路1号' },
    })
    expect(lastReading()).toEqual({ action: 'IDCardOCR', cardSide: 'FRONT', region: STANDIN_OCR_REGION, imageBytes: front.toString('base64').length })
    // The log line says a photo was read, and nothing of what it says.
    expect(lines).toHaveLength(1)
    expect(lines.join('\n')).not.toMatch(/李小梅|44030519580302002|科技园/)
  })

  it("reads the emblem side's validity and authority; a card valid for life has no end", async () => {
    await expect(reader.read('idCardBack', back, quiet())).resolves.toEqual({
      document: 'idCardBack',
      outcome: 'read',
      text: { validFrom: '2008.06.20', validUntil: '2028.06.20', authority: '深圳市公安局南山分局' },
    })
    expect(lastReading()).toMatchObject({ action: 'IDCardOCR', cardSide: 'BACK' })
    await expect(reader.read('idCardBack', lifelongBack, quiet())).resolves.toEqual({
      document: 'idCardBack',
      outcome: 'read',
      text: { validFrom: '2015.05.05', authority: '深圳市公安局南山分局' },
    })
  })

  it("reads the licence's main page into the form's terms, plate, VIN and engine number upper case", async () => {
    await expect(reader.read('drivingLicense', licence, quiet())).resolves.toEqual({
      document: 'drivingLicense',
      outcome: 'read',
      text: {
        plateNumber: '粤B12345',
        vehicleType: '小型普通客车',
        owner: '李小梅',
        address: '广东省深圳市南山区科技园路1号',
        model: '大众汽车牌FV7152FBDBG',
        vin: 'LFV2A21K157402375',
        engineNo: 'EA211123456',
        registerDate: '2019-05-20',
        issueDate: '2019-05-21',
      },
    })
    expect(lastReading()).toMatchObject({ action: 'VehicleLicenseOCR', cardSide: 'FRONT' })
  })
})

describe('a photo of something else', () => {
  it.each([
    ['the emblem side as the portrait side', 'idCardFront', () => back],
    ['the portrait side as the emblem side', 'idCardBack', () => front],
    ['the licence as the ID card', 'idCardFront', () => licence],
    ['the ID card as the licence', 'drivingLicense', () => front],
    ['a photo with no card as the ID card', 'idCardFront', () => unknown],
  ] as const)('%s is the wrong document', async (_what, document, image) => {
    const error = await refusalOf(reader.read(document, image(), quiet()))
    expect(error.reason).toBe('wrongDocument')
  })

  it('a photo Tencent finds nothing in as the licence cannot be read', async () => {
    await expect(refusalOf(reader.read('drivingLicense', unknown, quiet()))).resolves.toMatchObject({ reason: 'unreadable', providerCode: 'FailedOperation.OcrFailed' })
  })

  it('bytes that are no image cannot be read (Tencent cannot decode them)', async () => {
    await expect(refusalOf(reader.read('idCardFront', Buffer.from('not an image'), quiet()))).resolves.toMatchObject({
      reason: 'unreadable',
      providerCode: 'FailedOperation.ImageDecodeFailed',
    })
  })
})

describe("Tencent's refusals", () => {
  const REFUSALS: ReadonlyArray<readonly [string, UnreadReason]> = [
    ['FailedOperation.ImageBlur', 'unreadable'],
    ['FailedOperation.ImageNoText', 'unreadable'],
    ['FailedOperation.IdCardInfoIllegal', 'unreadable'],
    ['FailedOperation.MultiCardError', 'unreadable'],
    ['LimitExceeded.TooLargeFileError', 'unreadable'],
    ['FailedOperation.ImageNoIdCard', 'wrongDocument'],
    ['FailedOperation.ArrearsError', 'unavailable'],
    ['ResourceUnavailable.InArrears', 'unavailable'],
    ['FailedOperation.UnOpenError', 'unavailable'],
    ['InternalError', 'unavailable'],
  ]

  it.each(REFUSALS)('%s is %s', async (code, reason) => {
    standIn.failNext({ code, message: `refused: ${code}` })
    const error = await refusalOf(reader.read('idCardFront', front, quiet()))

    expect(error).toMatchObject({ reason, providerCode: code })
    expect(error.message).toContain(code)
  })
})

describe('the signature Tencent checks, and a slow or unreachable service', () => {
  it('a wrong secret key is refused by Tencent (SignatureFailure): unavailable', async () => {
    const error = await refusalOf(readerWith({ secretKey: `x${STANDIN_SECRET_KEY.slice(1)}` }).read('idCardFront', front, quiet()))
    expect(error).toMatchObject({ reason: 'unavailable', providerCode: 'AuthFailure.SignatureFailure' })
  })

  it('gives up after timeoutMs: unavailable (TIMEOUT)', async () => {
    standIn.delayNext(LATE_ANSWER_MS)
    const error = await refusalOf(readerWith({ timeoutMs: SHORT_TIMEOUT_MS }).read('drivingLicense', licence, quiet()))
    expect(error).toMatchObject({ reason: 'unavailable', providerCode: 'TIMEOUT' })
  })

  it('an unreachable service is unavailable', async () => {
    const error = await refusalOf(readerWith({ proxy: `http://127.0.0.1:${await freePort()}` }).read('idCardFront', front, quiet()))
    expect(error.reason).toBe('unavailable')
    expect(error.providerCode).not.toMatch(/^(AuthFailure|FailedOperation)/)
  })

  it('cannot be made for a host that is not ocr.…, nor without keys', () => {
    expect(() => readerWith({ endpoint: '127.0.0.1:8080' })).toThrow(/ocr\./)
    expect(() => readerWith({ secretKey: '' })).toThrow(/secretKey/)
    expect(reader.simulated).toBeFalsy()
  })
})
