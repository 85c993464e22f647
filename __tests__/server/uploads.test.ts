/**
 * Photo uploads on the six paths and the image read back: certificate bits (the ID card's only
 * with both sides), type from the bytes, the 10 MB limit, one file per request, the caller's own
 * open unsubmitted order only, nothing stored when refused, images served to their owner only.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { UploadResponse } from '../../types/api/apply'
import { MAX_UPLOAD_BYTES } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { CERTIFICATE } from '../../src/domain/certificates'
import { uploads } from '../../server/db/schema'
import type { RandomSource } from '../../server/runtime/random'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { bearer, envelope, pathOf } from './support/api'
import { apiClient } from './support/api-client'
import { expectLoginEnforced } from './support/login-checks'
import {
  JPEG_BYTES,
  PHONES,
  PNG_BYTES,
  WEBP_BYTES,
  createOrder,
  data,
  login,
  orderRow,
  seedOrderFixtures,
  submittedOrder,
  upload,
} from './support/orders'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { databasePerFile, describeDb } from './support/test-database'

type MemoryStorage = ReturnType<typeof createMemoryFileStorage>

const UPLOAD_PATHS: readonly [string, Endpoint, Record<string, string>, number][] = [
  ['h5 driving licence', API.uploadDrivingLicenseH5, {}, CERTIFICATE.DRIVING_LICENCE],
  ['mini-program driving licence', API.uploadDrivingLicense, {}, CERTIFICATE.DRIVING_LICENCE],
  ['h5 vehicle front', API.uploadImageH5, { imageType: 'vehicleFront' }, CERTIFICATE.VEHICLE_FRONT],
  ['mini-program road transport permit', API.uploadImage, { imageType: 'roadTransport' }, CERTIFICATE.ROAD_TRANSPORT_PERMIT],
  ['h5 motor licence', API.uploadImageH5, { imageType: 'motorLicence' }, CERTIFICATE.MOTOR_LICENCE],
]

/** A JPEG of exactly `size` bytes. */
function jpegOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20)
  JPEG_BYTES.copy(bytes)
  return bytes
}

describeDb('upload routes', () => {
  const database = databasePerFile()
  let test: TestApp
  let storage: MemoryStorage
  let owner: TokenGrant
  let orderId: string

  async function start(random?: RandomSource): Promise<void> {
    storage = createMemoryFileStorage()
    test = await createTestApp(database.db, { storage, ...(random ? { random } : {}) })
    owner = await login(test, PHONES.owner)
    orderId = await createOrder(test, owner)
  }

  beforeEach(async () => seedOrderFixtures(database.db))
  afterEach(async () => test.close())

  const uploadRows = () => database.db.select().from(uploads)
  const api = apiClient(() => test)
  const image = (grant: TokenGrant | undefined, fileId: string) => api.call(API.image, { fileId }, { as: grant })
  const expectNothingStored = async (response: LightMyRequestResponse) => {
    expect(storage.keys()).toEqual([])
    expect(await uploadRows()).toEqual([])
    expect((await orderRow(database.db, orderId)).certificatesCommitState).toBe(0)
    return response
  }

  describe('with a regular app', () => {
    beforeEach(async () => start())

    it('needs a valid token to upload', async () => {
      await expectLoginEnforced(test, api.uploadRequest(API.uploadDrivingLicenseH5, { orderId }, [{ content: JPEG_BYTES }]), owner)
    })

    it('needs a valid token to read an image', async () => {
      const uploaded = data<UploadResponse>(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }))
      await test.inject({ method: 'GET', url: uploaded.url, headers: bearer(owner) }).then((response) => expect(response.statusCode).toBe(200))
      const missing = await test.inject({ method: 'GET', url: uploaded.url })
      expect(missing.statusCode).toBe(401)
      test.clock.advance((owner.expireIn + 1) * 1000)
      expect((await test.inject({ method: 'GET', url: uploaded.url, headers: bearer(owner) })).statusCode).toBe(401)
    })

    it.each(UPLOAD_PATHS)('stores a %s photo and sets its certificate bit', async (_case, contract, fields, bit) => {
      const response = await upload(test, owner, contract.path, { orderId, ...fields })
      const uploaded = data<UploadResponse>(response)
      expect(uploaded).toEqual({ fileId: expect.stringMatching(/^F[0-9a-f]{24}$/), url: pathOf(API.image.path, { fileId: uploaded.fileId }), certificatesCommitSate: bit })
      expect((await orderRow(database.db, orderId)).certificatesCommitState).toBe(bit)
      const [row] = await uploadRows()
      expect(row).toMatchObject({ id: uploaded.fileId, orderId, certificateBit: bit, mime: 'image/jpeg', sizeBytes: JPEG_BYTES.length })
      expect(row?.storageKey).toMatch(/^images\/[0-9a-f]{32}\.jpg$/)
      expect(storage.keys()).toEqual([row?.storageKey])
    })

    it.each([
      ['h5', API.uploadIdCardH5],
      ['mini-program', API.uploadIdCard],
    ])('sets the ID card bit (%s path) only once both sides are there', async (_case, contract) => {
      const front = data<UploadResponse>(await upload(test, owner, contract.path, { orderId, side: 'front' }))
      expect(front.certificatesCommitSate).toBe(0)
      const again = data<UploadResponse>(await upload(test, owner, contract.path, { orderId, side: 'front' }))
      expect(again.certificatesCommitSate).toBe(0)
      const back = data<UploadResponse>(await upload(test, owner, contract.path, { orderId, side: 'back' }))
      expect(back.certificatesCommitSate).toBe(CERTIFICATE.ID_CARD)
      expect((await orderRow(database.db, orderId)).certificatesCommitState).toBe(CERTIFICATE.ID_CARD)
    })

    it('combines the bits of every photo', async () => {
      for (const [, contract, fields] of UPLOAD_PATHS) data(await upload(test, owner, contract.path, { orderId, ...fields }))
      const expected = CERTIFICATE.DRIVING_LICENCE | CERTIFICATE.VEHICLE_FRONT | CERTIFICATE.ROAD_TRANSPORT_PERMIT | CERTIFICATE.MOTOR_LICENCE
      expect((await orderRow(database.db, orderId)).certificatesCommitState).toBe(expected)
    })

    it('replaces an earlier photo of the same kind, row and file', async () => {
      const first = data<UploadResponse>(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }))
      const second = data<UploadResponse>(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content: PNG_BYTES }]))
      const rows = await uploadRows()
      expect(rows.map((row) => row.id)).toEqual([second.fileId])
      expect(storage.keys()).toEqual([rows[0]?.storageKey])
      expect((await image(owner, first.fileId)).statusCode).toBe(404)
    })

    it.each([
      ['PNG', PNG_BYTES, 'image/png', 'png'],
      ['WebP', WEBP_BYTES, 'image/webp', 'webp'],
    ])('takes the type of a %s from the bytes, not the name or declared type', async (_case, content, mime, extension) => {
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content, filename: 'photo.jpg', contentType: 'image/jpeg' }])
      const uploaded = data<UploadResponse>(response)
      const [row] = await uploadRows()
      expect(row?.mime).toBe(mime)
      expect(row?.storageKey.endsWith(`.${extension}`)).toBe(true)
      const served = await image(owner, uploaded.fileId)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe(mime)
      expect(served.rawPayload.equals(content)).toBe(true)
    })

    it.each([
      ['a text file named like an image', Buffer.from('hello, not an image'), '仅支持JPG、PNG或WebP格式的图片'],
      ['a GIF', Buffer.from('GIF89a....'), '仅支持JPG、PNG或WebP格式的图片'],
      ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), '仅支持JPG、PNG或WebP格式的图片'],
      ['an empty file', Buffer.alloc(0), '图片内容为空，请重新选择'],
    ])('refuses %s with business code 2005 and stores nothing', async (_case, content, message) => {
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content, filename: 'photo.jpg', contentType: 'image/jpeg' }])
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ code: 2005, msg: message, data: null })
      await expectNothingStored(response)
    })

    it('accepts an image of exactly 10 MB', async () => {
      const content = jpegOfSize(MAX_UPLOAD_BYTES)
      const uploaded = data<UploadResponse>(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content }]))
      expect((await uploadRows())[0]?.sizeBytes).toBe(MAX_UPLOAD_BYTES)
      expect((await image(owner, uploaded.fileId)).rawPayload.length).toBe(MAX_UPLOAD_BYTES)
    })

    it('refuses an image over 10 MB with business code 2005 and stores nothing', async () => {
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content: jpegOfSize(MAX_UPLOAD_BYTES + 1) }])
      expect(response.json()).toEqual({ code: 2005, msg: '图片不能超过10MB', data: null })
      await expectNothingStored(response)
    })

    it('refuses two files in one request and stores nothing', async () => {
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }, [{ content: JPEG_BYTES }, { content: PNG_BYTES }])
      expect(response.json()).toEqual({ code: 2005, msg: '每次只能上传一张图片', data: null })
      await expectNothingStored(response)
    })

    it.each([
      ['no file', API.uploadDrivingLicenseH5, () => ({ orderId }), [], '请选择要上传的图片'],
      ['no orderId', API.uploadDrivingLicenseH5, () => ({}), undefined, '参数 orderId 不能为空'],
      ['no side for an ID card', API.uploadIdCardH5, () => ({ orderId }), undefined, '参数 side 取值无效，可选值：front、back'],
      ['an unknown side', API.uploadIdCardH5, () => ({ orderId, side: 'inside' }), undefined, '参数 side 取值无效，可选值：front、back'],
      ['an unknown image type', API.uploadImageH5, () => ({ orderId, imageType: 'selfie' }), undefined, '参数 imageType 取值无效，可选值：vehicleFront、roadTransport、motorLicence'],
      ['the file under another field', API.uploadDrivingLicenseH5, () => ({ orderId }), [{ field: 'image', content: JPEG_BYTES }], '图片应放在表单字段 file 中'],
      ['a hostile orderId', API.uploadDrivingLicenseH5, () => ({ orderId: '../../etc/passwd' }), undefined, '参数 orderId 格式不正确'],
    ])('answers %s with a 400', async (_case, contract, fields, files, message) => {
      const response = await upload(test, owner, contract.path, fields(), files)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe(message)
      await expectNothingStored(response)
    })

    it('answers a JSON body with a 400', async () => {
      const response = await api.malformed(API.uploadDrivingLicenseH5, { orderId }, { as: owner })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('请以 multipart/form-data 表单上传图片')
    })

    it('refuses a prototype-poisoning field name with a 400', async () => {
      const fields = JSON.parse(`{"__proto__":"x","orderId":"${orderId}"}`) as Record<string, string>
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, fields)
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toBe('请求格式不正确')
      await expectNothingStored(response)
    })

    it("answers another user's order as not found and stores nothing", async () => {
      const other = await login(test, PHONES.other)
      const response = await upload(test, other, API.uploadDrivingLicenseH5.path, { orderId })
      expect(response.json()).toEqual({ code: 404, msg: '订单不存在', data: null })
      await expectNothingStored(response)
    })

    it('refuses photos for a submitted order', async () => {
      const submitted = await submittedOrder(test, owner, { plateNumber: '沪C67890' })
      const before = storage.keys().length
      const response = await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId: submitted })
      expect(response.json()).toEqual({ code: 2003, msg: '订单已提交，不能再修改资料', data: null })
      expect(storage.keys()).toHaveLength(before)
    })

    it('serves an image to its owner only, never cached (personal data)', async () => {
      const uploaded = data<UploadResponse>(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }))
      const served = await image(owner, uploaded.fileId)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/jpeg')
      expect(served.headers['cache-control']).toBe('no-store')
      expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true)

      const other = await login(test, PHONES.other)
      const foreign = await image(other, uploaded.fileId)
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json()).toEqual({ code: 404, msg: '无效的请求，请求地址不存在', data: null })
      expect((await image(owner, 'F000000000000000000000000')).statusCode).toBe(404)
      expect((await image(owner, '..%2F..%2Fsecret')).statusCode).toBe(400)
    })
  })

  it('removes the stored file when the database write fails', async () => {
    // File ids repeat (12 random bytes fixed); storage names stay random: the second upload's row
    // insert fails on the duplicate id after its file was stored.
    const fixed: RandomSource = {
      bytes: (size) => (size === 12 ? Buffer.alloc(12, 7) : randomBytes(size)),
      int: (max) => Math.floor(Math.random() * max),
    }
    await start(fixed)
    data(await upload(test, owner, API.uploadDrivingLicenseH5.path, { orderId }))
    const firstKeys = storage.keys()
    const response = await upload(test, owner, API.uploadImageH5.path, { orderId, imageType: 'vehicleFront' })
    expect(response.statusCode).toBe(500)
    expect(storage.keys()).toEqual(firstKeys)
    expect(await database.db.select().from(uploads).where(eq(uploads.orderId, orderId))).toHaveLength(1)
    expect((await orderRow(database.db, orderId)).certificatesCommitState).toBe(CERTIFICATE.DRIVING_LICENCE)
  })
})
