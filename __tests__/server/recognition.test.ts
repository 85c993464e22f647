/**
 * Reading an uploaded photo for the form (POST recognizePhoto, issue 31): the simulated OCR
 * provider reads the demo photos as the demo person's papers and nothing else; the caller reads
 * only their own order's ID card sides and licence; a photo that cannot be read is an answer that
 * says why, never an error; the Tencent adapter serves the same route against its stand-in; what
 * is read reaches no log line and no table; the simulator serves the demo photos outside
 * production only.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { PhotoReading, ReadableDocument, UploadResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import type { DocumentReader } from '../../server/recognition/document-reader'
import { createTencentOcr } from '../../server/recognition/tencent-ocr'
import { DEMO_PERSON, DEMO_PHOTO_FOLDER, DEMO_PHOTO_PATH, DEMO_PHOTOS, createOcrSimulator, demoPhotoFile, jpegSize } from '../../server/simulators/ocr-simulator'
import { loadConfig } from '../../server/config'
import { envelope } from './support/api'
import { configProblems } from './support/config-problems'
import { apiClient } from './support/api-client'
import { expectLoginEnforced } from './support/login-checks'
import { JPEG_BYTES, PHONES, createOrder, data, login, seedOrderFixtures, upload } from './support/orders'
import { realOutsidePartyStubs } from './support/outside-party-stubs'
import { startTencentOcrStandIn } from './support/tencent-ocr-standin'
import type { TencentOcrStandIn } from './support/tencent-ocr-standin'
import { createTestApp, testConfig } from './support/test-app'
import type { TestApp } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'

const demoPhoto = (document: ReadableDocument): Buffer => readFileSync(path.join(DEMO_PHOTO_FOLDER, demoPhotoFile(document)))

/** The upload of each readable document (and the vehicle front, which is not read). */
const UPLOADS = {
  idCardFront: { contract: API.uploadIdCardH5, fields: { side: 'front' } },
  idCardBack: { contract: API.uploadIdCardH5, fields: { side: 'back' } },
  drivingLicense: { contract: API.uploadDrivingLicenseH5, fields: {} },
  vehicleFront: { contract: API.uploadImageH5, fields: { imageType: 'vehicleFront' } },
} as const

describe('the OCR provider in the configuration', () => {
  const problemsOf = (env: Record<string, string>) => configProblems(() => loadConfig(env, '/tmp/etc-apply-test'))

  it('is the simulator outside production unless OCR_PROVIDER=tencent, which reads its account', () => {
    expect(loadConfig({ APP_ENV: 'development' }, '/tmp/etc-apply-test')).toMatchObject({ outsideParties: { ocr: 'simulated' }, ocrAccount: undefined })
    const config = loadConfig({ APP_ENV: 'development', OCR_PROVIDER: 'tencent', TENCENT_OCR_SECRET_ID: 'AKIDexample', TENCENT_OCR_SECRET_KEY: 'secret-key', TENCENT_OCR_REGION: 'ap-shanghai' }, '/tmp/etc-apply-test')
    expect(config.ocrAccount).toEqual({ secretId: 'AKIDexample', secretKey: 'secret-key', region: 'ap-shanghai', endpoint: undefined })
  })

  it('names every missing setting and an unknown provider, and refuses the simulator in production', () => {
    expect(problemsOf({ APP_ENV: 'development', OCR_PROVIDER: 'tencent' })).toEqual([
      'TENCENT_OCR_SECRET_ID must be set',
      'TENCENT_OCR_SECRET_KEY must be set (or TENCENT_OCR_SECRET_KEY_FILE, a file holding it)',
    ])
    expect(problemsOf({ APP_ENV: 'development', OCR_PROVIDER: 'baidu' })).toEqual(['OCR_PROVIDER must be "simulated" or "tencent"'])
    expect(problemsOf({ APP_ENV: 'production' })).toContain('OCR_PROVIDER=simulated is refused in production: set OCR_PROVIDER=tencent')
  })
})

describe('the demo photos', () => {
  it.each(Object.entries(DEMO_PHOTOS))('%s is a JPEG of its demo size, below the size the app compresses to', (document, size) => {
    expect(jpegSize(demoPhoto(document as ReadableDocument))).toEqual(size)
  })

  it('are read by the simulator as the demo person, each only as itself', async () => {
    const simulator = createOcrSimulator()
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() } as never
    await expect(simulator.read('idCardFront', demoPhoto('idCardFront'), log)).resolves.toMatchObject({ text: { name: DEMO_PERSON.name, idNumber: DEMO_PERSON.idNumber } })
    await expect(simulator.read('idCardFront', demoPhoto('drivingLicense'), log)).rejects.toMatchObject({ reason: 'wrongDocument' })
    await expect(simulator.read('drivingLicense', JPEG_BYTES, log)).rejects.toMatchObject({ reason: 'unreadable' })
    expect(simulator.simulated).toBe(true)
  })

  it('knows a JPEG by its frame header, past other segments, and nothing else', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x1d, 0x03, 0x59]
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...app0, ...frame, 0, 0]))).toEqual({ width: 857, height: 541 })
    expect(jpegSize(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeUndefined()
    expect(jpegSize(Buffer.from([0xff, 0xd8, ...app0]))).toBeUndefined()
  })
})

describeDb('recognizePhoto', () => {
  const database = databasePerFile()
  let test: TestApp
  let owner: TokenGrant
  let orderId: string
  const api = apiClient(() => test)

  async function start(ocr?: DocumentReader): Promise<void> {
    test = await createTestApp(database.db, ocr ? { ocr } : {})
    owner = await login(test, PHONES.owner)
    orderId = await createOrder(test, owner)
  }

  async function uploaded(document: keyof typeof UPLOADS, bytes: Buffer, grant = owner, order = orderId): Promise<string> {
    const { contract, fields } = UPLOADS[document]
    return data<UploadResponse>(await upload(test, grant, contract.path, { orderId: order, ...fields }, [{ content: bytes }])).fileId
  }

  const recognize = (fileId: string, grant = owner, order = orderId) => api.call(API.recognizePhoto, { orderId: order, fileId }, { as: grant })
  const reading = async (fileId: string) => data<PhotoReading>(await recognize(fileId))

  beforeEach(async () => seedOrderFixtures(database.db))
  afterEach(async () => test.close())

  describe('with the simulator', () => {
    beforeEach(async () => start())

    it("reads the demo photos as the demo person's ID card and licence", async () => {
      await expect(reading(await uploaded('idCardFront', demoPhoto('idCardFront')))).resolves.toEqual({
        document: 'idCardFront',
        outcome: 'read',
        text: { name: DEMO_PERSON.name, idNumber: DEMO_PERSON.idNumber, address: DEMO_PERSON.address },
      })
      await expect(reading(await uploaded('idCardBack', demoPhoto('idCardBack')))).resolves.toMatchObject({ document: 'idCardBack', outcome: 'read', text: { validUntil: expect.any(String) } })
      await expect(reading(await uploaded('drivingLicense', demoPhoto('drivingLicense')))).resolves.toMatchObject({
        document: 'drivingLicense',
        outcome: 'read',
        text: { plateNumber: DEMO_PERSON.plateNumber, owner: DEMO_PERSON.name, model: DEMO_PERSON.vehicleInfo, vin: DEMO_PERSON.vin, engineNo: DEMO_PERSON.engineNo },
      })
    })

    it('answers another photo as unreadable and a demo photo uploaded as another document as the wrong one: answers, not errors', async () => {
      await expect(reading(await uploaded('idCardFront', JPEG_BYTES))).resolves.toEqual({ document: 'idCardFront', outcome: 'unread', reason: 'unreadable' })
      await expect(reading(await uploaded('drivingLicense', demoPhoto('idCardFront')))).resolves.toEqual({ document: 'drivingLicense', outcome: 'unread', reason: 'wrongDocument' })
    })

    it("reads no vehicle front photo, no other person's photo and no photo of another order", async () => {
      const vehicle = await recognize(await uploaded('vehicleFront', demoPhoto('idCardFront')))
      expect(vehicle.statusCode).toBe(400)
      expect(envelope(vehicle).msg).toBe('该照片无需识别')

      const front = await uploaded('idCardFront', demoPhoto('idCardFront'))
      const other = await login(test, PHONES.other)
      const otherOrder = await createOrder(test, other, '粤B54321')
      expect((await recognize(front, other, otherOrder)).statusCode).toBe(404)
      expect((await recognize(front, other, orderId)).statusCode).toBe(404)
      const secondOrder = await createOrder(test, owner, '粤B67890')
      expect((await recognize(front, owner, secondOrder)).statusCode).toBe(404)
      expect((await recognize('Fffffffffffffffffffffffff')).statusCode).toBe(404)
    })

    it('needs a login', async () => {
      const fileId = await uploaded('idCardFront', demoPhoto('idCardFront'))
      await expectLoginEnforced(test, api.request(API.recognizePhoto, { orderId, fileId }), owner)
    })

    it('writes nothing it read to the log', async () => {
      await reading(await uploaded('idCardFront', demoPhoto('idCardFront')))
      await reading(await uploaded('drivingLicense', demoPhoto('drivingLicense')))
      const logs = test.logs.text()
      for (const value of [DEMO_PERSON.name, DEMO_PERSON.idNumber, DEMO_PERSON.vin, DEMO_PERSON.engineNo, DEMO_PERSON.plateNumber, DEMO_PERSON.address]) expect(logs).not.toContain(value)
    })

    it('serves the demo photos for `npm start`, and nothing else under their path', async () => {
      for (const document of Object.keys(DEMO_PHOTOS) as ReadableDocument[]) {
        const response = await test.inject({ method: 'GET', url: DEMO_PHOTO_PATH.replace('{file}', demoPhotoFile(document)) })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('image/jpeg')
        expect(response.rawPayload.equals(demoPhoto(document))).toBe(true)
      }
      expect((await test.inject({ method: 'GET', url: DEMO_PHOTO_PATH.replace('{file}', '..%2Fdemo-photos%2FidCardFront.jpg') })).statusCode).toBe(404)
      expect((await test.inject({ method: 'GET', url: DEMO_PHOTO_PATH.replace('{file}', 'vehicleFront.jpg') })).statusCode).toBe(404)
    })
  })

  describe('with Tencent Cloud OCR (its stand-in)', () => {
    let standIn: TencentOcrStandIn
    beforeAll(async () => {
      standIn = await startTencentOcrStandIn()
    })
    afterAll(() => standIn.close())

    it('reads through the adapter, and a refusal is an answer that says why', async () => {
      await start(createTencentOcr(standIn.settings()))
      const front = demoPhoto('idCardFront')
      standIn.knows(front, {
        card: {
          kind: 'idCard',
          front: { Name: '王五', Sex: '男', Nation: '汉', Birth: '1950/1/1', Address: '上海市黄浦区中山东一路1号', IdNum: '310101195001010016' },
          back: { Authority: '上海市公安局黄浦分局', ValidDate: '2010.01.01-2030.01.01' },
        },
        side: 'FRONT',
      })
      const fileId = await uploaded('idCardFront', front)
      await expect(reading(fileId)).resolves.toEqual({ document: 'idCardFront', outcome: 'read', text: { name: '王五', idNumber: '310101195001010016', address: '上海市黄浦区中山东一路1号' } })
      standIn.failNext({ code: 'FailedOperation.ImageBlur', message: '图片模糊' })
      await expect(reading(fileId)).resolves.toEqual({ document: 'idCardFront', outcome: 'unread', reason: 'unreadable' })
      expect(test.logs.text()).toContain('FailedOperation.ImageBlur')
      expect(test.logs.text()).not.toContain('310101195001010016')
      // A real reader serves no demo photo.
      expect((await test.inject({ method: 'GET', url: DEMO_PHOTO_PATH.replace('{file}', demoPhotoFile('idCardFront')) })).statusCode).toBe(404)
    })
  })

  it('a production app with a real reader serves no demo photo either', async () => {
    test = await createTestApp(database.db, { config: testConfig({ production: true, smsSimulator: false }), ...realOutsidePartyStubs() })
    expect((await test.inject({ method: 'GET', url: DEMO_PHOTO_PATH.replace('{file}', demoPhotoFile('idCardFront')) })).statusCode).toBe(404)
  })
})
